// Prints the gzip size of the JavaScript a browser loads for the customer login page (goal:
// at most 170 kB), and checks that none of it is the maintenance site's code.
// Usage: npm run bench:bundle  (builds first unless --no-build)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve('dist/web');
if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
// A bare static server: the login page's JavaScript does not depend on the API answering.
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x').pathname;
  if (url.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"ErrorMessage":"bench"}');
    return;
  }
  let file = path.join(root, path.normalize(url));
  if (!file.startsWith(root) || !existsSync(file) || url === '/' || !path.extname(url))
    file = path.join(root, 'index.html');
  res
    .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    .end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage();
const scripts = new Set();
page.on('response', (res) => {
  const u = new URL(res.url());
  if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
});
await page.goto(`http://127.0.0.1:${port}/user/login`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Login' }).waitFor({ timeout: 15_000 });
// Everything, including what the page fetches once idle (the toast host): all of it counts.
await page.waitForTimeout(2000);
await browser.close();
server.close();

let raw = 0;
let gz = 0;
const rows = [];
for (const p of [...scripts].sort()) {
  const buf = readFileSync(path.join(root, p));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push(
    `  ${p.padEnd(60)} ${(buf.length / 1024).toFixed(1).padStart(8)} kB  ${(g / 1024).toFixed(1).padStart(7)} kB gzip`,
  );
}
console.log('JavaScript loaded by /user/login, including what it fetches once idle:');
console.log(rows.join('\n'));
console.log(
  `total: ${(raw / 1024).toFixed(1)} kB, ${(gz / 1024).toFixed(1)} kB gzip (goal: at most 170 kB gzip)`,
);
const maint = [...scripts].filter((s) => /maint|admin/i.test(s));
console.log(
  maint.length
    ? `maintenance chunks loaded (should be none): ${maint.join(', ')}`
    : 'maintenance chunks loaded: none',
);
