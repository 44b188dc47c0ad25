import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { orderableCodes, validOrderBody } from '#support/order-fixtures.js';
import { changeMessages } from '../../../domain/order-change.js';
import { exportFileName } from './order-export.js';

/**
 * The steps of a change the test can stop at: a line the server logs (by its message), or a read
 * of its clock (the first of a change checks the order's window, once the order is read).
 */
const CLOCK = 'a read of the clock';

/**
 * Issue 23: the ERP takes an order's file (a rename out of the export folder) at the moment its
 * customer changes the order. Whichever rename comes first wins (decision 052): the ERP's, and
 * the change answers 409 and the ERP holds the old version, with nothing written under the name
 * again; or the change's claim, and the ERP's rename fails and its next take finds the new
 * version. Never a file written after the ERP took it, never a change lost.
 *
 * Each moment is reached on purpose rather than by chance: the ERP's rename runs inside the
 * server's own step (its clock, a log line: both synchronous calls into what the test gave the
 * app), so the change goes on only once the rename has happened or failed.
 */
describe("the ERP's take and a change at the same moment (issue 23)", () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let customer: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  let codes: Awaited<ReturnType<typeof orderableCodes>>;
  let erpDir: string;
  /** The ERP's take armed for the change under way, run at the first step it matches. */
  let armed: { at: string; take: () => void } | null = null;
  const reached = (step: string) => {
    if (armed?.at !== step) return;
    const { take } = armed;
    armed = null;
    take();
  };

  beforeAll(async () => {
    t = await createOrderTestApp('change-race', {
      now: () => {
        reached(CLOCK);
        return TEST_NOW;
      },
      logger: {
        level: 'info',
        stream: { write: (line: string) => reached(JSON.parse(line).msg) },
      },
    });
    calls = orderCalls(t);
    customer = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    codes = await orderableCodes(t.db, 1001, body.DeliveryDate);
    erpDir = path.join(t.dir, 'erp');
    mkdirSync(erpDir);
  });
  afterAll(() => t?.close());

  const changed = (name: string) => ({
    ...body,
    Name: `Changed ${name}`,
    ProductQuantities: [{ Code: codes[1]!.code, CaseQuantity: 2, UnitQuantity: 0 }],
  });

  /** Places an order, then changes it with the ERP taking its file at `at` (null: after the answer). */
  async function race(at: string | null, name: string) {
    const { id, orderNum } = await calls.place(customer, body);
    const file = path.join(t.exportDir, exportFileName(orderNum));
    const taken = path.join(erpDir, exportFileName(orderNum));
    const old = readFileSync(file, 'utf8');
    /** 'took', or the error code of the ERP's rename. */
    let took: string | undefined;
    const take = () => {
      try {
        renameSync(file, taken);
        took = 'took';
      } catch (err) {
        took = (err as NodeJS.ErrnoException).code;
      }
    };
    armed = at === null ? null : { at, take };
    const res = await calls.change(customer, id, changed(name));
    armed = null;
    await t.app.settle();
    if (!at) take();
    expect(took, 'the server reached the step the ERP waited for').toBeDefined();
    return { res, took, file, taken, old, orderNum, saved: await calls.savedText(id) };
  }

  it('the ERP first (after the change read the order, before its claim): 409, and the ERP holds the old version', async () => {
    const { res, took, file, taken, old, orderNum, saved } = await race(CLOCK, 'too late');
    expect(took).toBe('took');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ErrorMessage: changeMessages.withDistributor(orderNum) });
    expect(readFileSync(taken, 'utf8')).toBe(old);
    expect(saved).toBe(old); // nothing changed: the customer was told to call
    expect(existsSync(file)).toBe(false);
    expect(calls.leftovers()).toEqual([]);
  });

  it('the claim first (the ERP between the commit and the new file): the ERP finds nothing, and its next take the new version', async () => {
    const { res, took, file, taken, old, saved } = await race('order changed', 'claimed');
    expect(took).toBe('ENOENT');
    expect(res.statusCode).toBe(200);
    expect(saved).not.toBe(old);
    expect(readFileSync(file, 'utf8')).toBe(saved);
    expect(calls.leftovers()).toEqual([]);
    await rename(file, taken); // the ERP's next take
    expect(readFileSync(taken, 'utf8')).toBe(saved);
  });

  it('the ERP after the change had answered: it takes the new version', async () => {
    const { res, took, file, taken, old, saved } = await race(null, 'in time');
    expect(took).toBe('took');
    expect(res.statusCode).toBe(200);
    expect(saved).not.toBe(old);
    expect(readFileSync(taken, 'utf8')).toBe(saved);
    expect(existsSync(file)).toBe(false);
    expect(calls.leftovers()).toEqual([]);
  });
});
