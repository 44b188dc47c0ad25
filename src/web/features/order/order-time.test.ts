import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthDay } from './order-time';

describe('order dates', () => {
  it('shows calendar dates as MM/DD/YYYY and MM/DD', () => {
    expect(formatDate('2026-06-01')).toBe('06/01/2026');
    expect(formatDate(null)).toBe('');
    expect(formatMonthDay('2026-12-24')).toBe('12/24');
  });

  it('shows instants on the Chicago clock as MM/DD/YYYY hh:mm A, whatever the zone of the browser', () => {
    expect(formatDateTime('2026-06-01T19:57:00Z')).toBe('06/01/2026 02:57 PM'); // CDT
    expect(formatDateTime('2026-01-15T06:05:00Z')).toBe('01/15/2026 12:05 AM'); // CST, past midnight
    expect(formatDateTime('2026-01-15T05:05:00Z')).toBe('01/14/2026 11:05 PM');
    expect(formatDateTime('2026-06-01T17:00:00.000+00:00')).toBe('06/01/2026 12:00 PM');
  });
});
