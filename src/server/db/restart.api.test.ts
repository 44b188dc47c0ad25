import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signInAdmin, TEST_ADMIN } from '#support/helpers.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { testConfig } from '#support/test-config.js';
import { buildApp } from '../app.js';

/**
 * The real start path: an empty database is migrated (and seeded on the embedded one), the
 * first admin created; a second start on the same data finds everything as it was left.
 */
describe('a restart keeps the data', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-restart-'));
  const templateUrl = inject('pgTemplateUrl');
  const dbName = `bev_r_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (templateUrl) await dropDatabase(adminPostgresUrl(templateUrl), dbName);
  });

  it('migrates an empty database, then a second start sees the saved footer and admin', async () => {
    const databaseUrl = templateUrl ? await createDatabase(templateUrl, dbName) : undefined;
    const config = testConfig({
      dataDir,
      pgliteDir: path.join(dataDir, 'db'),
      databaseUrl,
      seedDemo: !databaseUrl,
    });
    const generated: string[] = [];
    const first = await buildApp({
      config,
      logger: false,
      onGeneratedAdminPassword: (_u, p) => generated.push(p),
    });
    const cookie = await signInAdmin(first, TEST_ADMIN.user, TEST_ADMIN.password);
    const saved = await first.inject({
      method: 'POST',
      url: '/api/v1/Footer',
      headers: { cookie },
      payload: { Footer: '<p>Kept</p>' },
    });
    expect(saved.statusCode).toBe(200);
    await first.close();
    expect(generated).toEqual([]);

    const second = await buildApp({ config, logger: false });
    try {
      expect((await second.inject({ method: 'GET', url: '/api/v1/Footer' })).json()).toEqual({
        Footer: '<p>Kept</p>',
      });
      // The session cookie from the first start is still good: the key comes from the same secret.
      const session = await second.inject({ method: 'GET', url: '/api/v1/Session', headers: { cookie } });
      expect(session.json().Role).toBe('admin');
    } finally {
      await second.close();
    }
    // Two starts, the first migrating an empty database and seeding it: about 20 s on PGlite
    // with the machine to itself, and past the 30 s default while other suites share the cores.
  }, 90_000);
});
