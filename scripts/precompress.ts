// The build's text files compressed once, at build time (issue 22): brotli at its best
// quality and gzip at level 9, written beside each file as `.br` and `.gz`. The server
// (src/server/plugins/web-app.ts, @fastify/static's preCompressed) sends the one the browser
// accepts, so a phone downloads the login page's scripts compressed without the server
// compressing anything per request. vite.config.ts runs it after every build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` of at least
 * MIN_BYTES, where the compressed copy is smaller than the file; answers what it wrote.
 */
export function precompress(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    done.push({ file: path.relative(dir, file), bytes: body.length, brotli: br.length, gzip: gz.length });
  }
  return done;
}
