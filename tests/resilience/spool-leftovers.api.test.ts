import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#support/helpers.js';
import { SPOOL_LEFTOVER_MS, spoolDir } from '../../src/server/modules/imports/import-upload.js';

/**
 * A process killed while it received or applied an upload leaves its spool file behind
 * (issue 15). The next start removes what no live process is receiving; the killed-server
 * case itself is in import-crash.routes.test.ts. This one covers the rules: which files are
 * leftovers and which belong to another process that shares DATA_DIR.
 */
describe('spool files left by an earlier process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-spool-left-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are removed at start, while live uploads and other files stay', async () => {
    const dir = spoolDir(dataDir);
    mkdirSync(dir, { recursive: true });
    const host = os.hostname();
    const gonePid = spawnSync(process.execPath, ['-e', '']).pid;
    const name = (h: string, pid: number, n: number) =>
      `upload-${h}-${pid}-${String(n).padStart(16, '0')}.part`;
    const files = {
      gone: name(host, gonePid, 1), // this machine, its process has ended
      samePid: name(host, process.pid, 2), // an earlier process with this one's id (pid 1 in a container)
      live: name(host, process.ppid, 3), // this machine, a process still running: receiving it now
      otherHost: name('other-host', 7, 4), // another machine, recently written
      otherHostOld: name('other-host', 8, 5), // another machine, untouched for over a day
      unrelated: 'notes.txt',
    };
    for (const f of Object.values(files)) writeFileSync(path.join(dir, f), 'x');
    const dayAgo = (Date.now() - SPOOL_LEFTOVER_MS - 60_000) / 1000;
    utimesSync(path.join(dir, files.otherHostOld), dayAgo, dayAgo);

    const t = await createTestApp({ config: { dataDir } });
    try {
      expect(readdirSync(dir).sort()).toEqual([files.live, files.otherHost, files.unrelated].sort());
    } finally {
      await t.close();
    }
  });
});
