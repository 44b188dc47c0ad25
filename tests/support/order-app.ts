import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildOptions } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import { createTestApp, type TestApp } from './helpers.js';

/** The order tests' app: its own folder for data, export files and the mail outbox. */
export interface OrderTestApp extends TestApp {
  dir: string;
  exportDir: string;
  outboxDir: string;
}

/**
 * The real app on a fresh database with its folders in a new temporary folder (`prefix` names
 * it), on TEST_NOW's clock unless `now` says otherwise; `close` closes the app and removes the
 * folder.
 */
export async function createOrderTestApp(
  prefix: string,
  opts: Omit<Partial<BuildOptions>, 'config'> & { config?: Partial<AppConfig> } = {},
): Promise<OrderTestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bev-${prefix}-`));
  const exportDir = path.join(dir, 'exports');
  const outboxDir = path.join(dir, 'outbox');
  const t = await createTestApp({ ...opts, config: { dataDir: dir, exportDir, outboxDir, ...opts.config } });
  return {
    ...t,
    dir,
    exportDir,
    outboxDir,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
