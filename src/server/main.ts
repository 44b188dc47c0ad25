import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the server: configuration, listen, and a graceful close on SIGTERM / SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let generated: { user: string; password: string } | undefined;
  const app = await buildApp({
    config,
    onGeneratedAdminPassword: (user, password) => {
      generated = { user, password };
    },
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, finish requests in flight, close the database; give up after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Where people reach it: PUBLIC_URL when set (behind a proxy, issue 44), else this port here.
  const base =
    config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl;
  const lines = [
    '',
    `Beverage ordering is running at ${base}/`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo customer sign-in:  ${base}/user/login  Customer Number 1001, Zip Code 60601`,
      '  Reference customer:     Customer Number 6001, Zip Code 60611 (needs a Reference PO)',
      `  Demo people:            ${base}/user/login/email  dana.reyes@example.com (Owner of both),`,
      `                          sam.ortiz@example.com (Counter at 1001); the code is mailed to ${config.smtpUrl ? 'SMTP_URL' : config.outboxDir}`,
    );
  }
  if (generated) {
    lines.push(
      `  Staff sign-in:          ${base}/maint/login  User Name ${generated.user}, Password ${generated.password}`,
      '                          (generated now and shown only once: note it, or set ADMIN_PASSWORD)',
    );
  } else {
    lines.push(
      `  Staff sign-in:          ${base}/maint/login  User Name ${config.adminUser} (password as first set)`,
    );
  }
  if (config.clockOffsetMs !== 0) {
    lines.push(`  Clock (tests only):     moved to ${app.now().toISOString()} by TEST_CLOCK_OFFSET_MS`);
  }
  lines.push(`  API docs (staff):       ${base}/api/docs`, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
