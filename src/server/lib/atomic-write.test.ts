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
import { type FileHandle, open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bev-atomic-'));
  beforeEach(() => mkdirSync(root, { recursive: true }));
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the folder, replaces an earlier file whole, and leaves no temporary file', async () => {
    const file = path.join(root, 'exports', 'W1.txt');
    await writeFileAtomic(file, 'first\r\n');
    await writeFileAtomic(file, 'second\r\n');
    expect(readFileSync(file, 'utf8')).toBe('second\r\n');
    expect(readdirSync(path.dirname(file))).toEqual(['W1.txt']);
  });

  it('writes a stream as it comes, and one that fails partway leaves neither file nor temporary file', async () => {
    const dir = path.join(root, 'backups');
    async function* chunks(fail: boolean) {
      yield new TextEncoder().encode('one ');
      yield new TextEncoder().encode('two');
      if (fail) throw new Error('the dump broke off');
    }
    await writeFileAtomic(path.join(dir, 'whole.tar.gz'), chunks(false));
    expect(readFileSync(path.join(dir, 'whole.tar.gz'), 'utf8')).toBe('one two');
    await expect(writeFileAtomic(path.join(dir, 'cut.tar.gz'), chunks(true))).rejects.toThrow(
      'the dump broke off',
    );
    expect(readdirSync(dir)).toEqual(['whole.tar.gz']);
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

  it('resolves a write once a sync of its folder that began after its rename has ended, for files renamed during a sync too', async () => {
    const dir = path.join(root, 'shared');
    await writeFileAtomic(path.join(dir, 'first.txt'), 'x');
    // Every folder sync (files get datasync, folders sync): the names in the folder when it
    // began, and whether it has ended. The first is held once begun, until the files below
    // are all renamed into the folder while it runs.
    const syncs: { found: Set<string>; ended: boolean }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const probe = await open(dir, 'r');
    await probe.close();
    const handles: FileHandle = Object.getPrototypeOf(probe);
    const sync = handles.sync;
    vi.spyOn(handles, 'sync').mockImplementation(async function (this: FileHandle) {
      const begun = { found: new Set(readdirSync(dir)), ended: false };
      syncs.push(begun);
      if (syncs.length === 1) await held;
      await sync.call(this);
      begun.ended = true;
    });
    const onDisk = (name: string) => syncs.some((s) => s.ended && s.found.has(name));

    const during = writeFileAtomic(path.join(dir, 'during.txt'), 'y').then(() => onDisk('during.txt'));
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    const names = Array.from({ length: 20 }, (_, i) => `W${i}.txt`);
    const meanwhile = names.map((name) =>
      writeFileAtomic(path.join(dir, name), 'z').then(() => onDisk(name)),
    );
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual(expect.arrayContaining(names)));
    release();
    expect(await during).toBe(true);
    expect(await Promise.all(meanwhile)).toEqual(names.map(() => true));
    // A file written after they all ended gets a sync that begins after its rename.
    expect(await writeFileAtomic(path.join(dir, 'last.txt'), 'z').then(() => onDisk('last.txt'))).toBe(true);
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
