import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { tableChecksums } from '#support/table-checksums.js';
import { OrderStatus } from '../../../domain/enums.js';
import { OrderDetailSchema } from '../../../domain/order-view.schema.js';
import { orderDeliveredLines, orderLines, orders } from '../../db/schema.js';

/**
 * What the ERP did with a web order (design.md 7.12, decision 051): an order history file that
 * lists the customer's web orders records their delivered lines and sets their Status, on the
 * server's clock; the ordered lines never change; the same file again changes nothing; its
 * preview counts the same and changes nothing.
 */
describe("the order history import and the customer's web orders", () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  // The server's clock, moved by the tests: the day the orders are placed, then their delivery day.
  let now = TEST_NOW;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app, 1001, 60601);
  });
  afterAll(async () => t.close());
  /** Moves the server's clock; a session lasts a working day on it (decision 066), so both sign in again. */
  async function setClock(at: Date) {
    now = at;
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app, 1001, 60601);
  }

  const upload = (content: string, query = '') => {
    const body = multipartFile(content, { fileName: 'history.txt' });
    return t.app.inject({
      method: 'POST',
      url: `/api/OrderHistoryImport${query}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
  };
  const getOrder = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/Order/${id}`, headers: { cookie: customer } })).json();

  /** A web order of customer 1001 for its first delivery date: its id, number, date and lines. */
  async function placeOrder(key: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: await validOrderBody(t.db, 1001, now),
      headers: { cookie: customer, 'idempotency-key': key },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.settle(); // the order's file and mail are marked after the answer
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.id));
    return { order: order!, lines };
  }

  const line = (
    orderNum: string,
    date: string,
    code: string,
    description: string,
    cases: number,
    units = 0,
  ) =>
    `${date}\t1001\tBlue Heron\t${date}\t${orderNum}\tPat\t3125550142\tREG\t${code}\t${description}\t24\t${units}\t${cases}\n`;

  it('records the delivered lines, Open before the delivery date and Completed on it, ordered lines untouched', async () => {
    await setClock(TEST_NOW);
    const { order, lines } = await placeOrder('erp-short');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect((await getOrder(order.id)).Delivered).toBeNull();
    const [first, second] = lines;
    // The first line short by one case, the second not listed, a product added.
    const file =
      line(order.orderNum, order.deliveryDate, first!.code, 'ERP text', first!.caseQuantity - 1) +
      line(order.orderNum, order.deliveryDate, 'ERP-ADDED', 'Added Cider', 3) +
      line('H-9100', order.deliveryDate, first!.code, 'An ERP order', 1);

    const report = (await upload(file)).json();
    expect(report).toMatchObject({ Lines: 3, Inserted: 3, Updated: 0, Unchanged: 0, RejectedCount: 0 });
    const detail = await getOrder(order.id);
    // By product code.
    const listed = [
      { Code: 'ERP-ADDED', Description: 'Added Cider', Cases: 3, Units: 0 },
      { Code: first!.code, Description: 'ERP text', Cases: first!.caseQuantity - 1, Units: 0 },
    ].sort((a, b) => (a.Code < b.Code ? -1 : 1));
    // Before the delivery date the lines are the distributor's confirmation, not a delivery
    // (issue 33): Delivered stays null, nothing is 'delivered differently', and the order can
    // still be changed. The order stays Open: the ERP may still change what it sends.
    expect(detail.Delivered).toBeNull();
    expect(detail.Confirmed).toEqual(listed);
    expect(detail.Status).toBe(OrderStatus.Open);
    expect(detail.DeliveryDifferences).toBeNull();
    expect(detail.ChangeableUntil).not.toBeNull();
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Orders/1001', headers: { cookie: customer } })
    ).json();
    expect(history.Orders.find((o: { Id: number }) => o.Id === order.id).DeliveryDifferences).toBeNull();
    expect(
      detail.Products.map((p: { Code: string; CaseQuantity: number }) => [p.Code, p.CaseQuantity]),
    ).toEqual(lines.map((l) => [l.code, l.caseQuantity]));
    expect(second).toBeDefined();

    // The same file again, on the same day: nothing changes anywhere but the audit trail's row
    // saying the file was imported (design.md 7.6).
    const before = await tableChecksums(t.db);
    expect((await upload(file)).json()).toMatchObject({ Inserted: 0, Updated: 0, Unchanged: 3 });
    const again = await tableChecksums(t.db);
    expect(again.audit_entries!.rows).toBe(before.audit_entries!.rows + 1);
    expect({ ...again, audit_entries: null }).toEqual({ ...before, audit_entries: null });

    // On the delivery date (6 in the morning there) the same file completes the order: its two
    // lines count Updated (the status is the order's, as an imported order's header is), the ERP's
    // own order is unchanged.
    await setClock(new Date(`${order.deliveryDate}T06:00:00-06:00`));
    const preview = await upload(file, '?dryRun=1');
    expect(await tableChecksums(t.db)).toEqual(again);
    const { DryRun, Changes, ...previewReport } = preview.json();
    expect(DryRun).toBe(true);
    expect(Changes).toEqual([
      {
        Line: 1,
        Key: `Order ${order.orderNum} item ${first!.code}`,
        Action: 'update',
        Fields: [{ Field: 'Status', Before: 'Open', After: 'Completed' }],
      },
      {
        Line: 2,
        Key: `Order ${order.orderNum} item ERP-ADDED`,
        Action: 'update',
        Fields: [{ Field: 'Status', Before: 'Open', After: 'Completed' }],
      },
    ]);
    const applied = (await upload(file)).json();
    expect(applied).toEqual(previewReport);
    expect(applied).toMatchObject({ Inserted: 0, Updated: 2, Unchanged: 1 });
    const delivered = await getOrder(order.id);
    expect(delivered.Status).toBe(OrderStatus.Completed);
    // From the delivery date on, the file's lines are what was delivered.
    expect(delivered.Delivered).toEqual(listed);
    expect(delivered.Confirmed).toBeNull();
    expect(delivered.DeliveryDifferences).toBe(lines.length + 1);
    const [header] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(header).toEqual({ ...order, status: OrderStatus.Completed });
    expect(
      await t.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id)),
    ).toEqual(lines);
  });

  it('sets NoDelivery when every delivered line is 0, whatever the date, and previews it exactly', async () => {
    await setClock(TEST_NOW);
    const { order, lines } = await placeOrder('erp-nothing');
    const file = lines.map((l) => line(order.orderNum, order.deliveryDate, l.code, '', 0)).join('');
    const before = await tableChecksums(t.db);
    const preview = (await upload(file, '?dryRun=1')).json();
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(preview.Changes).toHaveLength(lines.length);
    expect(preview.Changes[0]).toMatchObject({
      Line: 1,
      Action: 'insert',
      Fields: expect.arrayContaining([
        { Field: 'Status', Before: null, After: 'No Delivery' },
        { Field: 'DeliveredCases', Before: null, After: 0 },
      ]),
    });
    const { DryRun: _d, Changes: _c, ...counts } = preview;
    const applied = (await upload(file)).json();
    expect(applied).toEqual(counts);
    expect(applied).toMatchObject({ Inserted: lines.length, Updated: 0, Unchanged: 0 });
    const detail = await getOrder(order.id);
    expect(detail.Status).toBe(OrderStatus.NoDelivery);
    // An empty description in the file keeps the product's.
    expect(detail.Confirmed.every((d: { Description: string }) => d.Description !== '')).toBe(true);

    // A later file delivers one line after all: back to Open before the delivery date.
    const [first] = lines;
    expect((await upload(line(order.orderNum, order.deliveryDate, first!.code, '', 1))).json()).toMatchObject(
      { Updated: 1 },
    );
    expect((await getOrder(order.id)).Status).toBe(OrderStatus.Open);
    const stored = await t.db
      .select({ code: orderDeliveredLines.code, cases: orderDeliveredLines.cases })
      .from(orderDeliveredLines)
      .where(eq(orderDeliveredLines.orderId, order.id));
    expect(stored).toHaveLength(lines.length);

    // Another line listed alone, still with nothing delivered: the lines kept from the earlier
    // files count too, so the order stays Open.
    const second = lines[1]!;
    const alone = line(order.orderNum, order.deliveryDate, second.code, '', 0);
    expect((await upload(alone)).json()).toMatchObject({ Unchanged: 1, Updated: 0 });
    expect((await getOrder(order.id)).Status).toBe(OrderStatus.Open);
  });

  it('marks the order in the history list with the number of differences, once its delivery date has come', async () => {
    // Before their delivery dates the files' lines are confirmations: nothing is marked (issue 33).
    await setClock(TEST_NOW);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Orders/1001', headers: { cookie: customer } })
    ).json();
    expect(
      before.Orders.filter((o: { DeliveryDifferences: number | null }) => o.DeliveryDifferences),
    ).toEqual([]);
    await setClock(new Date('2026-12-31T12:00:00-06:00'));
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Orders/1001', headers: { cookie: customer } })
    ).json();
    const marked = list.Orders.filter((o: { DeliveryDifferences: number | null }) => o.DeliveryDifferences);
    expect(marked.length).toBe(2);
    for (const o of marked) expect((await getOrder(o.Id)).DeliveryDifferences).toBe(o.DeliveryDifferences);
  });
  it('names the suggested substitute of each ordered product with the delivered lines, for the detail\'s "{X} sent for {Y}" (design.md 8.3)', async () => {
    await setClock(TEST_NOW);
    const { order, lines } = await placeOrder('erp-substitute');
    const [first, second] = lines;
    const post = async (url: string, content: string) => {
      const body = multipartFile(content, { fileName: 'file.txt' });
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The availability file: the first product out with SUB-CAN suggested, the second out with none.
    await post('/api/ItemImport', 'SUB-CAN\tSubstitute Cans\t24\t2\tY\tCAN\tCS\n');
    await post('/api/AvailabilityImport', `${first!.code}\t0\tOUT\t\tSUB-CAN\n${second!.code}\t0\tOUT\n`);
    // Until a file lists the order there is nothing to pair: no substitute is given.
    expect((await getOrder(order.id)).Products[0]).not.toHaveProperty('SubstituteCode');

    // On the delivery date the ERP sends SUB-CAN and none of the first product.
    await setClock(new Date(`${order.deliveryDate}T06:00:00-06:00`));
    const file =
      line(order.orderNum, order.deliveryDate, 'SUB-CAN', 'Substitute Cans', 2) +
      lines
        .slice(1)
        .map((l) =>
          line(order.orderNum, order.deliveryDate, l.code, 'ERP text', l.caseQuantity, l.unitQuantity),
        )
        .join('');
    expect((await upload(file)).json()).toMatchObject({ RejectedCount: 0 });
    const detail = await getOrder(order.id);
    expect(detail.Delivered).toContainEqual({
      Code: 'SUB-CAN',
      Description: 'Substitute Cans',
      Cases: 2,
      Units: 0,
    });
    expect(
      detail.Products.map((p: { Code: string; SubstituteCode: string | null }) => [p.Code, p.SubstituteCode]),
    ).toEqual(lines.map((l) => [l.code, l === first ? 'SUB-CAN' : null]));
    // The pairing is in words only: the first product not delivered and SUB-CAN added stay two differences.
    expect(detail.DeliveryDifferences).toBe(2);
    // The order detail's answer passes its contract with the new field.
    expect(OrderDetailSchema.safeParse(detail).success).toBe(true);
  });
});
