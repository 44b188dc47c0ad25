// The API tests again, on PostgreSQL. Uses TEST_DATABASE_URL, else DATABASE_URL, else the
// local server at 127.0.0.1:5432; each run creates its own databases and drops them.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  const message = `PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')} (${err.message})`;
  if (process.env.CI) {
    console.error(`${message}: CI needs it.`);
    process.exit(1);
  }
  console.log(`${message}: skipping the PostgreSQL run. Set TEST_DATABASE_URL to run it.`);
  process.exit(0);
}

// Arguments go to vitest: `node scripts/test-api-pg.mjs src/server/modules/imports` runs those files only.
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
