import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');

/** A test, or test support: anything in a folder named `test` (src/server/test, src/web/test, a feature's test/). */
const isTestFile = (file: string) =>
  /\.test(\.tsx?)?$/.test(file) || path.relative(src, file).split(path.sep).includes('test');

/** Every relative import of a file, resolved to the path it names (without extension). */
function relativeImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => path.resolve(path.dirname(file), s.replace(/\.(js|ts|tsx)$/, '')));
}

function productFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(src, name))
    .filter((file) => !isTestFile(file));
}

describe('test support stays out of the product', () => {
  it('no product file under src/ imports a test or test support', () => {
    const offences: string[] = [];
    for (const file of productFiles()) {
      for (const target of relativeImports(file, readFileSync(file, 'utf8'))) {
        if (isTestFile(target)) {
          offences.push(`${path.relative(src, file)} imports ${path.relative(src, target)}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds an import of test support when there is one', () => {
    const file = path.join(src, 'server/modules/orders/orders.service.ts');
    const [target] = relativeImports(file, "import { TEST_NOW } from '../../test/test-config.js';");
    expect(target).toBe(path.join(src, 'server/test/test-config'));
  });
});
