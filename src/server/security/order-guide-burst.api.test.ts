import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../../domain/business-date.js';
import { GuideCache } from '../modules/order-guide/guide-cache.js';
import { orderGuideJson } from '../modules/order-guide/order-guide.service.js';
import { standardGuideCustomer } from '../test/guide-fixtures.js';
import { createTestApp, signInCustomer, TEST_NOW, type TestApp } from '../test/helpers.js';
import { request } from '../test/socket-client.js';

const READS = 30;
const ROUNDS = 5;
const today = businessToday(TEST_NOW, 'America/Chicago');

/**
 * The order guide's cache (decision 054) under a burst over real sockets, each request on its
 * own connection, all sent in one tick: 30 reads of one customer's guide with a par saved among
 * them. Reads that built the guide before the save may store it under the old version; the
 * next read must still see the new par, byte for byte as the database builds it afresh.
 */
describe('a burst of order guide reads with a par saved among them, through real sockets', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    id = (await standardGuideCustomer(t.db, today)).id;
    cookie = await signInCustomer(t.app, 4701, 60701);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/Customer/${id}`;
  });
  afterAll(() => t?.close());

  it('answers every read, and the read after each burst has the par just saved', async () => {
    const headers = { cookie };
    const guide = `${base}/OrderGuide?date=${today}`;
    for (let round = 1; round <= ROUNDS; round++) {
      const reads = Array.from({ length: READS }, () => request(guide, { headers }));
      // In the middle of the burst, in the same tick.
      reads.splice(
        READS / 2,
        0,
        request(`${base}/Pars`, { method: 'PUT', headers, body: [{ Code: 'G-3', Par: round }] }),
      );
      const answers = await Promise.all(reads);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

      const after = await request(guide, { headers });
      expect(after.status).toBe(200);
      const products = (JSON.parse(after.body) as { Products: { Code: string; Par: number | null }[] })
        .Products;
      expect(products.find((p) => p.Code === 'G-3')?.Par).toBe(round);
      expect(after.body).toBe(await orderGuideJson(t.database, new GuideCache(), id, today, today));
    }
  });
});
