import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.js';

const outDir = path.resolve(import.meta.dirname, 'dist/web');

/** Brotli and gzip copies of the build's text files, served as they are (scripts/precompress.ts). */
const precompressBuild = (): Plugin => ({
  name: 'bev-precompress',
  apply: 'build',
  // After the service worker is written (vite-plugin-pwa's closeBundle), so it is compressed too.
  closeBundle: {
    order: 'post',
    sequential: true,
    handler() {
      precompress(outDir);
    },
  },
});

/**
 * Installable on a phone (design.md 7.9, issue 22): a web manifest, and a service worker
 * (src/web/sw.ts) that keeps the app's shell and assets (never an API answer) so a repeat visit
 * paints from the phone, and sends the orders submitted offline (issue 39). A new build waits until the customer takes it from the "new version" prompt
 * (src/web/components/app-status): an order half typed is never reloaded away (decision 042).
 */
const installable = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    // The glob below already lists the icons: listed twice, the worker would not install.
    includeManifestIcons: false,
    manifest: {
      name: 'Beverage Ordering',
      short_name: 'Ordering',
      description: 'Wholesale beverage ordering',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1864ab',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The worker is the app's own (src/web/sw.ts): it also sends the outbox (issue 39).
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    },
  });

// The React app lives in src/web; the server serves dist/web and the API under /api.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), installable(), precompressBuild()],
  build: {
    outDir,
    emptyOutDir: true,
    // No source maps in the build: they would hand anyone the whole source (issue 15, item 11),
    // and the server refuses *.map anyway (web-app.ts).
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // No preload links added by script: Vite's helper appends one <link> per chunk a lazy screen
    // needs (some 50 for the order form), each costly on a phone's CPU in the tasks that start
    // the hydration (issue 34, bench/notes/lighthouse.md). The browser asks for a module's
    // imports as it reads it.
    modulePreload: false,
    // React, the router, React Query and Mantine's core in one chunk that the app's chunk loads
    // with it, not some 60 small ones asked for in waves by each screen (decision 055).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Not their style sheets: the page's entry links those, and a vendor chunk holding
              // them would be loaded with the entry (the sign-in pages load no script at first).
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|@mantine[\\/](core|hooks))[\\/](?!.*\.css$)/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
