import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import { type Database, type Db, migrateDatabase, openDatabase } from './db/client.js';
import { every } from './lib/every.js';
import { HttpError } from './lib/http-error.js';
import { mailsCounter } from './lib/metrics.js';
import { requestIdOptions } from './lib/request-ids.js';
import { ensureFirstAdmin } from './modules/auth/auth.service.js';
import { BackupKeeper } from './modules/backups/backups.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { removeLeftoverUploads, spoolDir } from './modules/imports/import-upload.js';
import { importRoutes } from './modules/imports/imports.routes.js';
import { apiRoutes } from './modules/index.js';
import { startMailRetryLoop } from './modules/mail/mail-retry.js';
import { createMailer, type Mailer, warnOfOutboxPerProcess } from './modules/mail/mailer.js';
import { settleExportClaims } from './modules/orders/export-claim.js';
import { setExportEncoding } from './modules/orders/order-export.js';
import { ORDERS_PER_MINUTE } from './modules/orders/order-rate.js';
import { pageRoutes } from './modules/pages/pages.routes.js';
import { startReminderLoop } from './modules/reminders/reminders.js';
import { standingDeps } from './modules/standing-orders/standing-orders.routes.js';
import { startStandingOrderLoop } from './modules/standing-orders/standing-orders-check.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import {
  defaultThrottleLimits,
  type FailureStore,
  LoginThrottle,
  memoryFailureStore,
  redisFailureStore,
  type ThrottleLimits,
} from './plugins/login-throttle.js';
import { metricsPlugin } from './plugins/metrics.js';
import { proxyWarningPlugin } from './plugins/proxy-warning.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { memorySignInStats, redisSignInStats } from './plugins/sign-in-stats.js';
import { defaultSlowClientLimits, type SlowClientLimits, slowClientsPlugin } from './plugins/slow-clients.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    /** The clock every business rule reads; tests inject a fixed one. */
    now(): Date;
    loginThrottle: LoginThrottle;
    mailer: Mailer;
    /** Runs work after the answer (a confirmation mail); close() waits for it. */
    background(work: Promise<unknown>): void;
    /** Resolves when the background work started so far has ended (tests, shutdown). */
    settle(): Promise<void>;
    /** Orders one customer may place a minute (POST Order answers 429 past it). */
    ordersPerMinute: number;
    /** Backups of the embedded database (design.md 8.8). */
    backups: BackupKeeper;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Skip migrations and first-run data (the database is already prepared). */
  skipMigrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  throttle?: Partial<ThrottleLimits>;
  /** Orders per customer a minute; 30 unless given (load tests raise it). */
  ordersPerMinute?: number;
  /** Body progress, header and keep-alive limits, connection cap (tests shorten them). */
  slowClients?: Partial<SlowClientLimits>;
  /** Called once with a generated first-admin password, so that main.ts can print it. */
  onGeneratedAdminPassword?: (userName: string, password: string) => void;
  /** Where the built React app is; defaults to dist/web. */
  webRoot?: string;
}

/** The real time, or for tests the real time moved by a fixed offset (TEST_CLOCK_OFFSET_MS). */
function clock(offsetMs: number): () => Date {
  return offsetMs === 0 ? () => new Date() : () => new Date(Date.now() + offsetMs);
}

/**
 * TRUST_PROXY as Fastify takes it (decision 021). A hop count becomes "the n nearest hops":
 * Fastify 5 turns a bare number into "trust nothing" (it cannot tell a direct client from the
 * proxy), so the count is given as a function; the address list form also checks the peer.
 */
function fastifyTrustProxy(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** How often the backup schedule looks whether the newest backup is BACKUP_HOURS old. */
const BACKUP_CHECK_SECONDS = 600;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...requestIdOptions,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Sign-in and JSON bodies are small; the uploads have their own limit (multipart).
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !opts.database;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  app.decorate('config', config);
  app.decorate('database', { getter: () => database });
  app.decorate('db', database.db);
  app.decorate('now', opts.now ?? clock(config.clockOffsetMs));
  app.decorate('ordersPerMinute', opts.ordersPerMinute ?? config.ordersPerMinute ?? ORDERS_PER_MINUTE);
  const backups = new BackupKeeper(
    database,
    { dir: config.backupDir, hours: config.backupHours, keep: config.backupKeep },
    app.now,
    app.log,
  );
  app.decorate('backups', backups);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  if (!opts.skipMigrate) {
    await migrateDatabase(database, async (db) => {
      const admin = await ensureFirstAdmin(db, config.adminUser, config.adminPassword);
      if (admin.generatedPassword) opts.onGeneratedAdminPassword?.(config.adminUser, admin.generatedPassword);
      if (config.seedDemo) {
        const { seedDemo } = await import('./db/seed/demo.js');
        await seedDemo(db, { now: app.now(), businessTz: config.businessTz, log: (m) => app.log.info(m) });
      }
    });
  }

  warnOfOutboxPerProcess(config, app.log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
  });
  // Every mail counted once, sent or failed (design.md 8.8): the confirmations, the reminders,
  // the standing orders' notices and the sign-in codes all go through this one mailer.
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    try {
      const sent = await send(message);
      mailsCounter.inc({ result: 'sent' });
      return sent;
    } catch (err) {
      mailsCounter.inc({ result: 'failed' });
      throw err;
    }
  };
  app.decorate('mailer', mailer);
  const pending = new Set<Promise<unknown>>();
  app.decorate('background', (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  app.decorate('settle', async () => {
    await Promise.allSettled([...pending]);
  });
  app.addHook('onClose', async () => {
    await app.settle();
    mailer.close();
  });
  // The loops' work takes plain values (issue 35); only their start and stop are the app's.
  const loopDeps = () => ({ db: app.db, database: app.database, mailer, now: app.now, log: app.log, config });
  loopWhenReady(app, config.mailRetrySeconds, (s) => startMailRetryLoop(loopDeps(), s));
  loopWhenReady(app, config.reminderCheckSeconds, (s) => startReminderLoop(loopDeps(), s));
  // Standing orders are checked as often as reminders: each minute unless set otherwise.
  loopWhenReady(app, config.reminderCheckSeconds, (s) =>
    startStandingOrderLoop(standingDeps(app, app.log), s),
  );
  // Backups of the embedded database (design.md 8.8): checked every 10 minutes, taken when the
  // newest is BACKUP_HOURS old; a failure is logged, shown on the dashboard, and tried again.
  if (database.kind === 'pglite' && config.backupHours > 0)
    loopWhenReady(app, BACKUP_CHECK_SECONDS, (s) =>
      every(s, app.log.child({ task: 'backups' }), () => backups.takeIfDue(), 'scheduled backup failed'),
    );
  setExportEncoding(config.exportDir, config.exportEncoding, app.log);
  app.addHook('onReady', async () => {
    const removed = await removeLeftoverUploads(spoolDir(config.dataDir));
    if (removed.length)
      app.log.warn({ files: removed }, 'removed uploads left in the spool by an earlier process');
    // Export file claims a killed process left (decision 052): settled once their lease passed.
    await settleExportClaims(
      app.db,
      { exportDir: config.exportDir, tz: config.businessTz, now: app.now() },
      app.log,
    ).catch((err) => app.log.error({ err }, 'export file claims could not be settled at start'));
  });

  const limits = { ...defaultThrottleLimits, ...opts.throttle };
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const store: FailureStore = redis
    ? redisFailureStore(redis, limits.windowMs)
    : memoryFailureStore(limits.windowMs);
  const stats = redis ? redisSignInStats(redis) : memorySignInStats();
  app.decorate('loginThrottle', new LoginThrottle(store, limits, stats));
  app.addHook('onClose', async () => app.loginThrottle.close());

  await app.register(slowClientsPlugin, { ...defaultSlowClientLimits, ...opts.slowClients });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(proxyWarningPlugin, {
    enabled: !config.trustProxy,
  });
  await app.register(sessionPlugin, { secrets: config.sessionSecrets });
  await app.register(authPlugin);
  // A ceiling on any one address hammering the sign-in calls, on top of the failure counts.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'bev:rl:' } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Wholesale beverage ordering API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bev_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page (and the document it loads from /api/docs/json) is for staff: the
  // API's map is no business of anonymous scanners (issue 15, item 11; decision 026).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: app.requireRole('admin') },
  });

  await app.register(healthRoutes);
  await app.register(metricsPlugin);
  await app.register(
    async (api) => {
      // The same document as /api/docs/json, for staff and the ERP's scripts (decision 026).
      api.get('/openapi.json', { schema: { hide: true }, onRequest: app.requireRole('admin') }, async () =>
        api.swagger(),
      );
      await api.register(apiRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(importRoutes, { prefix: '/api' });

  const webRoot = opts.webRoot ?? config.webRoot ?? path.join(repoRoot, 'dist/web');
  await app.register(pageRoutes, { webRoot, sourceRoot: path.join(repoRoot, 'src/web') });
  await app.register(webAppPlugin, { root: webRoot });
  return app;
}

/**
 * A background loop (the mail retries, decision 016; the cutoff reminders, decision 038) runs
 * every `seconds` in every process once the app is ready; preClose stops it and waits for its
 * round before onClose closes the mailer and the database. 0 seconds: it never starts.
 */
function loopWhenReady(app: FastifyInstance, seconds: number, start: (s: number) => () => Promise<void>) {
  if (seconds <= 0) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = start(seconds);
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
