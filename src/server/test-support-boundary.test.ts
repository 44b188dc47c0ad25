import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

/**
 * A test, or test support: a test file, anything under tests/ (the server's support, the
 * security, resilience and browser tests), or a web folder named `test` (src/web/test, a
 * feature's test/, which only the web tests load).
 */
const isTestFile = (file: string) => {
  const relative = path.relative(root, file);
  return (
    /\.test(\.tsx?)?$/.test(file) ||
    relative.split(path.sep)[0] === 'tests' ||
    relative.split(path.sep).includes('test')
  );
};

/**
 * Every relative import of a file, and every import through package.json's `#support/` alias
 * of tests/support, resolved to the path it names (without extension).
 */
function localImports(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"]((?:\.{1,2}|#support)\/[^'"]+)['"]/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => {
    const bare = s.replace(/\.(js|ts|tsx)$/, '');
    return bare.startsWith('#support/')
      ? path.join(root, 'tests/support', bare.slice('#support/'.length))
      : path.resolve(path.dirname(file), bare);
  });
}

function productFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(src, name))
    .filter((file) => !isTestFile(file));
}

describe('test support stays out of the product', () => {
  it('the server keeps no test support: it lives under tests/', () => {
    const folders = readdirSync(path.join(src, 'server'), { recursive: true, encoding: 'utf8' }).filter(
      (name) => ['test', 'security', 'resilience'].includes(path.basename(name)),
    );
    expect(folders).toEqual([]);
  });

  it('no product file under src/ imports a test or test support', () => {
    const offences: string[] = [];
    for (const file of productFiles()) {
      for (const target of localImports(file, readFileSync(file, 'utf8'))) {
        if (isTestFile(target)) {
          offences.push(`${path.relative(root, file)} imports ${path.relative(root, target)}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds an import of test support when there is one, by a relative path or the alias', () => {
    const file = path.join(src, 'server/modules/orders/orders.service.ts');
    const found = localImports(
      file,
      `import { TEST_NOW } from '../../../../tests/support/test-config.js';
import { createTestApp } from '#support/helpers.js';`,
    );
    expect(found).toEqual([
      path.join(root, 'tests/support/test-config'),
      path.join(root, 'tests/support/helpers'),
    ]);
    expect(found.every(isTestFile)).toBe(true);
  });
});
