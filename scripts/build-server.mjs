// The server as production runs it (decision 047): src/server/main.ts and everything it imports
// from src/ bundled by esbuild into one file, dist/server/main.js, with its source map; the
// packages stay in node_modules, imported as they are. The migrations go beside it, where
// src/server/db/client.ts looks for them (a folder named migrations next to the module).
// Node then loads one file of plain JavaScript: no TypeScript loader thread, no transform at
// start, and less memory at rest than `tsx src/server/main.ts` (bench/notes/idle-memory.md).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The web app's style sheets and Vite's virtual modules: nothing the server runs. */
const webOnly = {
  name: 'web-only',
  setup(b) {
    b.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'web-only' }));
    b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'web-only' }, () => ({ contents: '', loader: 'js' }));
  },
};
// Another entry and folder may be named (`node scripts/build-server.mjs <entry> <outdir>`): the
// import bench bundles its server (tests/support/import-server.ts) the same way.
// The default build has two entries: the server, and `npm run restore` (design.md 8.8).
const [entry, outdir = 'dist/server'] = process.argv.slice(2);
const entries = entry ? [entry] : ['src/server/main.ts', 'src/server/restore.ts'];
const out = path.resolve(root, outdir);
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: entries.map((e) => path.resolve(root, e)),
  outdir: out,
  entryNames: '[name]',
  // The customer pages' React tree (src/web/entry-server.tsx, issue 34) in chunks of their own,
  // loaded with the first page the server draws, not at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  jsx: 'automatic',
  // What only Vite knows: the web app's styles are the browser's (the page links them), its
  // service worker's registration only runs in the browser, and this is a production build.
  plugins: [webOnly],
  define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
