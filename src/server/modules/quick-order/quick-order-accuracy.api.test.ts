import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { quickOrderMessages } from '../../../../tests/fixtures/quick-order-messages.js';
import type { QuickOrderLine } from '../../../domain/quick-order.schema.js';
import { products } from '../../db/schema.js';

/**
 * The quick order's accuracy (issue 41): the messages of tests/fixtures/quick-order-messages.ts,
 * written as customers text their rep, against the demo catalogue and history. At least 90% of
 * their lines get the right product (none for a line that is not an order) with the right cases
 * and units, and no line is marked sure with a wrong product or quantity. The figure is printed.
 */
describe('the quick order reads messages as customers write them', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('gets at least 90% of the lines right, and none marked sure wrong', async () => {
    const codeOf = new Map((await t.db.select().from(products)).map((p) => [p.description, p.code]));
    let right = 0;
    let lines = 0;
    let sure = 0;
    const wrong: string[] = [];
    const sureWrong: string[] = [];
    for (const message of quickOrderMessages) {
      const customer = await customerByCompany(t.db, message.companyId);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/Customer/${customer.id}/QuickOrder`,
        headers: { cookie: admin },
        payload: { Text: message.text },
      });
      expect(res.statusCode).toBe(200);
      const answered: QuickOrderLine[] = res.json().Lines;
      expect(answered.map((l) => l.Text)).toHaveLength(message.expected.length);
      message.expected.forEach((want, i) => {
        const got = answered[i]!;
        const code = want.description === null ? null : codeOf.get(want.description);
        expect(code, want.description ?? '').not.toBeUndefined();
        const ok =
          got.Code === code && (code === null || (got.Cases === want.cases && got.Units === want.units));
        lines += 1;
        if (got.Sure) sure += 1;
        if (ok) right += 1;
        else {
          const said = `${message.companyId} "${got.Text}": got ${got.Code} ${got.Description} ${got.Cases}/${got.Units}${got.Sure ? ' SURE' : ''}, want ${code} ${want.description} ${want.cases}/${want.units}`;
          wrong.push(said);
          if (got.Sure) sureWrong.push(said);
        }
      });
    }
    const share = right / lines;
    console.log(
      `quick order accuracy: ${right} of ${lines} lines right (${(share * 100).toFixed(1)}%), ${sure} marked sure, ${sureWrong.length} of them wrong\n${wrong.join('\n')}`,
    );
    expect(lines).toBeGreaterThanOrEqual(200);
    expect(sureWrong).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
