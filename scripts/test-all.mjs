// The one command that runs every check (README: `npm test`): lint, types, unit and
// component tests, API tests on PGlite, API tests on PostgreSQL, browser tests, on the Node
// that runs it. `.ci/run` runs it once per supported Node line (scripts/test-node-versions.mjs):
//
//   node scripts/test-all.mjs [part of a step's name ...] [--skip lint,typecheck] [--results file.json]
//
// --skip leaves steps out (by exact name; the CI's second Node run skips the two checks whose
// result does not depend on the Node running them, and the steps it runs once) and --results writes each step's outcome,
// seconds and the lines naming its failed tests as JSON for the CI's summary, which repeats
// those names at its end: a long log is often read from its end only.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['component tests', 'npx', ['vitest', 'run', '--project', 'web']],
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

// Vitest's "FAIL  api  file > test" lines and Playwright's "✘ [phone] › file › test" lines.
const failureLine = /(^|\s)(FAIL|✘)\s/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes of coloured output.
const colours = /\u001b\[[0-9;]*m/g;

/** Runs a step with its output shown as it comes, and keeps the lines that name failed tests. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    // Through a pipe the tools would drop their colours; a terminal keeps them.
    const colour = process.stdout.isTTY && !env.NO_COLOR ? { FORCE_COLOR: '1' } : {};
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...env, ...colour } });
    const failures = new Set();
    let rest = '';
    const take = (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.replace(colours, '').trim();
        if (failureLine.test(line) && failures.size < 30) failures.add(line.slice(0, 300));
      }
    };
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      take(d);
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      take(d);
    });
    child.on('close', (code, signal) => {
      take('\n');
      resolve({ status: code ?? (signal ? 1 : 0), failures: [...failures] });
    });
  });
}
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
  const { status, failures } = await run(cmd, args, env);
  const seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  if (status === 0) {
    passed++;
    results.push({ name, status: 'passed', seconds });
    console.log(`=== ${name} (${node}): passed (${seconds} s) ===`);
  } else {
    failed++;
    results.push({ name, status: 'failed', seconds, failures });
    console.log(`=== ${name} (${node}): FAILED (${seconds} s) ===`);
  }
}
if (resultsFile)
  writeFileSync(resultsFile, JSON.stringify({ node: process.versions.node, steps: results }, null, 2));
console.log(`\non ${node}:\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
