import { describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, nextAttemptAfterFailure } from './mail-retry.service.js';

describe('the confirmation mail back-off', () => {
  const at = new Date('2025-03-10T15:00:00Z');
  const waitAfter = (attempt: number) => {
    const next = nextAttemptAfterFailure(attempt, at);
    return next && (next.getTime() - at.getTime()) / 60_000;
  };

  it('waits 1, 5, 15 and 60 minutes after the first failures, each wait longer than the last', () => {
    expect([1, 2, 3, 4].map(waitAfter)).toEqual([1, 5, 15, 60]);
    const waits = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => waitAfter(i + 1)!);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(new Set(waits).size).toBe(waits.length);
  });

  it('gives up after the last attempt, about a day after the order', () => {
    expect(waitAfter(MAIL_MAX_ATTEMPTS)).toBeNull();
    expect(waitAfter(MAIL_MAX_ATTEMPTS + 1)).toBeNull();
    let minutes = 0;
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) minutes += waitAfter(attempt)!;
    expect(minutes / 60).toBeGreaterThan(20);
    expect(minutes / 60).toBeLessThanOrEqual(24);
  });
});
