import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardGuideCustomer } from '#support/guide-fixtures.js';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { testConfig } from '#support/test-config.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { customerProducts, customers, products } from '../../db/schema.js';
import { orderGuideJson } from './order-guide.service.js';

const today = businessToday(TEST_NOW, 'America/Chicago');
const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

interface GuideProduct {
  Code: string;
  Description: string;
  UnitsPerCase: number;
  TimesOrdered: number;
  History: Record<string, number>;
  Par: number | null;
}

/**
 * Every write to what a guide reads shows on the next GET, whoever made it: the customer,
 * staff, an import, SQL, or another process (here a second app on the same database), so no
 * process may keep a guide it built. `reader` reads the guide before and after; `writer` writes.
 */
describe('GET Customer/{id}/OrderGuide after a write, from another app on the same database', () => {
  let t: TestApp;
  let writer: FastifyInstance;
  let writerDatabase: Database | null = null;
  let id: number;
  let own: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    // PostgreSQL: a pool of its own, as another process has; PGlite is one database in one
    // process, so the second app shares it.
    if (t.database.kind === 'pg') {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      writerDatabase = await openDatabase({ databaseUrl: url, poolMax: 2 });
    }
    writer = await buildApp({
      logger: false,
      skipMigrate: true,
      now: () => TEST_NOW,
      config: testConfig(),
      database: writerDatabase ?? t.database,
    });
    await writer.ready();
    id = (await standardGuideCustomer(t.db, today)).id;
    own = await signInCustomer(t.app, 4701, 60701);
    admin = await signInAdmin(writer);
  });
  afterAll(async () => {
    await writer.close();
    await writerDatabase?.close();
    await t.close();
  });

  /** The reader's answer, checked against one built from the database alone, byte for byte. */
  const read = async (date = today) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${id}/OrderGuide?date=${date}`,
      headers: { cookie: own },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await orderGuideJson(t.database, id, today, date));
    return res.json() as { DeliveryDates: string[]; Products: GuideProduct[] };
  };
  const product = async (code: string) => (await read()).Products.find((p) => p.Code === code);
  const upload = (url: string, content: string) => {
    const body = multipartFile(content, { fileName: 'import.txt' });
    return writer.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
  };

  it('answers the same bytes again while nothing changed', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${id}/OrderGuide`,
      headers: { cookie: own },
    });
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${id}/OrderGuide`,
      headers: { cookie: own },
    });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    await read();
  });

  it('shows a par saved by the customer', async () => {
    expect(await product('G-3')).toBeUndefined();
    const saved = await writer.inject({
      method: 'PUT',
      url: `/api/v1/Customer/${id}/Pars`,
      headers: { cookie: own },
      payload: [{ Code: 'G-3', Par: 4 }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await product('G-3'))?.Par).toBe(4);
  });

  it('shows a product staff edited', async () => {
    await read();
    const [g1] = await t.db.select().from(products).where(eq(products.code, 'G-1'));
    const res = await writer.inject({
      method: 'POST',
      url: '/api/v1/Product',
      headers: { cookie: admin },
      payload: { Id: g1!.id, Code: 'G-1', Description: 'Zeta Lager Gold', Units: 24, IsCaseOnly: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await product('G-1'))?.Description).toBe('Zeta Lager Gold');
  });

  it('leaves out a product whose link staff removed', async () => {
    expect(await product('G-2')).toBeDefined();
    const [link] = await t.db
      .select({ id: customerProducts.id })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .where(and(eq(customerProducts.customerId, id), eq(products.code, 'G-2')));
    const res = await writer.inject({
      method: 'DELETE',
      url: `/api/v1/Customer/${id}/Product/${link!.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    expect(await product('G-2')).toBeUndefined();
  });

  it('shows a product the items import changed', async () => {
    expect((await product('G-1'))?.UnitsPerCase).toBe(24);
    const res = await upload('/api/ItemImport', 'G-1\tZeta Lager Gold\t12\t1\tY\tCAN\tCS\n');
    expect(res.json()).toMatchObject({ Updated: 1 });
    expect((await product('G-1'))?.UnitsPerCase).toBe(12);
  });

  it('leaves out a product whose link the customer items import ended', async () => {
    expect(await product('G-1')).toBeDefined();
    const ended = addDays(today, -1);
    const res = await upload('/api/CustomerItemsImport', `4701\tG-1\t\t${ended}\t0\n`);
    expect(res.json()).toMatchObject({ Updated: 1 });
    expect(await product('G-1')).toBeUndefined();
    // The guide for a date the link still covered lists it, with the same figures.
    expect((await read(ended)).Products.map((p) => p.Code)).toContain('G-1');
  });

  it('counts past orders the order history import added', async () => {
    const before = await product('G-3');
    expect(before?.TimesOrdered).toBe(0);
    const day = addDays(today, -1);
    const line = [usDate(addDays(day, -2)), 4701, 'Guide Test', usDate(day), 'H-GUIDE-1', 'Pat']
      .concat(['3125550142', 'REG', 'G-3', 'Mid Stout', '24', '0', '6'])
      .join('\t');
    const res = await upload('/api/OrderHistoryImport', `${line}\n`);
    expect(res.json()).toMatchObject({ Inserted: 1 });
    const after = await read();
    expect(after.DeliveryDates.at(-1)).toBe(day);
    expect(after.Products.find((p) => p.Code === 'G-3')).toMatchObject({
      TimesOrdered: 1,
      History: { [day]: 6 },
    });
  });

  it('shows what a write outside the services changed (SQL, a script)', async () => {
    await read();
    await writer.database.db
      .update(products)
      .set({ description: 'Mid Stout Nitro' })
      .where(eq(products.code, 'G-3'));
    expect((await product('G-3'))?.Description).toBe('Mid Stout Nitro');
  });

  it('answers 404 once the customer is gone, as for an unknown one', async () => {
    await read();
    const adminOnReader = await signInAdmin(t.app);
    await writer.database.db.delete(customers).where(eq(customers.id, id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${id}/OrderGuide`,
      headers: { cookie: adminOnReader },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET Customer/{id}/OrderGuide on the next business day', () => {
  let t: TestApp;
  let now = TEST_NOW;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  // Nothing is written overnight, yet every figure counts back from a new day.
  it('counts back from the new day', async () => {
    const { id } = await standardGuideCustomer(t.db, today);
    // The same delivery date asked for on both days, each day in a session of its own (a
    // session lasts a working day: decision 066).
    const date = addDays(today, 7);
    const get = async () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/Customer/${id}/OrderGuide?date=${date}`,
        headers: { cookie: await signInCustomer(t.app, 4701, 60701) },
      });
    expect((await get()).json().DeliveryDates.at(-1)).toBe(addDays(today, -3));
    now = new Date(TEST_NOW.getTime() + 86_400_000);
    const tomorrow = addDays(today, 1);
    const res = await get();
    // Today's order (50 cases of G-1) is delivered: it is the newest date now.
    expect(res.json().DeliveryDates.at(-1)).toBe(today);
    expect(res.body).toBe(await orderGuideJson(t.database, id, tomorrow, date));
  });
});
