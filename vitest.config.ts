import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

// Every test process runs as a machine far from the business: Tokyo, 15 hours ahead of Central
// in November. A date rule or a screen that used the machine's zone instead of the business
// zone fails here rather than passing because CI happens to run near Chicago (the top bar
// clock's test checks that the zone took). Set before any worker starts: a zone changed inside
// a running worker is not always seen (vitest may hand a file a copy of process.env).
process.env.TZ = 'Asia/Tokyo';

// The unit and component tests share their workers between files (isolate: false): a fresh
// jsdom, Mantine and React per file cost several times the file's own tests (issue 18: CI
// under 30 minutes). Each file cleans up after itself
// (src/web/test/setup.ts: the DOM, the toasts, the fake API's breaches); both projects also
// passed with their files in shuffled orders (--sequence.shuffle.files).
// Timeouts are for a test that hangs, not a speed goal (benches measure speed): a property
// test of 100 mail round trips passed the default 5 s in a CI run on a loaded machine.
const shared = { isolate: false, maxWorkers: 2, testTimeout: 30_000 } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root,
          ...shared,
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**/*.routes.test.ts', 'src/server/**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root,
          ...shared,
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: [path.join(root, 'src/web/test/setup.ts')],
        },
      },
      {
        test: {
          name: 'api',
          root,
          environment: 'node',
          include: [
            'src/server/**/*.routes.test.ts',
            'src/server/**/*.api.test.ts',
            'tests/{security,resilience}/**/*.api.test.ts',
          ],
          globalSetup: [path.join(root, 'tests/support/global-setup.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; a few at a time keeps memory and PGlite start-up in check.
          maxWorkers: 2,
          // Files share their workers' modules too: every file builds its own app on its own
          // database (tests/support/helpers.ts), and what modules keep between files are
          // caches keyed by value. Loading the server's modules again for each file was much of
          // the step's time (issue 18: CI under 30 minutes); the files pass in shuffled orders.
          isolate: false,
        },
      },
    ],
  },
});
