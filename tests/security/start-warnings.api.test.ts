import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#support/helpers.js';
import { TEST_SECRET } from '#support/test-config.js';
import { loadConfig } from '../../src/server/config.js';
import { outboxWarning } from '../../src/server/modules/mail/mailer.js';

/**
 * What whoever runs it is told at start (issue 44): on PostgreSQL without SMTP_URL, the mails
 * stay in this process's own folder, which several processes would each keep apart. The app is
 * built with PostgreSQL's settings (its database is the test's), and only its log is read.
 */
describe('the start-up warning about mails kept in one process', () => {
  const logsOf = async (config: Parameters<typeof createTestApp>[0]) => {
    const logs: { level: number; msg: string; outboxDir?: string }[] = [];
    const t = await createTestApp({
      ...config,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
    await t.close();
    return logs.filter((l) => l.msg === outboxWarning);
  };
  const dataDir = path.join(os.tmpdir(), 'bev-warnings');
  const onPostgres = { databaseUrl: 'postgres://postgres@127.0.0.1:5432/beverages', dataDir };

  it('warns on PostgreSQL without SMTP_URL, naming the folder', async () => {
    const warned = await logsOf({ config: { ...onPostgres, outboxDir: path.join(dataDir, 'outbox') } });
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, outboxDir: path.join(dataDir, 'outbox') });
    expect(outboxWarning).toMatch(
      /set SMTP_URL to send them, or OUTBOX_DIR to one folder every process shares/,
    );
  });

  it('is quiet with SMTP_URL, with a shared OUTBOX_DIR, and on the embedded database', async () => {
    expect(
      await logsOf({
        config: { ...onPostgres, outboxDir: path.join(dataDir, 'outbox'), smtpUrl: 'smtp://127.0.0.1:2525' },
      }),
    ).toEqual([]);
    expect(await logsOf({ config: { ...onPostgres, outboxDir: '/srv/shared/outbox' } })).toEqual([]);
    expect(await logsOf({ config: { dataDir, outboxDir: path.join(dataDir, 'outbox') } })).toEqual([]);
  });

  it('reads OUTBOX_DIR, by default DATA_DIR/outbox', () => {
    const env = { DATA_DIR: '/srv/bev', SESSION_SECRET: TEST_SECRET };
    expect(loadConfig(env).outboxDir).toBe(path.resolve('/srv/bev/outbox'));
    expect(loadConfig({ ...env, OUTBOX_DIR: '/mnt/shared/outbox' }).outboxDir).toBe('/mnt/shared/outbox');
  });
});
