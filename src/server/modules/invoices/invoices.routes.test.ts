import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { addDays } from '../../../domain/business-date.js';
import type { ImportReport } from '../../../domain/imports.schema.js';
import type { InvoiceDetail, InvoiceSummary } from '../../../domain/invoice.schema.js';
import { invoiceLines, invoices, orders } from '../../db/schema.js';

/**
 * The invoices file and the invoices (design.md 8.4, decision 076): each invoice is checked line
 * by line against its order and the posted prices; a later file with the same invoice number
 * replaces its lines; a customer reads only their own.
 */
describe('invoices: the file, the check and who reads them', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let admin: string;
  let bar: string;
  let barId: number;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  let webOrder: string;
  let erpOrder: string;
  const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

  const upload = async (path: string, lines: string[], query = '') => {
    const file = multipartFile(`${lines.join('\n')}\n`, { fileName: 'file.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}${query}`,
      payload: file.payload,
      headers: { ...file.headers, cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportReport;
  };
  const list = async (cookie = bar) => {
    const res = await calls.call('GET', `/Customer/${barId}/Invoices`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InvoiceSummary[];
  };
  const invoice = async (num: string, cookie = bar) => {
    const id = (await list()).find((i) => i.InvoiceNum === num)!.Id;
    const res = await calls.call('GET', `/Invoice/${id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InvoiceDetail;
  };

  beforeAll(async () => {
    t = await createOrderTestApp('invoices', { now: () => TEST_NOW });
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    bar = await signInCustomer(t.app);
    const customer = await customerByCompany(t.db, 1001);
    barId = customer.id;
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    const date = body.DeliveryDate;
    const [a, , c] = body.ProductQuantities.map((l) => l.Code);
    // The posted book: A at $28.00, $26.00 from 5 cases; C at $19.99.
    await upload('PriceImport', [
      `T${customer.customerTypeId}\t${a}\t28.00\t\t1.20\t1\t${mdy(addDays(date, -3))}\t${mdy(addDays(date, 10))}`,
      `T${customer.customerTypeId}\t${a}\t26.00\t\t1.20\t5\t${mdy(addDays(date, -3))}\t${mdy(addDays(date, 10))}`,
      `T${customer.customerTypeId}\t${c}\t19.99\t\t\t1\t${mdy(addDays(date, -3))}\t`,
    ]);
    webOrder = (await calls.place(bar, body)).orderNum;
    const [erp] = await t.db
      .select({ num: orders.orderNum })
      .from(orders)
      .where(and(eq(orders.customerId, barId), eq(orders.source, 'import')))
      .orderBy(desc(orders.deliveryDate))
      .limit(1);
    erpOrder = erp!.num;
  });
  afterAll(() => t?.close());

  it('imports an invoice, checks it against the order and the posted prices, and lists it', async () => {
    const [a, , c] = body.ProductQuantities.map((l) => l.Code);
    const day = mdy(addDays(body.DeliveryDate, 1));
    const due = mdy(addDays(body.DeliveryDate, 31));
    const report = await upload('InvoiceImport', [
      'INVOICE_NUMBER\tORDER_NUMBER\tINVOICE_DATE\tDUE_DATE\tITEM_CODE\tCASES\tUNITS\tCASE_PRICE\tDEPOSIT\tFEE_DESCRIPTION\tFEE_AMOUNT\tPAID',
      // A: 2 ordered, 1 sent at $29.00 against the posted $28.00.
      `INV-1\t${webOrder}\t${day}\t${due}\t${a}\t1\t0\t29.00\t1.20\t\t\tN`,
      // C: as ordered, at the posted price.
      `INV-1\t${webOrder}\t${day}\t${due}\t${c}\t1\t0\t19.99\t\t\t\tN`,
      `INV-1\t${webOrder}\t${day}\t${due}\t\t\t\t\t\tFuel surcharge\t4.50\tN`,
      `INV-2\t${erpOrder}\t${day}\t${day}\t${a}\t1\t0\t28.00\t\t\t\tY`,
      // Refused: an order the site does not know, an item it does not know.
      `INV-3\t9999999\t${day}\t${due}\t${a}\t1\t0\t28.00\t\t\t\tN`,
      `INV-4\t${webOrder}\t${day}\t${due}\tNO-SUCH\t1\t0\t28.00\t\t\t\tN`,
    ]);
    expect(report).toMatchObject({ Kind: 'Invoices', Lines: 6, Inserted: 4, Updated: 0, RejectedCount: 2 });
    expect(report.Rejected.map((r) => [r.Line, r.Message])).toEqual([
      [
        6,
        'Order 9999999 is not known: an invoice is for a web order or one in the order history (import the order history first)',
      ],
      [7, 'Product NO-SUCH does not exist'],
    ]);

    const listed = await list();
    const one = listed.find((i) => i.InvoiceNum === 'INV-1')!;
    // $29.00 + $1.20 deposit + $19.99 + $4.50.
    expect(one).toMatchObject({
      OrderNum: webOrder,
      InvoiceDate: addDays(body.DeliveryDate, 1),
      DueDate: addDays(body.DeliveryDate, 31),
      Total: 5469,
      Paid: false,
      FlagCount: 3,
    });
    expect(listed.find((i) => i.InvoiceNum === 'INV-2')).toMatchObject({ OrderNum: erpOrder, Paid: true });

    const checked = await invoice('INV-1');
    expect(checked.Lines.find((l) => l.Code === a)).toMatchObject({
      Cases: 1,
      OrderedCases: 2,
      CasePrice: 2900,
      PostedCasePrice: 2800,
      Deposit: 120,
      Amount: 2900,
      Flags: ['Short', 'PriceDiffers'],
    });
    expect(checked.Lines.find((l) => l.Code === c)).toMatchObject({
      CasePrice: 1999,
      PostedCasePrice: 1999,
      Flags: [],
    });
    expect(checked.Fees).toEqual([{ Description: 'Fuel surcharge', Amount: 450, Flags: ['FeeNotOnOrder'] }]);
    // Staff read the same check.
    const res = await calls.call('GET', `/Invoice/${checked.Id}`, admin);
    expect(res.json()).toEqual(checked);
  });

  it("replaces an invoice's lines when a later file has the same number; an ordered product left out is short", async () => {
    const [a] = body.ProductQuantities.map((l) => l.Code);
    const day = mdy(addDays(body.DeliveryDate, 1));
    const report = await upload('InvoiceImport', [
      `INV-1\t${webOrder}\t${day}\t${day}\t${a}\t2\t0\t28.00\t1.20\t\t\tY`,
    ]);
    expect(report).toMatchObject({ Inserted: 0, Updated: 1 });
    expect(report.Notes).toContain(
      '2 lines of the invoices this file replaces are not in it: removed (a later file with the same invoice number replaces its lines)',
    );
    const checked = await invoice('INV-1');
    expect(checked).toMatchObject({ Paid: true, Total: 5840, FlagCount: 1 });
    expect(checked.Fees).toEqual([]);
    expect(checked.Lines.map((l) => [l.Code, l.Cases, l.OrderedCases, l.CasePrice, l.Flags])).toEqual([
      [a, 2, 2, 2800, []],
      [body.ProductQuantities[2]!.Code, 0, 1, null, ['Short']],
    ]);
  });

  it('draws the Invoices page and an invoice on the server, with the check (design.md 8.1)', async () => {
    const page = async (url: string, cookie = bar) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const id = (await list()).find((i) => i.InvoiceNum === 'INV-1')!.Id;
    const listed = await page('/order/invoices');
    expect(listed).toContain('INV-1');
    expect(listed).toContain('$58.40');
    const drawn = await page(`/order/invoices/${id}`);
    expect(drawn).toContain(`Short: 1 case ordered, nothing invoiced`);
    // Another customer's invoice is not drawn for them.
    const other = await signInCustomer(t.app, 6001, 60611);
    expect(await page(`/order/invoices/${id}`, other)).not.toContain('INV-1');
  });

  it('previews a file without keeping anything', async () => {
    const before = await t.db.select().from(invoiceLines);
    const [a] = body.ProductQuantities.map((l) => l.Code);
    const day = mdy(addDays(body.DeliveryDate, 1));
    const preview = await upload(
      'InvoiceImport',
      [`INV-9\t${webOrder}\t${day}\t${day}\t${a}\t2\t0\t28.00\t\t\t\tN`],
      '?dryRun=1',
    );
    expect(preview).toMatchObject({ DryRun: true, Inserted: 1 });
    expect(await t.db.select().from(invoices).where(eq(invoices.invoiceNum, 'INV-9'))).toEqual([]);
    expect(await t.db.select().from(invoiceLines)).toEqual(before);
  });

  it("answers another customer's invoice as an unknown one, and their list as an unknown customer", async () => {
    const other = await signInCustomer(t.app, 6001, 60611);
    const id = (await list()).find((i) => i.InvoiceNum === 'INV-1')!.Id;
    const theirs = await calls.call('GET', `/Invoice/${id}`, other);
    const unknown = await calls.call('GET', '/Invoice/2000000000', other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    const listOfOthers = await calls.call('GET', `/Customer/${barId}/Invoices`, other);
    expect(listOfOthers.statusCode).toBe(404);
    expect((await calls.call('GET', `/Invoice/${id}`, null)).statusCode).toBe(401);
  });
});
