import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fake timeouts and clock, set at `now`, which Testing Library's findBy and waitFor drive: each
 * of their polls moves the fake clock on by its interval (50 ms), as under Jest's fake timers
 * (Testing Library looks for a global `jest`). Time passes only then and in `letPass`, so a test
 * can say that something did not happen within a time and mean it, however busy the machine.
 * Undone by vi.useRealTimers() and vi.unstubAllGlobals().
 */
export function useFakeTimeouts(now: Date) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

/** `ms` of fake time pass: every timeout due meanwhile runs, and what it starts with it. */
export const letPass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
