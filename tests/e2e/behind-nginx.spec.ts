import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import pg from 'pg';
import { adminPostgresUrl, createDatabase, dropDatabase } from '../support/pg-admin';
import { expect, installTestClock, settleOnLive, signInCustomer, startNewOrder, test } from './support';

/*
 * The product as a distributor's IT runs it (issue 44, README "Running it"): two processes of
 * the build on PostgreSQL and Redis, behind Debian's nginx with the repository's own
 * configuration (deploy/nginx.conf), TLS from a certificate made here, on a port other than
 * 443. A customer signs in and places an order through it in Chromium. nginx is installed by
 * .ci/run as Chromium is; a run elsewhere without nginx, PostgreSQL or Redis skips this.
 */

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = 'redis://127.0.0.1:6379';

/** A port free now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** What is missing for this test here; in CI nothing may be. */
async function missing(): Promise<string | null> {
  if (!nginx) return 'nginx is not installed';
  const client = new pg.Client({
    connectionString: adminPostgresUrl(postgresUrl),
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
  } catch {
    return `no PostgreSQL at ${postgresUrl}`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `no Redis at ${redisUrl}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

/** A server process of the build, its log lines kept (JSON, one per line). */
function startServer(env: Record<string, string>, lines: Record<string, unknown>[]): ChildProcess {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  void (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('{')) lines.push(JSON.parse(line));
    }
  })();
  return child;
}

async function healthy(url: string, timeoutMs: number) {
  await expect
    .poll(
      () =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: timeoutMs, intervals: [250] },
    )
    .toBe(200);
}

test('two processes behind nginx with TLS on a port other than 443: a customer signs in and places an order', async ({
  browser,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'one run is enough: the browser side is the same');
  test.setTimeout(180_000);
  const absent = await missing();
  if (absent && process.env.CI) throw new Error(`CI runs this test behind nginx: ${absent}`);
  test.skip(absent !== null, absent ?? '');

  const dir = mkdtempSync(path.join(tmpdir(), 'bev-nginx-'));
  const dbName = `bev_nginx_${randomBytes(4).toString('hex')}`;
  const [httpsPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `https://localhost:${httpsPort}`;
  const servers: ChildProcess[] = [];
  const logs: Record<string, unknown>[][] = [[], []];
  let nginxProcess: ChildProcess | undefined;
  try {
    // The certificate: self-signed for localhost, made now.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );

    // The repository's configuration with this machine's names, port, certificate and processes.
    const site = readFileSync('deploy/nginx.conf', 'utf8')
      .replace('listen 8443 ssl', `listen 127.0.0.1:${httpsPort} ssl`)
      .replace('server_name orders.example.com', 'server_name localhost')
      .replace('/etc/ssl/certs/orders.example.com.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/ssl/private/orders.example.com.key', path.join(dir, 'key.pem'))
      .replace('127.0.0.1:3001', `127.0.0.1:${portA}`)
      .replace('127.0.0.1:3002', `127.0.0.1:${portB}`);
    expect(site).toContain(`127.0.0.1:${portB}`);
    writeFileSync(path.join(dir, 'site.conf'), site);
    mkdirSync(path.join(dir, 'logs'));
    // What Debian's /etc/nginx/nginx.conf gives a site, in a folder of the test's own.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/logs/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        `  access_log ${dir}/logs/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
        `  include ${dir}/site.conf;`,
        '}',
      ].join('\n'),
    );

    const databaseUrl = await createDatabase(postgresUrl, dbName);
    const shared = {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      PUBLIC_URL: publicUrl,
      ADMIN_PASSWORD: 'nginx-admin-password',
      EXPORT_DIR: path.join(dir, 'exports'),
      WEB_ROOT: 'dist/web',
      LOG_LEVEL: 'info',
      TEST_CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS ?? '0',
    };
    // The first migrates and seeds the demo data; the second starts on it.
    servers.push(
      startServer(
        { ...shared, PORT: String(portA), DATA_DIR: path.join(dir, 'a'), SEED_DEMO: 'true' },
        logs[0]!,
      ),
    );
    await healthy(`http://127.0.0.1:${portA}/healthz`, 90_000);
    servers.push(
      startServer(
        { ...shared, PORT: String(portB), DATA_DIR: path.join(dir, 'b'), SEED_DEMO: 'false' },
        logs[1]!,
      ),
    );
    await healthy(`http://127.0.0.1:${portB}/healthz`, 90_000);

    nginxProcess = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await expect.poll(() => existsSync(path.join(dir, 'nginx.pid')), { timeout: 15_000 }).toBe(true);

    const context = await browser.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true });
    await installTestClock(context);
    const page = settleOnLive(await context.newPage());
    const home = await page.goto('/user/login');
    expect(home?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);

    await signInCustomer(page);
    const [session] = (await context.cookies()).filter((c) => c.name === 'bev_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true });

    await startNewOrder(page, { name: 'Nia Nginx', phone: '3125550199', email: 'nginx@example.com' });
    await page
      .getByRole('textbox', { name: /^Cases of / })
      .first()
      .fill('2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(confirmation).toBeVisible();
    const orderNum = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
    expect(orderNum).toMatch(/^W\d+$/);
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${publicUrl}/order/home`);
    expect(existsSync(path.join(dir, 'exports', `${orderNum}.txt`))).toBe(true);
    await context.close();

    // Both processes answered the browser, and none refused it as another site.
    const served = logs.map((l) => l.filter((x) => x.msg === 'request completed').length);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
    expect(logs.flat().filter((l) => l.msg === 'refused a state-changing request from another site')).toEqual(
      [],
    );
  } finally {
    nginxProcess?.kill('SIGQUIT');
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(
      [nginxProcess, ...servers].map(
        (p) => p && p.exitCode === null && new Promise((resolve) => p.once('exit', resolve)),
      ),
    );
    await dropDatabase(postgresUrl, dbName).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});
