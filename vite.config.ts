import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.js';

const outDir = path.resolve(import.meta.dirname, 'dist/web');

/** Brotli and gzip copies of the build's text files, served as they are (scripts/precompress.ts). */
const precompressBuild = (): Plugin => ({
  name: 'bev-precompress',
  apply: 'build',
  closeBundle() {
    precompress(outDir);
  },
});

// The React app lives in src/web; the server serves dist/web and the API under /api.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), precompressBuild()],
  build: {
    outDir,
    emptyOutDir: true,
    // No source maps in the build: they would hand anyone the whole source (issue 15, item 11),
    // and the server refuses *.map anyway (web-app.ts).
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
