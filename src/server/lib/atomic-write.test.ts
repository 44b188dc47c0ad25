import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bev-atomic-'));
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

  it('writes many files into one folder at once, each whole, sharing the folder syncs', async () => {
    const dir = path.join(root, 'busy');
    const names = Array.from({ length: 60 }, (_, i) => `W${i}.txt`);
    await Promise.all(names.map((name) => writeFileAtomic(path.join(dir, name), `${name}\r\n`.repeat(50))));
    expect(readdirSync(dir).sort()).toEqual([...names].sort());
    for (const name of names)
      expect(readFileSync(path.join(dir, name), 'utf8')).toBe(`${name}\r\n`.repeat(50));
  });

  it('fails when the folder cannot be made, writing nothing', async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'blocked'), 'a file where the folder should be');
    await expect(writeFileAtomic(path.join(root, 'blocked', 'W2.txt'), 'x')).rejects.toThrow(
      /ENOTDIR|EEXIST/,
    );
    expect(readdirSync(root)).toEqual(['blocked']);
  });
});
