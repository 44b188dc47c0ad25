import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import {
  customerByCompany,
  firstDeliveryDate,
  orderableCodes,
  validOrderBody,
} from '#support/order-fixtures.js';
import { addDays } from '../../../domain/business-date.js';
import { orderLines, orders, products } from '../../db/schema.js';

describe('POST Order', () => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  const now = TEST_NOW;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-orders-'));
    t = await createTestApp({
      now: () => now,
      // More orders than a minute's limit (security/order-rate.api.test.ts tests the limit).
      ordersPerMinute: 100_000,
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
    cookie = await signInCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: payload as object,
      headers: { cookie, ...headers },
    });
  const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

  it('saves the order as Open with a Web Conf #, drops empty lines, writes the ERP file and mails a confirmation', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ IsSuccessful: true, ErrorMessage: null });
    expect(answer.OrderNum).toMatch(/^W\d{6,}$/);

    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, answer.OrderNum));
    expect(row).toMatchObject({
      status: 1,
      source: 'web',
      phone: '3125550142',
      deliveryDate: body.DeliveryDate,
      referencePo: '',
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(lines.map((l) => [l.code, l.caseQuantity]).sort()).toEqual(
      [
        [body.ProductQuantities[0]!.Code, 2],
        [body.ProductQuantities[2]!.Code, 1],
      ].sort(),
    );

    const file = path.join(dir, 'exports', `${answer.OrderNum}.txt`);
    const exported = readFileSync(file, 'utf8').split('\r\n').filter(Boolean);
    expect(exported).toHaveLength(2);
    for (const line of exported) {
      const cols = line.split('\t');
      expect(cols).toHaveLength(15);
      expect(cols[13]).toBe('');
      expect(cols[14]).toBe('A');
      expect(cols[1]).toBe('1001');
      expect(cols[4]).toBe(answer.OrderNum);
      expect(cols[3]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    }
    expect(readdirSync(path.join(dir, 'exports')).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    await t.app.settle();
    const mail = await PostalMime.parse(readFileSync(path.join(dir, 'outbox', `${answer.OrderNum}.eml`)));
    expect(mail.to).toEqual([{ name: '', address: 'pat@bar.example.com' }]);
    expect(mail.subject).toBe(`Order confirmation ${answer.OrderNum}`);
    expect(mail.text).toContain(`Web Conf #: ${answer.OrderNum}\n`);
    expect(mail.html).toContain(`Web Conf #: ${answer.OrderNum}`);
    // Both parts carry the same facts: the contact's phone too.
    expect(mail.text).toContain('Phone: (312) 555-0142');
    expect(mail.html).toContain('Phone: (312) 555-0142');
    for (const { code } of lines) expect(mail.text).toContain(`\n${code.padEnd(12)} `);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(after!.exportedAt).toBeInstanceOf(Date);
    expect(after!.mailedAt).toBeInstanceOf(Date);
  });

  it.each([
    ['no delivery date', { DeliveryDate: '' }, 'Delivery Date  is required'],
    [
      'a date before the lead time allows',
      { DeliveryDate: '2020-01-06' },
      'Delivery Date violates Lead Time',
    ],
    ['no name', { Name: ' ' }, 'Name is required'],
    ['a short phone number', { Phone: '312-555' }, 'Valid Phone number is required'],
    ['a malformed email', { Email: 'pat@' }, 'Invalid Email'],
    [
      'no products',
      { ProductQuantities: [{ Code: 'X', CaseQuantity: 0, UnitQuantity: 0 }] },
      'Order must contain at least one product with a quantity',
    ],
  ])('refuses %s with the spec message and saves nothing', async (_, change, message) => {
    const before = await orderCount();
    const res = await post({ ...(await validOrderBody(t.db, 1001, now)), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ IsSuccessful: false, OrderNum: null, ErrorMessage: message });
    expect(await orderCount()).toBe(before);
  });

  it("orders only the customer's own products, reading codes as the form's rules do (trimmed)", async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const own = new Set((await orderableCodes(t.db, 1001, body.DeliveryDate)).map((p) => p.code));
    // An active product of the catalogue that is not on this customer's list.
    const active = await t.db
      .select({ code: products.code })
      .from(products)
      .where(eq(products.isActive, true));
    const other = active.find((p) => !own.has(p.code));
    expect(other).toBeDefined();
    const before = await orderCount();
    const refused = await post({
      ...body,
      ProductQuantities: [...body.ProductQuantities, { Code: other!.code, CaseQuantity: 1, UnitQuantity: 0 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().ErrorMessage).toBe(`Product ${other!.code} is not available to order`);
    expect(await orderCount()).toBe(before);

    const [first] = body.ProductQuantities;
    const padded = await post({ ...body, ProductQuantities: [{ ...first!, Code: `  ${first!.Code} ` }] });
    expect(padded.statusCode).toBe(201);
    const [saved] = await t.db.select().from(orders).where(eq(orders.orderNum, padded.json().OrderNum));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, saved!.id));
    expect(lines.map((l) => l.code)).toEqual([first!.Code]);
  });

  it('refuses a fraction of a case or unit instead of cutting it (issue 14), and saves nothing', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const [first] = body.ProductQuantities;
    const before = await orderCount();
    for (const line of [
      { ...first!, CaseQuantity: 2.5 },
      { ...first!, CaseQuantity: 0, UnitQuantity: 0.5 },
    ]) {
      const res = await post({ ...body, ProductQuantities: [line] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        IsSuccessful: false,
        ErrorMessage: 'Quantity must be a whole number',
      });
    }
    expect(await orderCount()).toBe(before);
  });

  it('refuses a quantity sent as text, "1e3" among them, with the field\'s message (issue 32), and saves nothing', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const [first] = body.ProductQuantities;
    const before = await orderCount();
    for (const [field, value] of [
      ['CaseQuantity', '1e3'],
      ['CaseQuantity', '2'],
      ['CaseQuantity', '2.5'],
      ['CaseQuantity', null],
      ['UnitQuantity', '12'],
      ['UnitQuantity', true],
    ] as const) {
      const res = await post({ ...body, ProductQuantities: [{ ...first!, [field]: value }] });
      expect(res.statusCode, `${field} ${value}`).toBe(422);
      expect(res.json()).toMatchObject({
        IsSuccessful: false,
        ErrorMessage: 'Quantity must be a number',
        Errors: [{ Field: `ProductQuantities.0.${field}`, Message: 'Quantity must be a number' }],
      });
    }
    expect(await orderCount()).toBe(before);
  });

  it('tells a customer whose cutoff passed the first date they can pick now', async () => {
    // Wednesday 10:00, the first date a type-1 bar can pick is Friday; at 16:00 the cutoff has
    // passed: Saturday is the raw earliest date, and type 1 takes no Saturdays.
    const body = await validOrderBody(t.db, 1001, now);
    expect(body.DeliveryDate).toBe('2026-11-27');
    const late = await createTestApp({ now: () => new Date('2026-11-25T16:00:00-06:00') });
    try {
      const res = await late.app.inject({
        method: 'POST',
        url: '/api/v1/Order',
        payload: body,
        headers: { cookie: await signInCustomer(late.app) },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        ErrorMessage: 'Delivery Date violates Lead Time',
        EarliestDeliveryDate: '2026-11-30',
      });
    } finally {
      await late.close();
    }
    // Other refusals say nothing of dates.
    const other = await post({ ...body, Name: '' });
    expect(other.json().EarliestDeliveryDate).toBeUndefined();
  });

  it('refuses a Sunday and a Saturday for customer type 1', async () => {
    const first = await firstDeliveryDate(t.db, 1001, now);
    let d = first;
    while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
    for (const date of [d, addDays(d, 1)]) {
      const res = await post({ ...(await validOrderBody(t.db, 1001, now)), DeliveryDate: date });
      expect(res.json().ErrorMessage).toBe('Delivery Date violates Lead Time');
    }
  });

  it('refuses a product the customer is not offered', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const res = await post({
      ...body,
      ProductQuantities: [{ Code: 'NOT-A-CODE', CaseQuantity: 1, UnitQuantity: 0 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().ErrorMessage).toMatch(/NOT-A-CODE/);
  });

  it("takes the customer from the session, never from the body (another's CustomerId is 403: staff-order.routes.test.ts)", async () => {
    const body = { ...(await validOrderBody(t.db, 1001, now)), CompanyId: 6001 };
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
    expect(row!.customerId).toBe((await customerByCompany(t.db, 1001)).id);
  });

  it('asks reference customers for a Reference PO of at most 20 characters', async () => {
    const ref = await signInCustomer(t.app, 6001, 60611);
    const body = await validOrderBody(t.db, 6001, now);
    const missing = await post({ ...body, ReferencePO: '' }, { cookie: ref });
    expect(missing.json().ErrorMessage).toBe('Reference PO is required');
    const long = await post({ ...body, ReferencePO: 'X'.repeat(21) }, { cookie: ref });
    expect(long.json().ErrorMessage).toBe('Length of Reference PO must be less than or equal to 20');
    const ok = await post({ ...body, ReferencePO: 'PO-778' }, { cookie: ref });
    expect(ok.statusCode).toBe(201);
  });

  it('makes one order from a double submit with one Idempotency-Key, sequential or at once', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    const before = await orderCount();
    const first = await post(body, { 'idempotency-key': 'submit-1' });
    const again = await post(body, { 'idempotency-key': 'submit-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => post(body, { 'idempotency-key': 'submit-2' })),
    );
    expect(new Set(burst.map((r) => r.json().OrderNum)).size).toBe(1);
    expect(burst.every((r) => r.statusCode === 201)).toBe(true);
    expect(await orderCount()).toBe(before + 2);
  });

  it('is for a signed-in caller: nobody gets 401, an admin naming no customer 422 (design.md 7.5)', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    expect((await post(body, { cookie: '' })).statusCode).toBe(401);
    const admin = await post(body, { cookie: await signInAdmin(t.app) });
    expect(admin.statusCode).toBe(422);
    expect(admin.json().ErrorMessage).toBe('Customer is required: choose the customer this order is for');
  });
});

describe('an order survives failing mail and export', () => {
  it('keeps the order when the mail server refuses and the export folder cannot be written', async () => {
    const { SMTPServer } = await import('smtp-server');
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_addr, _session, cb) {
        cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as { port: number }).port;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-faults-'));
    const now = TEST_NOW;
    // A file where the export folder should be: every write into it fails.
    const blocked = path.join(dir, 'not-a-folder');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocked, 'x'));
    const t = await createTestApp({
      now: () => now,
      config: { dataDir: dir, smtpUrl: `smtp://127.0.0.1:${port}`, exportDir: blocked },
    });
    try {
      const cookie = await signInCustomer(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Order',
        headers: { cookie },
        payload: await validOrderBody(t.db, 1001, now),
      });
      expect(res.statusCode).toBe(201);
      await t.app.settle();
      const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
      expect(row).toMatchObject({ status: 1, exportedAt: null, mailedAt: null });
      expect(existsSync(path.join(dir, 'outbox'))).toBe(false);
    } finally {
      await t.close();
      await new Promise<void>((r) => smtp.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
