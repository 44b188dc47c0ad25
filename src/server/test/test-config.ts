import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.js';

export const TEST_ADMIN = { user: 'admin', password: 'test-admin-password' };
export const TEST_SECRET = 'test-session-secret-0123456789abcdef-0123456789';

/** A configuration for tests: nothing from the environment leaks in. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? path.join(os.tmpdir(), `bev-test-${process.pid}`);
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    pgliteDir: path.join(dataDir, 'db'),
    sessionSecret: TEST_SECRET,
    adminUser: TEST_ADMIN.user,
    adminPassword: TEST_ADMIN.password,
    seedDemo: true,
    businessTz: 'America/Chicago',
    smtpUrl: undefined,
    mailFrom: 'Orders <orders@example.test>',
    outboxDir: path.join(dataDir, 'outbox'),
    exportDir: path.join(dataDir, 'exports'),
    redisUrl: undefined,
    trustProxy: false,
    logLevel: 'silent',
    uploadLimitBytes: 50 * 1024 * 1024,
    webRoot: undefined,
    // Tests run the mail-retry round themselves, at the instants they choose.
    mailRetrySeconds: 0,
    ...overrides,
  };
}
