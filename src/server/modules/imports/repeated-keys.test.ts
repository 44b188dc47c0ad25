import { describe, expect, it } from 'vitest';
import { REJECTED_TEXT_MAX } from '../../../domain/imports.schema.js';
import { reportedText } from './line-parser.js';
import { RepeatedKeys, repeatedKeyNote } from './repeated-keys.js';

describe('repeated keys', () => {
  it('names the earlier lines and the one applied', () => {
    expect(repeatedKeyNote('Code BR-1105', [4, 9])).toBe(
      'Line 9: Code BR-1105 is also on line 4; line 9 is applied',
    );
    expect(repeatedKeyNote('Code X', [2, 4, 7])).toBe(
      'Line 7: Code X is also on lines 2 and 4; line 7 is applied',
    );
  });

  it('remembers keys within a scope only (an order of the history)', () => {
    const keys = new RepeatedKeys();
    keys.see('Order A item 1', 1, 'A');
    keys.see('Order A item 1', 2, 'A');
    keys.see('Order B item 1', 3, 'B');
    // Order A again, apart from its first lines: not compared with them (bounded memory).
    keys.see('Order A item 1', 4, 'A');
    expect(keys.report()).toEqual(['Line 2: Order A item 1 is also on line 1; line 2 is applied']);
  });

  it('one note per key, however often it repeats, in the order keys first repeated', () => {
    const keys = new RepeatedKeys();
    for (const [key, line] of [
      ['b', 1],
      ['a', 2],
      ['a', 3],
      ['b', 4],
      ['a', 5],
    ] as const) {
      keys.see(key, line);
    }
    expect(keys.report()).toEqual([
      'Line 5: a is also on lines 2 and 3; line 5 is applied',
      'Line 4: b is also on line 1; line 4 is applied',
    ]);
  });
});

describe('the text of a rejected line', () => {
  it('keeps 200 characters and never half a surrogate pair', () => {
    expect(reportedText('short\tline')).toBe('short\tline');
    expect(reportedText('x'.repeat(500))).toHaveLength(REJECTED_TEXT_MAX);
    expect(reportedText(`${'x'.repeat(REJECTED_TEXT_MAX - 1)}🍺`)).toBe('x'.repeat(REJECTED_TEXT_MAX - 1));
  });
});
