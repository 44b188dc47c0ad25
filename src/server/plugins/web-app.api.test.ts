import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';
import { precompress } from '../../../scripts/precompress.js';

/**
 * Issue 22: a phone downloads the app's scripts and page compressed, from copies the build
 * wrote (scripts/precompress.ts), never compressed per request: brotli where the browser takes
 * it, else gzip, else the file as it is; hashed assets cached for a year, the page never.
 */
const asset = '/assets/app-5e6f7a.js';
const script = `export const products = [${Array.from({ length: 300 }, (_, i) => `'Product ${i}'`).join(', ')}];\n`;
const page = `<!doctype html><html><head><script type="module" src="${asset}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

describe('the web app is sent compressed from the build', () => {
  let root: string;
  let t: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'bev-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), page);
    writeFileSync(path.join(root, asset), script);
    precompress(root);
    t = await createTestApp({ webRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset as brotli, gzip or plain, as the browser accepts, cached for a year', async () => {
    const br = await get(asset, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get(asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the page of any screen the browser draws (the staff site) compressed and never cached', async () => {
    const res = await get('/maint/items', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });
});

/**
 * A rebuild in place takes the page away for a moment (issue 44: 404s, and "Trying to send a
 * NotFound error inside a 404 handler" in the log). While index.html is missing, a browser is
 * told to try again in a moment, nothing is logged as an error, and the page is back with it.
 */
describe('the page while a build replaces it', () => {
  let root: string;
  let t: TestApp;
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'bev-web-swap-'));
    writeFileSync(path.join(root, 'index.html'), page);
    t = await createTestApp({
      webRoot: root,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while index.html is missing, and the page once it is back', async () => {
    rmSync(path.join(root, 'index.html'));
    const during = await t.app.inject({ method: 'GET', url: '/maint/home' });
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('1');
    expect(during.headers['cache-control']).toBe('no-store');
    expect(during.body).toMatch(/being updated/);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);

    writeFileSync(path.join(root, 'index.html'), page);
    const after = await t.app.inject({ method: 'GET', url: '/maint/home' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(page);
  });
});
