import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../src/server/config.js';

export const TEST_ADMIN = { user: 'admin', password: 'test-admin-password' };
/**
 * The instant every API test runs at, whatever day CI runs: Wednesday 11/25/2026, 10:00 AM
 * Central, well before the 4 PM cutoff. The demo data is seeded for it, test apps read it as
 * their clock, and tests that need another moment (a cutoff, a daylight-saving day) set their
 * own `now`. Server processes started by tests run from it (`testClockEnv`).
 */
export const TEST_NOW = new Date('2026-11-25T10:00:00-06:00');

/**
 * The environment that puts a server process on TEST_NOW, or `laterMs` after it (its clock then
 * runs on from there). The real clock is read only to turn that instant into an offset.
 */
export function testClockEnv(laterMs = 0): { TEST_CLOCK_OFFSET_MS: string } {
  return { TEST_CLOCK_OFFSET_MS: String(TEST_NOW.getTime() + laterMs - Date.now()) };
}

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
    sessionSecrets: [TEST_SECRET],
    adminUser: TEST_ADMIN.user,
    adminPassword: TEST_ADMIN.password,
    seedDemo: true,
    businessTz: 'America/Chicago',
    creditOrderTypes: ['RET', 'CR', 'CM'],
    exportEncoding: 'utf-8',
    pricePostAndHold: false,
    quantityBreaks: true,
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
    clockOffsetMs: 0,
    ordersPerMinute: 30,
    publicUrl: 'https://orders.example.test',
    // Tests run the reminder check themselves (POST Reminders/Run or runReminderCheck).
    reminderCheckSeconds: 0,
    // Tests take backups themselves (POST Backup), into the test's own folder.
    backupDir: path.join(dataDir, 'backups'),
    backupHours: 0,
    backupKeep: 14,
    metricsToken: undefined,
    ...overrides,
  };
}
