import { describe, expect, it } from 'vitest';
import { wellFormed } from './well-formed';

describe('wellFormed', () => {
  it('turns half a surrogate pair into U+FFFD in every string, keys too, and keeps the rest', () => {
    const at = new Date('2026-11-25T16:00:00Z');
    const value = { 'k\uD800': ['x\uDC00', 1, null, true, { deep: 'y\uD83D' }], whole: '😀', at };
    expect(wellFormed(value)).toEqual({
      'k\uFFFD': ['x\uFFFD', 1, null, true, { deep: 'y\uFFFD' }],
      whole: '😀',
      at,
    });
    expect(JSON.stringify(wellFormed(value))).not.toMatch(/\\ud[89a-f]/i);
  });
});
