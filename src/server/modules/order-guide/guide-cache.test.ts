import { describe, expect, it } from 'vitest';
import { GuideCache } from './guide-cache.js';

const limits = { maxEntries: 3, maxChars: 100, maxAgeMs: 1_000 };

describe('GuideCache', () => {
  it('answers a stored guide only for the version it was built from', () => {
    const cache = new GuideCache(limits);
    cache.set('a', '7', '{"a":1}');
    expect(cache.get('a', '7')).toBe('{"a":1}');
    expect(cache.get('a', '8')).toBeUndefined();
    // The stale one is gone, not kept for the old version.
    expect(cache.get('a', '7')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new GuideCache(limits);
    cache.set('a', '1', 'A');
    cache.set('b', '1', 'B');
    cache.set('c', '1', 'C');
    cache.get('a', '1'); // a is now the most recent: b goes first
    cache.set('d', '1', 'D');
    expect(cache.size).toBe(3);
    expect(cache.has('b')).toBe(false);
    expect(['a', 'c', 'd'].map((k) => cache.get(k, '1'))).toEqual(['A', 'C', 'D']);
    for (let i = 0; i < 1_000; i++) cache.set(`k${i}`, '1', 'x');
    expect(cache.size).toBe(3);
  });

  it('keeps at most maxChars of text in all, and never a guide larger than that', () => {
    const cache = new GuideCache(limits);
    cache.set('a', '1', 'a'.repeat(40));
    cache.set('b', '1', 'b'.repeat(40));
    cache.set('c', '1', 'c'.repeat(40));
    expect(cache.storedChars).toBe(80);
    expect(cache.has('a')).toBe(false);
    cache.set('huge', '1', 'h'.repeat(101));
    expect(cache.has('huge')).toBe(false);
    expect(cache.storedChars).toBe(80);
    // Storing a key again replaces its text and its count.
    cache.set('b', '2', 'b'.repeat(10));
    expect(cache.storedChars).toBe(50);
    expect(cache.get('b', '2')).toBe('b'.repeat(10));
  });

  it('builds a guide again once it is older than maxAgeMs, whatever the version says', () => {
    let now = 0;
    const cache = new GuideCache(limits, () => now);
    cache.set('a', '1', 'A');
    now = 1_000;
    expect(cache.get('a', '1')).toBe('A');
    now = 1_001;
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.storedChars).toBe(0);
  });
});
