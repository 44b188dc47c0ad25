import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts on the embedded database with demo data when nothing is set', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      businessTz: 'America/Chicago',
      mailRetrySeconds: 60,
    });
    expect(loadConfig({ DATA_DIR: dir, MAIL_RETRY_SECONDS: '0' }).mailRetrySeconds).toBe(0);
    expect(c.pgliteDir).toBe(path.join(dir, 'db'));
    // The generated session secret is kept, so a restart keeps people signed in.
    expect([readFileSync(path.join(dir, 'session-secret'), 'utf8')]).toEqual(c.sessionSecrets);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecrets).toEqual(c.sessionSecrets);
  });

  it('turns demo data off by default on PostgreSQL and requires a session secret there', () => {
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /SESSION_SECRET/,
    );
    const c = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://localhost/x',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['BUSINESS_TZ', 'Mars/Olympus'],
    ['SEED_DEMO', 'maybe'],
    ['SMTP_URL', 'not a url'],
    ['ADMIN_PASSWORD', 'short'],
    ['MAIL_RETRY_SECONDS', 'soon'],
    ['MAIL_RETRY_SECONDS', '-1'],
    ['MAIL_RETRY_SECONDS', '1.5'],
    ['MAIL_RETRY_SECONDS', '86400'],
    ['TEST_CLOCK_OFFSET_MS', 'tomorrow'],
    ['PUBLIC_URL', 'orders.example.com'],
    ['PUBLIC_URL', 'ftp://orders.example.com'],
    ['REMINDER_CHECK_SECONDS', '-1'],
    ['REMINDER_CHECK_SECONDS', '7200'],
    ['ORDERS_PER_MINUTE', '0'],
    ['ORDERS_PER_MINUTE', 'many'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example'],
    ['TRUST_PROXY', '1000'],
    ['CREDIT_ORDER_TYPES', 'RET;CR'],
    ['CREDIT_ORDER_TYPES', 'RET,,CM'],
    ['EXPORT_ENCODING', 'latin-1'],
    ['PRICE_POST_AND_HOLD', 'maybe'],
    ['QUANTITY_BREAKS', 'none'],
    ['BACKUP_HOURS', '-1'],
    ['BACKUP_HOURS', '1.5'],
    ['BACKUP_HOURS', '169'],
    ['BACKUP_KEEP', '0'],
    ['METRICS_TOKEN', 'short'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('trusts only the configured proxies: true is the one in front, never every hop', () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('on')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust('10.0.0.0/8, 2001:db8::/32,loopback')).toEqual(['10.0.0.0/8', '2001:db8::/32', 'loopback']);
  });

  it('starts links in mails with PUBLIC_URL, by default the local address on PORT', () => {
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://orders.example.com/' }).publicUrl).toBe(
      'https://orders.example.com',
    );
    expect(loadConfig({ DATA_DIR: dir }).reminderCheckSeconds).toBe(60);
    expect(loadConfig({ DATA_DIR: dir, REMINDER_CHECK_SECONDS: '0' }).reminderCheckSeconds).toBe(0);
  });

  it('reads the credit order types (RET, CR, CM by default) and the export encoding (UTF-8 by default)', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      creditOrderTypes: ['RET', 'CR', 'CM'],
      exportEncoding: 'utf-8',
    });
    expect(
      loadConfig({ DATA_DIR: dir, CREDIT_ORDER_TYPES: ' ret, Credit ', EXPORT_ENCODING: 'Windows-1252' }),
    ).toMatchObject({ creditOrderTypes: ['RET', 'CREDIT'], exportEncoding: 'windows-1252' });
  });

  it('reads the price posting and quantity break settings: no posting and breaks taken by default', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ pricePostAndHold: false, quantityBreaks: true });
    expect(
      loadConfig({ DATA_DIR: dir, PRICE_POST_AND_HOLD: 'true', QUANTITY_BREAKS: 'false' }),
    ).toMatchObject({
      pricePostAndHold: true,
      quantityBreaks: false,
    });
    expect(loadConfig({ DATA_DIR: dir, PRICE_POST_AND_HOLD: '1', QUANTITY_BREAKS: 'off' })).toMatchObject({
      pricePostAndHold: true,
      quantityBreaks: false,
    });
  });

  it('backs up into DATA_DIR/backups every 24 hours keeping 14, and has no metrics without METRICS_TOKEN', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      backupDir: path.join(path.resolve(dir), 'backups'),
      backupHours: 24,
      backupKeep: 14,
      metricsToken: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        BACKUP_DIR: '/srv/backups',
        BACKUP_HOURS: '0',
        BACKUP_KEEP: '30',
        METRICS_TOKEN: 'a-long-enough-token',
      }),
    ).toMatchObject({
      backupDir: '/srv/backups',
      backupHours: 0,
      backupKeep: 30,
      metricsToken: 'a-long-enough-token',
    });
  });

  it('limits each customer to 30 orders a minute unless ORDERS_PER_MINUTE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).ordersPerMinute).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, ORDERS_PER_MINUTE: '120' }).ordersPerMinute).toBe(120);
  });

  it('moves the business clock only for tests, never in production', () => {
    expect(loadConfig({ DATA_DIR: dir }).clockOffsetMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, TEST_CLOCK_OFFSET_MS: '-3600000' }).clockOffsetMs).toBe(-3_600_000);
    expect(() => loadConfig({ DATA_DIR: dir, TEST_CLOCK_OFFSET_MS: '1000', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK_OFFSET_MS: .*refused with NODE_ENV=production/,
    );
  });
});
