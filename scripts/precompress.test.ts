import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.js';

describe('precompress', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text files that decompress to the same bytes, and skips the rest', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ code: 'A${i}', cases: ${i} }`).join(', ')}];\n`;
    writeFileSync(path.join(dir, 'assets/app-1a2b.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets/tiny.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'assets/logo.png'), Buffer.alloc(4 * MIN_BYTES, 7));

    const done = precompress(dir);

    expect(done.map((d) => d.file).sort()).toEqual(['assets/app-1a2b.js', 'index.html']);
    const file = path.join(dir, 'assets/app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    const entry = done.find((d) => d.file === 'assets/app-1a2b.js');
    expect(entry?.brotli).toBeLessThan(entry?.gzip ?? 0);
    expect(entry?.gzip).toBeLessThan(js.length / 3);
    expect(existsSync(path.join(dir, 'assets/tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/logo.png.br'))).toBe(false);
  });
});
