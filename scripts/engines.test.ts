// What `npm install` says about Node versions (decision 034): the project's `engines` names the
// Node lines CI tests, no installed package refuses the Node 24 that CI runs, and on Node 20
// only the packages the README names do (npm's EBADENGINE warnings), so the README stays true.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<
    string,
    {
      name?: string;
      version?: string;
      engines?: { node?: string };
      os?: string[];
      cpu?: string[];
      optional?: boolean;
    }
  >;
};
const pinned = read('.ci/node24-version').trim();

/** Whether an `os` or `cpu` list of package.json admits this value (npm skips the package otherwise). */
function admits(list: string[] | undefined, value: string) {
  if (!list) return true;
  if (list.includes(`!${value}`)) return false;
  return list.includes(value) || list.every((v) => v.startsWith('!'));
}

/** The packages npm installs on this machine whose `engines.node` refuses the given Node version. */
function refusing(version: string) {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || !entry.engines?.node) continue;
    if (!admits(entry.os, 'linux') || !admits(entry.cpu, 'x64')) continue;
    if (semver.satisfies(version, entry.engines.node, { includePrerelease: true })) continue;
    names.add(entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

describe('Node versions', () => {
  it('names the two tested lines in engines, the pinned Node 24 among them', () => {
    expect(pkg.engines.node).toBe('^20.19.0 || ^24.11.0');
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
    expect(semver.major(pinned)).toBe(24);
    expect(semver.satisfies('22.12.0', pkg.engines.node)).toBe(false);
  });

  it('installs no package that refuses Node 24, from 24.11 to the version CI runs', () => {
    expect(refusing('24.11.0')).toEqual([]);
    expect(refusing(pinned)).toEqual([]);
  });

  it('warns on Node 20 only about the packages the README names', () => {
    const names = refusing('20.19.0');
    expect(names).toEqual([
      '@mantine/dropzone',
      'attr-accept',
      'content-disposition',
      'cookie',
      'file-selector',
      'react-dropzone',
    ]);
    const readme = read('README.md');
    for (const name of names) expect(readme).toContain(`\`${name}\``);
    // The same list on the machine's newest Node 20 (npm compares the running version).
    expect(refusing('20.20.2')).toEqual(names);
  });
});
