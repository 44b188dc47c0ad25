import { readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { addDays } from '../../../domain/business-date.js';
import type { Customer } from '../../../domain/customer.schema.js';
import type { OrderGuide } from '../../../domain/order-guide.schema.js';
import type { OrderDetail, OrderList } from '../../../domain/order-view.schema.js';

/**
 * An order's estimate (design.md 8.4, decision 075): GET Order/{id} prices each line by the posted
 * prices of its delivery date and carries EstimatedTotal; the history list carries the total.
 */
describe('the estimate of an order', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let admin: string;
  let customer: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  let typeId: number;
  const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

  const postPrices = async (lines: string[]) => {
    const file = multipartFile(`${lines.join('\n')}\n`, { fileName: 'prices.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/PriceImport',
      payload: file.payload,
      headers: { ...file.headers, cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detail = async (id: number, cookie = customer) => {
    const res = await calls.call('GET', `/Order/${id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderDetail;
  };
  const listed = async (id: number) => {
    const res = await calls.call('GET', '/Orders/1001', customer);
    expect(res.statusCode).toBe(200);
    return (res.json() as OrderList).Orders.find((o) => o.Id === id)!;
  };
  const mailOf = (fileName: string) =>
    PostalMime.parse(readFileSync(path.join(t.outboxDir, `${fileName}.eml`)));

  beforeAll(async () => {
    t = await createOrderTestApp('estimate', { now: () => TEST_NOW });
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    typeId = (await customerByCompany(t.db, 1001)).customerTypeId;
  });
  afterAll(() => t?.close());

  const [first, , third] = [0, 1, 2];
  /** The first test's order, none of whose lines is priced. */
  let unpricedOrder = '';

  it('has no estimate while none of its products has a posted price: every line "Price on invoice"', async () => {
    // The demo's book is replaced by one that prices only a product the order leaves empty.
    const date = body.DeliveryDate;
    const b = body.ProductQuantities[1]!;
    expect(b.CaseQuantity + b.UnitQuantity).toBe(0);
    await postPrices([`T${typeId}\t${b.Code}\t30.00\t\t\t1\t${mdy(date)}\t${mdy(date)}`]);
    const { id } = await calls.place(customer, body);
    const order = await detail(id);
    expect(order.EstimatedTotal).toBeNull();
    expect(order.Products.map((p) => [p.CasePrice, p.LineTotal])).toEqual(
      order.Products.map(() => [null, null]),
    );
    expect(order.UnpricedLines).toBe(order.Products.length);
    expect((await listed(id)).EstimatedTotal).toBeNull();
    unpricedOrder = order.OrderNum;
  });

  it("prices the lines by the customer's own price over its type's, with deposits, for the delivery date", async () => {
    const date = body.DeliveryDate;
    const a = body.ProductQuantities[first]!.Code;
    const c = body.ProductQuantities[third]!.Code;
    await postPrices([
      // The type's price and the customer's own for the first product (its own wins), 1.20 a case deposit.
      `T${typeId}\t${a}\t30.00\t\t1.20\t1\t${mdy(addDays(date, -3))}\t${mdy(addDays(date, 10))}`,
      `1001\t${a}\t28.00\t\t1.20\t1\t${mdy(date)}\t${mdy(date)}`,
      // The third product's price ended the day before delivery: no price on the day.
      `T${typeId}\t${c}\t19.99\t\t\t1\t${mdy(addDays(date, -3))}\t${mdy(addDays(date, -1))}`,
    ]);
    const { id } = await calls.place(customer, body);
    const order = await detail(id);
    const line = (code: string) => order.Products.find((p) => p.Code === code)!;
    // 2 cases at 28.00, and 2 x 1.20 of deposit.
    expect(line(a)).toMatchObject({ CaseQuantity: 2, CasePrice: 2800, LineTotal: 5600 });
    expect(line(c)).toMatchObject({ CaseQuantity: 1, CasePrice: null, LineTotal: null });
    expect(order).toMatchObject({ EstimatedTotal: 5840, EstimatedDeposits: 240, UnpricedLines: 1 });
    // Staff read the same estimate; the history lists its total.
    expect((await detail(id, admin)).EstimatedTotal).toBe(5840);
    expect((await listed(id)).EstimatedTotal).toBe(5840);

    // The confirmation mail carries the same estimate, each line's total and the bar's terms
    // (the demo's 1001 pays cash on delivery).
    await t.app.settle();
    const mail = await mailOf(order.OrderNum);
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain('Estimated total: $58.40, with $2.40 of deposits');
      expect(part).toContain('1 line is priced on the invoice');
      expect(part).toContain('Estimate: your invoice is final');
      expect(part).toContain('Payment: COD, pay the driver on delivery');
    }
    expect(mail.text).toMatch(new RegExp(`\\n${a} .* 2 cases +0 units +\\$56\\.00\\n`));
    expect(mail.text).toMatch(new RegExp(`\\n${c} .* 1 cases +0 units +Price on invoice\\n`));
    expect(mail.html).toContain('<th>Case Price</th><th>Line Total</th>');
    expect(mail.html).toContain('<td align="right">$28.00</td><td align="right">$56.00</td>');

    // A change is mailed at the prices of its date too; a cancelled order's mail has no estimate.
    const changed = body.ProductQuantities.map((l, i) => (i === first ? { ...l, CaseQuantity: 3 } : l));
    const put = await calls.change(customer, id, { ...body, ProductQuantities: changed });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.settle();
    const again = await detail(id);
    expect(again.EstimatedTotal).toBe(8760);
    const changedMail = await mailOf(`${order.OrderNum}.changed-${Date.parse(again.ChangedAt!)}`);
    expect(changedMail.text).toContain('Estimated total: $87.60, with $3.60 of deposits');
    const cancel = await calls.cancel(customer, id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.settle();
    const cancelledMail = await mailOf(`${order.OrderNum}.cancelled`);
    expect(cancelledMail.text).not.toContain('Estimate');
    expect(cancelledMail.text).not.toContain('Payment:');
  });

  it('mails "Price on invoice" when none of its lines is priced, with no price columns', async () => {
    const mail = await mailOf(unpricedOrder);
    expect(mail.text).toContain('\nPrice on invoice\n');
    expect(mail.text).not.toContain('Estimate');
    expect(mail.html).not.toContain('Case Price');
  });

  it("carries each product's price on the delivery date on the form's and the guide's products", async () => {
    const date = body.DeliveryDate;
    const a = body.ProductQuantities[first]!.Code;
    const c = body.ProductQuantities[third]!.Code;
    const bar = (await customerByCompany(t.db, 1001)).id;
    const formProducts = async (day: string) => {
      const res = await calls.call('GET', `/Customer/${bar}?date=${day}`, customer);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Customer).Products;
    };
    const onDate = await formProducts(date);
    expect(onDate.find((p) => p.Code === a)).toMatchObject({
      CasePrice: 2800,
      UnitPrice: null,
      DepositPerCase: 120,
      PriceBreaks: [{ MinCases: 1, CasePrice: 2800 }],
    });
    expect(onDate.find((p) => p.Code === c)).toMatchObject({
      CasePrice: null,
      UnitPrice: null,
      DepositPerCase: null,
      PriceBreaks: [],
    });
    // The day after, the bar's own one-day price has ended: its type's applies.
    expect((await formProducts(addDays(date, 1))).find((p) => p.Code === a)?.CasePrice).toBe(3000);

    // The guide lists a product with a par, priced for the guide's date.
    const pars = await calls.call('PUT', `/Customer/${bar}/Pars`, customer, [{ Code: a, Par: 4 }]);
    expect(pars.statusCode, pars.body).toBe(200);
    const guide = await calls.call('GET', `/Customer/${bar}/OrderGuide?date=${date}`, customer);
    expect(guide.statusCode, guide.body).toBe(200);
    expect((guide.json() as OrderGuide).Products.find((p) => p.Code === a)).toMatchObject({
      CasePrice: 2800,
      DepositPerCase: 120,
      PriceBreaks: [{ MinCases: 1, CasePrice: 2800 }],
    });

    // A date that is not one is refused, as the guide's is.
    const bad = await calls.call('GET', `/Customer/${bar}?date=2026-02-30`, customer);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      ErrorMessage: 'date must be a valid date (YYYY-MM-DD)',
      Errors: [{ Field: 'date', Message: 'date must be a valid date (YYYY-MM-DD)' }],
    });
  });

  it("keeps an order at its delivery date's prices when a later period is posted", async () => {
    const date = body.DeliveryDate;
    const a = body.ProductQuantities[first]!.Code;
    const { id } = await calls.place(customer, body);
    // A new book from the day after: the order's date keeps its own price.
    await postPrices([
      `T${typeId}\t${a}\t30.00\t\t1.20\t1\t${mdy(addDays(date, -3))}\t${mdy(addDays(date, 10))}`,
      `1001\t${a}\t28.00\t\t1.20\t1\t${mdy(date)}\t${mdy(date)}`,
      `1001\t${a}\t99.00\t\t\t1\t${mdy(addDays(date, 1))}\t`,
    ]);
    expect((await detail(id)).EstimatedTotal).toBe(5840);
  });
});
