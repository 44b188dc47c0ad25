import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/db/seed/demo.js';
import { ensureFirstAdmin } from '../../src/server/modules/auth/auth.service.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from './pg-admin.js';
import { TEST_ADMIN, TEST_NOW } from './test-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a migrated, seeded data directory dump that every test file restores. */
    pgliteSnapshot: string;
    /** PostgreSQL runs: the template database every test file copies. */
    pgTemplateUrl: string;
  }
}

/**
 * Prepares one migrated database with the demo data and the test admin, once per run:
 * PGlite files restore its dump (migrating PGlite takes seconds), PostgreSQL files copy it
 * as a template (CREATE DATABASE ... TEMPLATE). TEST_DATABASE_URL picks PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bev_tpl_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(pgUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
    await migrateDatabase(database, prepare);
    await database.close();
    project.provide('pgTemplateUrl', url);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await dropDatabase(adminPostgresUrl(pgUrl), name);
    };
  }
  const database = await openDatabase({});
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(database, prepare);
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-snapshot-'));
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplateUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(db: Parameters<typeof seedDemo>[0]) {
  await ensureFirstAdmin(db, TEST_ADMIN.user, TEST_ADMIN.password);
  await seedDemo(db, { now: TEST_NOW, businessTz: 'America/Chicago' });
}
