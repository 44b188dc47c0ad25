import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMessages } from '../../../domain/order-change.js';
import { signInCustomer, TEST_NOW } from '../../test/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '../../test/order-app.js';
import { orderCalls } from '../../test/order-change-fixtures.js';
import { orderableCodes, validOrderBody } from '../../test/order-fixtures.js';
import { exportFileName } from './order-export.js';

const RUNS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 23: the ERP takes an order's file (a rename out of the export folder) at the moment its
 * customer changes the order. Whichever rename comes first wins (decision 052): the ERP's, and
 * the change answers 409 and the ERP holds the old version, with nothing written under the name
 * again; or the change's claim, and the ERP's rename fails and its next take finds the new
 * version. Never a file written after the ERP took it, never a change lost.
 */
describe("the ERP's take and a change at the same moment (issue 23)", () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let customer: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  let codes: Awaited<ReturnType<typeof orderableCodes>>;
  let erpDir: string;
  beforeAll(async () => {
    t = await createOrderTestApp('change-race', { now: () => TEST_NOW, ordersPerMinute: 100_000 });
    calls = orderCalls(t);
    customer = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    codes = await orderableCodes(t.db, 1001, body.DeliveryDate);
    erpDir = path.join(t.dir, 'erp');
    mkdirSync(erpDir);
  });
  afterAll(() => t?.close());

  const changed = (run: number) => ({
    ...body,
    Name: `Changed ${run}`,
    ProductQuantities: [{ Code: codes[1]!.code, CaseQuantity: 1 + (run % 7), UnitQuantity: 0 }],
  });

  it(`${RUNS} times: the ERP's file is the old version and the change 409, or the change wins and the ERP's next take sees it`, {
    timeout: 600_000,
  }, async () => {
    // How long a change takes here: the ERP's rename starts after a random part of it, so
    // that both sides win some runs (started in the same tick, the ERP's rename, one system
    // call, would nearly always come before the change's claim, which reads the database first).
    const warm = await calls.place(customer, body);
    let changeMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect((await calls.change(customer, warm.id, changed(i))).statusCode).toBe(200);
      changeMs = Math.min(changeMs, performance.now() - started);
    }

    const outcomes = { erpFirst: 0, changeFirst: 0, erpAfterChange: 0 };
    for (let run = 1; run <= RUNS; run++) {
      const { id, orderNum } = await calls.place(customer, body);
      const name = exportFileName(orderNum);
      const file = path.join(t.exportDir, name);
      const taken = path.join(erpDir, name);
      const old = readFileSync(file, 'utf8');
      const delay = run % 4 === 0 ? 0 : Math.random() * changeMs;
      const erp = (delay === 0 ? Promise.resolve() : sleep(delay))
        .then(() => rename(file, taken))
        .then(
          () => 'took' as const,
          (err: NodeJS.ErrnoException) => err.code,
        );
      const put = calls.change(customer, id, changed(run));
      const [took, res] = await Promise.all([erp, put]);
      await t.app.settle();
      const saved = await calls.savedText(id);
      if (took === 'took' && res.statusCode === 409) {
        outcomes.erpFirst += 1;
        expect(res.json()).toEqual({ ErrorMessage: changeMessages.withDistributor(orderNum) });
        expect(readFileSync(taken, 'utf8')).toBe(old);
        expect(saved).toBe(old); // nothing changed: the customer was told to call
        expect(existsSync(file)).toBe(false);
      } else if (took === 'took') {
        // The ERP's rename came after the change had finished: it took the new version.
        outcomes.erpAfterChange += 1;
        expect(res.statusCode).toBe(200);
        expect(saved).not.toBe(old);
        expect(readFileSync(taken, 'utf8')).toBe(saved);
        expect(existsSync(file)).toBe(false);
      } else {
        outcomes.changeFirst += 1;
        expect(took).toBe('ENOENT');
        expect(res.statusCode).toBe(200);
        expect(saved).not.toBe(old);
        expect(readFileSync(file, 'utf8')).toBe(saved);
        await rename(file, taken); // the ERP's next take
        expect(readFileSync(taken, 'utf8')).toBe(saved);
      }
      expect(calls.leftovers()).toEqual([]);
    }
    console.log(`change race, ${RUNS} runs (change ${changeMs.toFixed(1)} ms):`, outcomes);
    expect(outcomes.erpFirst + outcomes.changeFirst + outcomes.erpAfterChange).toBe(RUNS);
    expect(outcomes.erpFirst).toBeGreaterThan(0);
    expect(outcomes.changeFirst).toBeGreaterThan(0);
  });
});
