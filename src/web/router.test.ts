import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './router';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs all the loader does by itself (its promises, and any timer it set) until nothing is left. */
const settle = () => vi.runAllTimersAsync();

describe("a screen's code that could not be fetched", () => {
  it('online: the failure goes to the error page at once', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await expect(loadWhenOnline(load)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline: asked for again once the network is back, and again if it drops once more', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: 'screen' });
    let settled = false;
    const loaded = loadWhenOnline(load).finally(() => {
      settled = true;
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);

    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(settled).toBe(false);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toEqual({ Component: 'screen' });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
