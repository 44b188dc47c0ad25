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
 * Mantine's `useId` (@mantine/hooks) names a component's parts (every input's label and box, the
 * app shell, a tooltip, a popover) with React's id as it first renders, then sets a random one in
 * a layout effect: a second render of each, synchronous, in the commit that mounts it. One such
 * render makes React run the whole commit's effects in the same task; on a 4x slower CPU, the
 * order form's commit was one long task of 60 ms and more (issue 22, decision 058). This keeps
 * React's id, unique in the app's one root and the same from render to render.
 */
const mantineStableIds = (): Plugin => {
  let replaced = false;
  return {
    name: 'bev-mantine-stable-ids',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (!/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return null;
      replaced = true;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^\\w-]/g, '');",
        '}',
      ].join('\n');
    },
    // A Mantine release that moves the module would drop the replacement without a word.
    buildEnd(error) {
      if (!error && !replaced)
        this.error('@mantine/hooks/esm/use-id/use-id.mjs was not in the build: see decision 058');
    },
  };
};

/**
 * Installable on a phone (design.md 7.9, issue 22): a web manifest, and a service worker that
 * keeps the app's shell and assets (never an API answer) so a repeat visit paints from the
 * phone. A new build waits until the customer takes it from the "new version" prompt
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
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Every screen's address opens the app from the phone; the API (with its docs and the
      // reminder mails' stop link) and the health check always go to the server.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [],
    },
  });

// The React app lives in src/web; the server serves dist/web and the API under /api.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [mantineStableIds(), react(), installable(), precompressBuild()],
  build: {
    outDir,
    emptyOutDir: true,
    // No source maps in the build: they would hand anyone the whole source (issue 15, item 11),
    // and the server refuses *.map anyway (web-app.ts).
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Vite appends a <link rel=modulepreload> for each of a dynamic import's dependencies. For
    // the customer frame and the order form that was some 55 links in the task that starts the
    // app, 140-170 ms of it on a 4x slower CPU (decision 057). Only the first paint's chunk
    // (src/web/shell) has its dependencies preloaded, as its paint waits for them; the app's
    // and the screens' chunks ask for theirs as the browser reads them. Their CSS still loads
    // with them (the preload helper keeps it).
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        /^assets\/first-paint-[\w-]+\.js$/.test(filename) ? deps : [],
    },
    // React, the router, React Query and Mantine's core in one chunk that the app's chunk loads
    // with it, not some 60 small ones asked for in waves by each screen (decision 055). The
    // login page's entry imports none of them (decision 053).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The shell's first paints (src/web/shell, decisions 053 and 056) and the few pure
              // modules they share with the app's screens (the date rules, the formats), in one
              // chunk the entry asks for while the early answers come, not a wave of tiny ones.
              name: 'first-paint',
              test: /src[\\/](web[\\/]shell[\\/][\w-]+|web[\\/]features[\\/]order[\\/](business-tz|date-format|last-contact)|domain[\\/](business-date|delivery-date|delivery-countdown|order-rules|phone|reference-po))\.ts$/,
              priority: 1,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|@mantine[\\/](core|hooks))[\\/]/,
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
