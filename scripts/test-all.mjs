// The one command that runs every check (README: `npm test`): lint, types, unit and
// component tests, API tests on PGlite, API tests on PostgreSQL, browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api']],
  ['API tests on PostgreSQL', 'node', ['scripts/test-api-pg.mjs']],
  ['browser tests', 'node', ['scripts/test-e2e.mjs']],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // The PGlite run must not pick up a PostgreSQL URL from the environment.
  const env = name === 'API tests on PGlite' ? { ...process.env, TEST_DATABASE_URL: '' } : process.env;
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    passed++;
    console.log(`=== ${name}: passed (${seconds} s) ===`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED (${seconds} s) ===`);
    if (process.env.CI) break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
