import { readFileSync } from 'node:fs';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { fixturePath } from '#support/import-fixtures/read-fixture.js';
import { multipartFile } from '#support/multipart.js';
import {
  customerProducts,
  customers,
  customerTypes,
  orderDeliveredLines,
  orderLines,
  orders,
  products,
} from '../../db/schema.js';
import { BATCH_ROWS } from './import-runner.js';

describe('the four imports', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const upload = (url: string, content: string | Buffer, fileName = 'import.txt') => {
    const body = multipartFile(content, { fileName });
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const fixture = (name: string) => readFileSync(fixturePath(name));
  const customerId = async (companyId: number) =>
    (await t.db.select().from(customers).where(eq(customers.companyId, companyId)))[0]!.id;

  it('imports items: header skipped, CRLF, every flag and type form; a second import changes nothing', async () => {
    const res = await upload('/api/ItemImport', fixture('items-header-crlf.txt'), 'items.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Kind: 'Items',
      FileName: 'items.txt',
      Lines: 7,
      Inserted: 7,
      Updated: 0,
      Unchanged: 0,
      Rejected: [],
      RejectedCount: 0,
      Notes: [],
    });
    const [lemonade] = await t.db.select().from(products).where(eq(products.code, 'FX-101'));
    expect(lemonade).toMatchObject({ type: 1, units: 12, isCaseOnly: false, unitUom: 'BTL', isActive: true });

    const again = await upload('/api/ItemImport', fixture('items-header-crlf.txt'));
    expect(again.json()).toMatchObject({ Lines: 7, Inserted: 0, Updated: 0, Unchanged: 7 });

    const changed = fixture('items-header-crlf.txt')
      .toString()
      .replace('Fixture Water\t24', 'Fixture Water\t12');
    expect((await upload('/api/ItemImport', changed)).json()).toMatchObject({
      Inserted: 0,
      Updated: 1,
      Unchanged: 6,
    });
  });

  it('applies the good lines of an items file and rejects the others with line numbers and reasons', async () => {
    const res = await upload('/api/ItemImport', fixture('items-broken.txt'));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ Lines: 10, Inserted: 2, RejectedCount: 8 });
    expect(report.Rejected.map((r: { Line: number }) => r.Line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(report.Rejected[2].Message).toBe(
      "Units per case must be a whole number from 1 to 9999 (found 'twelve')",
    );
    expect(await t.db.select().from(products).where(eq(products.code, 'FX-203'))).toEqual([]);
  });

  it('imports a Windows-1252 customers file, creating a missing customer type and saying so', async () => {
    const res = await upload('/api/CustomerImport', fixture('customers-windows-1252.txt'));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ Kind: 'Customers', Lines: 3, Inserted: 3, Updated: 0, RejectedCount: 0 });
    expect(report.Notes).toEqual([
      "Customer type 42 did not exist: it was created as 'Customer Type 42' with a lead time of 24 hours and a cutoff of 16:00. Give it its name and rules under Customer Types.",
    ]);
    const [type] = await t.db.select().from(customerTypes).where(eq(customerTypes.id, 42));
    expect(type).toMatchObject({
      name: 'Customer Type 42',
      leadHours: 24,
      cutoffHours: 16,
      cutoffMinutes: 0,
    });
    const [smith] = await t.db.select().from(customers).where(eq(customers.companyId, 8802));
    expect(smith).toMatchObject({
      name: '\u201cSmith\u2019s\u201d Tavern \u2013 North',
      zipcode: 60602,
      isActive: true,
    });

    const again = (await upload('/api/CustomerImport', fixture('customers-windows-1252.txt'))).json();
    expect(again).toMatchObject({ Inserted: 0, Updated: 0, Unchanged: 3, Notes: [] });
    const renamed = (await upload('/api/CustomerImport', '1001\tRenamed Bar\t60601\t1\n')).json();
    expect(renamed).toMatchObject({ Inserted: 0, Updated: 1 });
  });

  it('imports customer items with dates in three formats, rejecting unknown customers and products', async () => {
    const res = await upload('/api/CustomerItemsImport', fixture('customer-items-dates.txt'));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      Kind: 'CustomerItems',
      Lines: 9,
      Inserted: 5,
      Updated: 0,
      RejectedCount: 4,
    });
    // Each with the line as read: refused by the parser (7, 8) or while writing (9, 10).
    expect(report.Rejected).toEqual([
      {
        Line: 7,
        Message: "Start Date '13/45/2025' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
        Text: '1001\tFX-104\t13/45/2025\t\t5',
      },
      {
        Line: 8,
        Message: 'End Date must not be before Start Date',
        Text: '1001\tFX-105\t2025-06-01\t2025-01-01\t6',
      },
      {
        Line: 9,
        Message: 'Customer 9998 does not exist (import the customers file first)',
        Text: '9998\tFX-100\t\t\t1',
      },
      { Line: 10, Message: 'Product NO-SUCH does not exist', Text: '1001\tNO-SUCH\t\t\t1' },
    ]);
    const links = await t.db
      .select({ code: products.code, start: customerProducts.startDate, end: customerProducts.endDate })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .where(eq(customerProducts.customerId, await customerId(1001)))
      .orderBy(asc(products.code));
    expect(links.filter((l) => l.code.startsWith('FX-'))).toEqual([
      { code: 'FX-100', start: '2025-01-15', end: '2099-12-31' },
      { code: 'FX-101', start: '2025-01-15', end: null },
      { code: 'FX-102', start: '2025-01-15', end: '2099-12-31' },
      { code: 'FX-103', start: null, end: null },
      { code: 'FX-106', start: '2025-01-05', end: null },
    ]);
    const again = (await upload('/api/CustomerItemsImport', fixture('customer-items-dates.txt'))).json();
    expect(again).toMatchObject({ Inserted: 0, Updated: 0, Unchanged: 5, RejectedCount: 4 });
  });

  it('imports order history as orders with lines, keeping unknown items, and shows them to the customer', async () => {
    const res = await upload('/api/OrderHistoryImport', fixture('order-history.txt'));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ Kind: 'OrderHistory', Lines: 7, Inserted: 4, Updated: 0, Unchanged: 0 });
    expect(report.Rejected.map((r: { Line: number; Message: string }) => [r.Line, r.Message])).toEqual([
      [6, "Units must be a whole number from -99999 to 99999 (found 'x')"],
      [7, "Delivery date '02/30/2025' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD"],
      [8, 'Customer 9998 does not exist (import the customers file first)'],
    ]);
    expect(report.Notes).toEqual([
      'One line names an item this site does not know; it was kept with the item number and description from the file: OLD-ITEM (line 5)',
    ]);

    const [h1] = await t.db.select().from(orders).where(eq(orders.orderNum, 'H-5001'));
    expect(h1).toMatchObject({
      source: 'import',
      orderType: 'REG',
      deliveryDate: '2025-01-08',
      status: 99,
      phone: '3125550142',
      customerId: await customerId(1001),
    });
    // The order date's midnight in the business time zone (America/Chicago, UTC-6 in January).
    expect(h1!.createDate.toISOString()).toBe('2025-01-06T06:00:00.000Z');
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, h1!.id))
      .orderBy(asc(orderLines.code));
    expect(lines.map((l) => [l.code, l.description, l.caseQuantity, l.productId !== null])).toEqual([
      ['FX-100', 'Fixture Cola 12oz', 3, true],
      ['FX-101', 'Fixture Lemonade', 1, true],
    ]);
    const [old] = await t.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.orderNum, 'H-5002'), eq(orderLines.code, 'OLD-ITEM')));
    expect(old!.order_lines).toMatchObject({
      productId: null,
      description: 'Discontinued Cider',
      unitQuantity: 4,
    });
    const [future] = await t.db.select().from(orders).where(eq(orders.orderNum, 'H-5005'));
    expect(future!.status).toBe(1);

    const customer = await signInCustomer(t.app);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders/1001',
      headers: { cookie: customer },
    });
    expect(history.json().Orders.map((o: { OrderNum: string }) => o.OrderNum)).toEqual(
      expect.arrayContaining(['H-5001', 'H-5002', 'H-5005']),
    );

    const again = (await upload('/api/OrderHistoryImport', fixture('order-history.txt'))).json();
    expect(again).toMatchObject({ Lines: 7, Inserted: 0, Updated: 0, Unchanged: 4, RejectedCount: 3 });
  });

  it("counts every line of an order as updated when the order's header changed", async () => {
    const changed = fixture('order-history.txt')
      .toString()
      .replaceAll('01/08/2025\tH-5001', '01/10/2025\tH-5001');
    const report = (await upload('/api/OrderHistoryImport', changed)).json();
    expect(report).toMatchObject({ Inserted: 0, Updated: 2, Unchanged: 2 });
    const [h1] = await t.db.select().from(orders).where(eq(orders.orderNum, 'H-5001'));
    expect(h1!.deliveryDate).toBe('2025-01-10');
  });

  it('groups an order whose lines fall in two batches into one order; the later line for an item wins', async () => {
    // Orders of 7 lines, so one order straddles the end of the first batch; line 2 repeats line 1's item.
    const batchRows = BATCH_ROWS[t.database.kind];
    const lineCount = batchRows + 20;
    const lines = Array.from({ length: lineCount }, (_, i) => {
      const order = `SPAN-${Math.floor(i / 7)}`;
      const item = i === 1 ? 'SPAN-ITEM-0' : `SPAN-ITEM-${i % 7}`;
      return `01/06/2025\t1001\tBar\t01/08/2025\t${order}\tPat\t\tREG\t${item}\tSpan\t6\t0\t${i + 1}`;
    });
    const file = `${lines.join('\n')}\n`;
    const first = (await upload('/api/OrderHistoryImport', file)).json();
    expect(first).toMatchObject({ Lines: lineCount, Inserted: lineCount - 1, Updated: 0, Unchanged: 1 });

    const straddling = `SPAN-${Math.floor(batchRows / 7)}`;
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNum, straddling));
    expect(
      await t.db.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, order!.id)),
    ).toEqual([{ n: 7 }]);
    const [spanOrder] = await t.db.select().from(orders).where(eq(orders.orderNum, 'SPAN-0'));
    const [repeated] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, spanOrder!.id), eq(orderLines.code, 'SPAN-ITEM-0')));
    expect(repeated!.caseQuantity).toBe(2);

    const again = (await upload('/api/OrderHistoryImport', file)).json();
    expect(again).toMatchObject({ Lines: lineCount, Inserted: 0, Updated: 0, Unchanged: lineCount });
  });

  it('keeps backslashes and text that looks like a null exactly as written', async () => {
    const line = '01/06/2025\t1001\tBar\t01/08/2025\tH-7000\tPat\t\tREG\tODD-1\tCider \\ Lime \\N\t6\t0\t1\n';
    expect((await upload('/api/OrderHistoryImport', line)).json()).toMatchObject({ Inserted: 1 });
    const [row] = await t.db.select().from(orderLines).where(eq(orderLines.code, 'ODD-1'));
    expect(row!.description).toBe('Cider \\ Lime \\N');
  });

  it("never changes a web order's header or ordered lines; another customer's number is refused", async () => {
    const [web] = await t.db
      .select()
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.source, 'web'), eq(customers.companyId, 1001)))
      .limit(1);
    const order = web!.orders;
    const linesBefore = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    // Another customer naming this web order's number: refused, as it was before design.md 7.12.
    const foreign = `01/06/2025\t6001\tBar\t01/08/2025\t${order.orderNum}\tPat\t\tREG\tFX-100\tCola\t24\t0\t9`;
    const own = `01/06/2025\t1001\tBar\t01/08/2025\t${order.orderNum}\tPat\t\tREG\tFX-100\tCola\t24\t0\t9`;
    const report = (
      await upload(
        '/api/OrderHistoryImport',
        `${foreign}\n${own}\n01/06/2025\t1001\tBar\t01/08/2025\tH-6000\tPat\t\tREG\tFX-100\tCola\t24\t0\t1\n`,
      )
    ).json();
    // The customer's own line is what the ERP delivered (one more insert), and nothing else.
    expect(report).toMatchObject({ Inserted: 2, RejectedCount: 1 });
    expect(report.Rejected[0]).toEqual({
      Line: 1,
      Message: `Order ${order.orderNum} was placed on this site by another customer; the line's customer cannot change it`,
      Text: foreign,
    });
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    // Only the status may follow the file (design.md 7.12): the header is the customer's.
    expect({ ...after, status: order.status }).toEqual(order);
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual(linesBefore);
    expect(
      await t.db
        .select({ code: orderDeliveredLines.code, cases: orderDeliveredLines.cases })
        .from(orderDeliveredLines)
        .where(eq(orderDeliveredLines.orderId, order.id)),
    ).toEqual([{ code: 'FX-100', cases: 9 }]);
  });
});
