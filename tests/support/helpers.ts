import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import { type Database, type Db, pgDatabase } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from './pg-admin.js';
import { TEST_ADMIN, TEST_NOW, testConfig } from './test-config.js';

export { TEST_ADMIN, TEST_NOW };

/** Which database this run tests against: `pg` when TEST_DATABASE_URL is set. */
export const dbKind: 'pg' | 'pglite' = inject('pgTemplateUrl') ? 'pg' : 'pglite';

/** A fresh copy of the prepared test database (migrated, demo data, test admin). */
export async function freshDatabase(): Promise<Database> {
  const templateUrl = inject('pgTemplateUrl');
  if (templateUrl) {
    const template = new URL(templateUrl).pathname.slice(1);
    const name = `bev_t_${randomBytes(5).toString('hex')}`;
    const url = await createDatabase(templateUrl, name, template);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', () => {});
    const database = pgDatabase(pool, url);
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(adminPostgresUrl(templateUrl), name);
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, on TEST_NOW's clock unless `now` says otherwise; `close` closes both. */
export async function createTestApp(
  opts: Omit<Partial<BuildOptions>, 'config'> & { config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({
    logger: false,
    skipMigrate: true,
    now: () => TEST_NOW,
    ...opts,
    config: testConfig(opts.config),
    database,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie a response set, ready for a `cookie` request header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  // The raw header keeps the value URL-encoded, as a browser sends it back.
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const raw = all.find((h) => h.startsWith('bev_session='));
  if (!raw) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return raw.split(';')[0]!;
}

export async function signInCustomer(
  app: FastifyInstance,
  companyId = 1001,
  zipcode = 60601,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/Authenticate',
    payload: { CompanyId: companyId, Zipcode: zipcode },
  });
  if (res.statusCode !== 200) throw new Error(`customer sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** The OpenAPI document, read as staff read it (it is for signed-in admins: decision 026). */
export async function readOpenApi(
  app: FastifyInstance,
): Promise<{ paths: Record<string, Record<string, unknown>> }> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/openapi.json',
    headers: { cookie: await signInAdmin(app) },
  });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function signInAdmin(
  app: FastifyInstance,
  user = TEST_ADMIN.user,
  password = TEST_ADMIN.password,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/Maint/Authenticate',
    payload: { User: user, Password: password },
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
