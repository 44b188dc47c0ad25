import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration comes from the environment, is validated once at start, and a bad value
 * stops the server with a message that names the variable (design.md section 1).
 */

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(' or ')}//` },
  );

const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as America/Chicago' },
);

/**
 * Which proxies to believe about the client's address (decision 021), in the forms Fastify's
 * `trustProxy` takes: `true` means the one proxy in front (the address it appends to
 * X-Forwarded-For is the client; anything a client wrote further left is ignored), a number
 * that many proxies, a comma list those addresses or CIDR ranges. Never "every hop": the
 * left-most X-Forwarded-For is whatever the client sent, which would defeat the per-address
 * sign-in limit.
 */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (['false', '0', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    }
    const list = v.split(',').map((a) => a.trim());
    const bad = list.filter((a) => !proxyNames.has(a) && !isAddressOrRange(a));
    if (bad.length === 0 && list.length > 0) return list;
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxies (1-10), or a comma list of proxy addresses or CIDR ranges (not ${bad.join(', ') || v})`,
    });
    return z.NEVER;
  });

function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const kind = isIP(address ?? '');
  if (!kind || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  // One secret, or several separated by commas (issue 44): the first signs, every one verifies.
  SESSION_SECRET: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')).min(1))
    .optional(),
  ADMIN_USER: z.string().min(1).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: flag.optional(),
  BUSINESS_TZ: timeZone.default('America/Chicago'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Orders <orders@localhost>'),
  EXPORT_DIR: z.string().min(1).optional(),
  OUTBOX_DIR: z.string().min(1).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(4096).default(200),
  WEB_ROOT: z.string().min(1).optional(),
  MAIL_RETRY_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(0)
    .max(3600, 'must be at most 3600 (an hour)')
    .default(60),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  REMINDER_CHECK_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(0)
    .max(3600, 'must be at most 3600 (an hour)')
    .default(60),
  /** Where backups of the embedded database go (design.md 8.8); DATA_DIR/backups by default. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_HOURS: z.coerce
    .number()
    .int('must be a whole number of hours')
    .min(0)
    .max(168, 'must be at most 168 (a week)')
    .default(24),
  BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1).max(1000).default(14),
  /** GET /metrics answers only with this bearer token; unset, the path is 404 (design.md 8.8). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Tests only: the browser journeys and server processes started by tests run on a fixed
  // business day, whatever day CI runs (tests/e2e/support.ts). Refused in production.
  /** The order history file's order types that are credits (issue 43): a comma list, compared in any case. */
  CREDIT_ORDER_TYPES: z
    .string()
    .trim()
    .default('RET,CR,CM')
    .transform((v, ctx) => {
      const types = v.split(',').map((t) => t.trim().toUpperCase());
      if (types.every((t) => /^[A-Z0-9_-]{1,20}$/.test(t))) return types;
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma list of order types, such as RET,CR,CM (not ${v})`,
      });
      return z.NEVER;
    }),
  /** The export file's encoding (issue 43): UTF-8, or Windows-1252 for ERPs that read only that. */
  EXPORT_ENCODING: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['utf-8', 'windows-1252'], { message: "must be 'utf-8' or 'windows-1252'" }))
    .default('utf-8'),
  /** Price posting (design.md 8.4): a prices file may not change a period that has started. */
  PRICE_POST_AND_HOLD: flag.default(false),
  /** Volume discounts (design.md 8.4): false refuses the prices file's breaks above 1 case. */
  QUANTITY_BREAKS: flag.default(true),
  ORDERS_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1).max(1_000_000).default(30),
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int('must be a whole number of milliseconds').optional(),
  NODE_ENV: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in `pgliteDir` is used. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /**
   * SESSION_SECRET's secrets: the first signs and encrypts (session cookies, device cookies, the
   * stop links, invitations, sign-in codes), every one is accepted when checking, so a new secret
   * goes first and the old one stays behind it until what it signed has lapsed.
   */
  sessionSecrets: [string, ...string[]];
  adminUser: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  businessTz: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  exportDir: string;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  uploadLimitBytes: number;
  /** The built web app; undefined means dist/web in the repository. */
  webRoot: string | undefined;
  /** How often the mail-retry round runs; 0 turns the loop off (decision 016). */
  mailRetrySeconds: number;
  /** Orders one customer may place a minute (POST Order answers 429 past it). */
  ordersPerMinute: number;
  /** Where customers reach the site: links in mails start with it (no trailing slash). */
  publicUrl: string;
  /** How often each process checks for cutoff reminders to send; 0 turns the check off (decision 038). */
  reminderCheckSeconds: number;
  /** The order types of the order history file whose lines are returns (upper case). */
  creditOrderTypes: string[];
  /** The export file's encoding. */
  exportEncoding: 'utf-8' | 'windows-1252';
  /** The prices file refuses lines that change a period that has started (PRICE_POST_AND_HOLD). */
  pricePostAndHold: boolean;
  /** The prices file takes quantity breaks above 1 case (QUANTITY_BREAKS). */
  quantityBreaks: boolean;
  /** Tests only: milliseconds added to the real time for every business rule (TEST_CLOCK_OFFSET_MS). */
  clockOffsetMs: number;
  /** Backups of the embedded database (design.md 8.8): the folder, the hours between (0: none), how many kept. */
  backupDir: string;
  backupHours: number;
  backupKeep: number;
  /** The bearer token GET /metrics asks for; undefined: no metrics (404). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, the way shells and .env files usually mean them.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: is required with DATABASE_URL (at least 32 characters, the same for every process)',
    );
  }
  if (e.TEST_CLOCK_OFFSET_MS && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK_OFFSET_MS: moves the business clock for tests and is refused with NODE_ENV=production',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    sessionSecrets: e.SESSION_SECRET ? (e.SESSION_SECRET as [string, ...string[]]) : [keptSecret(dataDir)],
    adminUser: e.ADMIN_USER ?? 'admin',
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    businessTz: e.BUSINESS_TZ,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: e.OUTBOX_DIR ? path.resolve(e.OUTBOX_DIR) : path.join(dataDir, 'outbox'),
    exportDir: path.resolve(e.EXPORT_DIR ?? path.join(dataDir, 'exports')),
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    uploadLimitBytes: Math.round(e.UPLOAD_LIMIT_MB * 1024 * 1024),
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    clockOffsetMs: e.TEST_CLOCK_OFFSET_MS ?? 0,
    ordersPerMinute: e.ORDERS_PER_MINUTE,
    creditOrderTypes: e.CREDIT_ORDER_TYPES,
    exportEncoding: e.EXPORT_ENCODING,
    pricePostAndHold: e.PRICE_POST_AND_HOLD,
    quantityBreaks: e.QUANTITY_BREAKS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    reminderCheckSeconds: e.REMINDER_CHECK_SECONDS,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupHours: e.BACKUP_HOURS,
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The embedded setup keeps a generated session secret in DATA_DIR so sessions survive a restart. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
