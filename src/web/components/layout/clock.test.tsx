import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_REFRESH_MS, Clock, formatBusinessClock, zoneLabel } from './clock';

/**
 * Issue 17, item 4: the top bar's clock reads the business time zone, as cutoffs and delivery
 * dates do, whatever zone the browser is set to.
 */
describe('the top bar clock', () => {
  // A browser far from the business: every test process runs in Tokyo, 15 hours ahead of
  // Chicago in November (vitest.config.ts); the first test checks that the zone took.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows business time with its zone, not the browser zone, and moves every 5 seconds', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // The audit's moment: Tue 11/24/2026 5:28:07 PM Central (CST) is Wed 8:28 AM in Tokyo.
    vi.setSystemTime(new Date('2026-11-24T23:28:07Z'));
    expect(new Date().getHours(), 'the test process runs in Asia/Tokyo (vitest.config.ts)').toBe(8);
    render(
      <MantineProvider>
        <Clock />
      </MantineProvider>,
    );
    const clock = screen.getByText(/^\d\d\/\d\d\/\d{4} /);
    expect(clock.textContent).toBe('11/24/2026 05:28:07 PM CT');
    act(() => {
      vi.advanceTimersByTime(CLOCK_REFRESH_MS);
    });
    expect(clock.textContent).toBe('11/24/2026 05:28:12 PM CT');
  });

  it('names Central time CT in summer and winter, noon and midnight in 12-hour form', () => {
    expect(formatBusinessClock(new Date('2026-07-04T17:00:00Z'), 'America/Chicago')).toBe(
      '07/04/2026 12:00:00 PM CT',
    );
    expect(formatBusinessClock(new Date('2026-01-15T06:00:05Z'), 'America/Chicago')).toBe(
      '01/15/2026 12:00:05 AM CT',
    );
  });

  it('names other zones as Intl does, the US ones without standard or daylight', () => {
    expect(formatBusinessClock(new Date('2026-11-24T23:28:07Z'), 'America/New_York')).toBe(
      '11/24/2026 06:28:07 PM ET',
    );
    expect(formatBusinessClock(new Date('2026-11-24T23:28:07Z'), 'Europe/Paris')).toBe(
      '11/25/2026 12:28:07 AM GMT+1',
    );
    expect(['CST', 'CDT', 'PDT', 'AKST', 'GMT+1', 'UTC'].map(zoneLabel)).toEqual([
      'CT',
      'CT',
      'PT',
      'AKT',
      'GMT+1',
      'UTC',
    ]);
  });
});
