import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root,
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
          include: ['src/server/**/*.routes.test.ts', 'src/server/**/*.api.test.ts'],
          globalSetup: [path.join(root, 'src/server/test/global-setup.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; a few at a time keeps memory and PGlite start-up in check.
          maxWorkers: 2,
        },
      },
    ],
  },
});
