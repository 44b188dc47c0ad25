import { describe, expect, it } from 'vitest';
import { ByteLines } from './byte-lines.js';

describe('ByteLines', () => {
  it('keeps each line with its number, and all of them as text with a line break after each', () => {
    const lines = new ByteLines();
    lines.push('7\tCola', 3);
    lines.push('', 4);
    lines.push('Crème brûlée 🍮\t\\N', 9);
    expect(lines.length).toBe(3);
    expect([0, 1, 2].map((i) => lines.text(i))).toEqual(['7\tCola', '', 'Crème brûlée 🍮\t\\N']);
    expect([0, 1, 2].map((i) => lines.lineNo(i))).toEqual([3, 4, 9]);
    expect(lines.contents().toString('utf8')).toBe('7\tCola\n\nCrème brûlée 🍮\t\\N\n');
  });

  it('finds a line by its number, and says -1 for a number it does not hold', () => {
    const lines = new ByteLines();
    for (const n of [2, 5, 6, 10, 11]) lines.push(`line ${n}`, n);
    expect(lines.indexOf(10)).toBe(3);
    expect(lines.text(lines.indexOf(2))).toBe('line 2');
    expect(lines.indexOf(11)).toBe(4);
    for (const n of [1, 3, 12]) expect(lines.indexOf(n)).toBe(-1);
  });

  it('grows past its first buffer and line count, and starts again empty after clear', () => {
    const lines = new ByteLines(16);
    const texts = Array.from({ length: 3000 }, (_, i) => `${i}\t${'é'.repeat(i % 50)}`);
    texts.forEach((t, i) => {
      lines.push(t, i + 1);
    });
    expect(lines.length).toBe(3000);
    expect(lines.text(2999)).toBe(texts[2999]);
    expect(lines.contents().toString('utf8')).toBe(`${texts.join('\n')}\n`);
    lines.clear();
    expect(lines.length).toBe(0);
    expect(lines.contents().length).toBe(0);
    lines.push('again', 1);
    expect(lines.contents().toString('utf8')).toBe('again\n');
    expect(lines.indexOf(1)).toBe(0);
  });
});
