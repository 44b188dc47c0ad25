import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { runStatement } from './statements.js';

/**
 * An ERP order history file may carry orders numbered like web orders (W and digits) that the
 * site never made: the next web order must still get a Web Conf # of its own, not a 500 on the
 * order number's unique index.
 */
describe('a Web Conf # taken by an imported order', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, customer] = await Promise.all([signInAdmin(t.app), signInCustomer(t.app, 1001, 60601)]);
  });
  afterAll(() => t.close());

  const nextWebNum = async () => {
    const [seq] = await runStatement<{ lastValue: string; isCalled: boolean }>(
      t.database,
      'select last_value as "lastValue", is_called as "isCalled" from web_order_num_seq',
      [],
    );
    return Number(seq!.lastValue) + (seq!.isCalled ? 1 : 0);
  };
  const placeOrder = async () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie: customer },
      payload: await validOrderBody(t.db, 1001, TEST_NOW),
    });

  it('skips the numbers the import took and goes on from there', async () => {
    const next = await nextWebNum();
    const taken = [next, next + 1, next + 3].map((n) => `W${n}`);
    const file = taken
      .map((num) => `11/02/2026\t1001\tBar\t11/04/2026\t${num}\tPat\t\tREG\tERP-1\tCola\t24\t0\t2\n`)
      .join('');
    const body = multipartFile(file, { fileName: 'history.txt' });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/OrderHistoryImport',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(imported.json()).toMatchObject({ Inserted: 3, RejectedCount: 0 });

    const first = await placeOrder();
    expect(first.statusCode).toBe(201);
    expect(first.json().OrderNum).toBe(`W${next + 4}`);
    const second = await placeOrder();
    expect(second.statusCode).toBe(201);
    expect(second.json().OrderNum).toBe(`W${next + 5}`);
  });
});
