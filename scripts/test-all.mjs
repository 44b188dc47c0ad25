// The one command that runs every check (README: `npm test`): lint, types, unit and
// component tests, API tests on PGlite, API tests on PostgreSQL, browser tests, on the Node
// that runs it. `.ci/run` runs it once per supported Node line (scripts/test-node-versions.mjs):
//
//   node scripts/test-all.mjs [part of a step's name ...] [--skip lint,typecheck] [--results file.json]
//
// --skip leaves steps out (by exact name; the CI's second Node run skips the two checks whose
// result does not depend on the Node running them) and --results writes each step's outcome
// and seconds as JSON for the CI's summary table.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api']],
  ['API tests on PostgreSQL', 'node', ['scripts/test-api-pg.mjs']],
  ['browser tests', 'node', ['scripts/test-e2e.mjs']],
];

const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  argv.splice(i, 2);
  return value ?? '';
};
const skip = new Set((option('--skip') ?? '').split(',').filter(Boolean));
const resultsFile = option('--results');
const only = argv;

const node = `Node ${process.versions.node}`;
const results = [];
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of steps) {
  if (skip.has(name) || (only.length && !only.some((o) => name.includes(o)))) continue;
  if (process.env.CI && failed) {
    results.push({ name, status: 'not run', seconds: 0 });
    continue;
  }
  console.log(`\n=== ${name} (${node}) ===`);
  const started = Date.now();
  // The PGlite run must not pick up a PostgreSQL URL from the environment.
  const env = name === 'API tests on PGlite' ? { ...process.env, TEST_DATABASE_URL: '' } : process.env;
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  if (r.status === 0) {
    passed++;
    results.push({ name, status: 'passed', seconds });
    console.log(`=== ${name} (${node}): passed (${seconds} s) ===`);
  } else {
    failed++;
    results.push({ name, status: 'failed', seconds });
    console.log(`=== ${name} (${node}): FAILED (${seconds} s) ===`);
  }
}
if (resultsFile)
  writeFileSync(resultsFile, JSON.stringify({ node: process.versions.node, steps: results }, null, 2));
console.log(`\non ${node}:\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
