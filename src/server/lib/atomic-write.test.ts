import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderSyncsRun, writeFileAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bev-atomic-'));
  beforeEach(() => mkdirSync(root, { recursive: true }));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes the folder, replaces an earlier file whole, and leaves no temporary file', async () => {
    const file = path.join(root, 'exports', 'W1.txt');
    await writeFileAtomic(file, 'first\r\n');
    await writeFileAtomic(file, 'second\r\n');
    expect(readFileSync(file, 'utf8')).toBe('second\r\n');
    expect(readdirSync(path.dirname(file))).toEqual(['W1.txt']);
  });

  it('makes the folder again when it was removed after an earlier write', async () => {
    const dir = path.join(root, 'outbox');
    await writeFileAtomic(path.join(dir, 'a.eml'), 'a');
    rmSync(dir, { recursive: true });
    await writeFileAtomic(path.join(dir, 'b.eml'), 'b');
    expect(readdirSync(dir)).toEqual(['b.eml']);
  });

  it('writes many files into one folder at once, each whole', async () => {
    const dir = path.join(root, 'busy');
    const names = Array.from({ length: 300 }, (_, i) => `W${i}.txt`);
    await Promise.all(names.map((name) => writeFileAtomic(path.join(dir, name), `${name}\r\n`.repeat(50))));
    expect(readdirSync(dir).sort()).toEqual([...names].sort());
    for (const name of names)
      expect(readFileSync(path.join(dir, name), 'utf8')).toBe(`${name}\r\n`.repeat(50));
  });

  it('shares a folder sync among the files renamed into it meanwhile, and syncs again for a later one', async () => {
    const dir = path.join(root, 'shared');
    await writeFileAtomic(path.join(dir, 'first.txt'), 'x');
    const before = folderSyncsRun.count;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => writeFileAtomic(path.join(dir, `W${i}.txt`), 'y')),
    );
    const shared = folderSyncsRun.count - before;
    // Before: one sync per file, 50.
    expect(shared).toBeGreaterThanOrEqual(1);
    expect(shared).toBeLessThan(50);
    // A file written after they all ended gets a sync that starts after its rename.
    await writeFileAtomic(path.join(dir, 'last.txt'), 'z');
    expect(folderSyncsRun.count - before).toBe(shared + 1);
    expect(readdirSync(dir)).toHaveLength(52);
  });

  it('fails when the folder cannot be made, writing nothing', async () => {
    writeFileSync(path.join(root, 'blocked'), 'a file where the folder should be');
    await expect(writeFileAtomic(path.join(root, 'blocked', 'W2.txt'), 'x')).rejects.toThrow(
      /ENOTDIR|EEXIST/,
    );
    expect(readdirSync(root)).toEqual(['blocked']);
  });

  it('fails one file alone among others written at the same time', async () => {
    writeFileSync(path.join(root, 'blocked'), 'a file where the folder should be');
    const [bad, good] = await Promise.allSettled([
      writeFileAtomic(path.join(root, 'blocked', 'W3.txt'), 'x'),
      writeFileAtomic(path.join(root, 'fine', 'W4.txt'), 'y'),
    ]);
    expect(bad).toMatchObject({
      status: 'rejected',
      reason: { code: expect.stringMatching(/ENOTDIR|EEXIST/) },
    });
    expect(good.status).toBe('fulfilled');
    expect(readdirSync(path.join(root, 'fine'))).toEqual(['W4.txt']);
  });

  it('removes its temporary file when the rename fails', async () => {
    const dir = path.join(root, 'rename');
    mkdirSync(path.join(dir, 'W6.txt'), { recursive: true }); // a folder where the file should go
    await expect(writeFileAtomic(path.join(dir, 'W6.txt'), 'x')).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir)).toEqual(['W6.txt']);
  });

  it('keeps the process alive while a write is under way, and not once it is done', () => {
    const file = path.join(root, 'exit', 'W5.txt');
    // A script that starts a write and returns at once: the process must write the file, then end by itself.
    const script = `import { writeFileAtomic } from ${JSON.stringify(path.join(import.meta.dirname, 'atomic-write.ts'))};
void writeFileAtomic(${JSON.stringify(file)}, 'written');`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 20_000,
    });
    expect(existsSync(file) && readFileSync(file, 'utf8')).toBe('written');
  });
});
