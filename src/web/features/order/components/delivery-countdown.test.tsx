import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderOrderRoutes } from '../test/render-order';
import { DeliveryCountdown } from './delivery-countdown';

const URL = 'GET Customer/1/DeliveryDates?count=2';
const beforeCutoff = [
  { Date: '2026-11-27', OrderBy: '2026-11-25T16:00:00-06:00' },
  { Date: '2026-11-30', OrderBy: '2026-11-28T16:00:00-06:00' },
];
const afterCutoff = [
  { Date: '2026-11-30', OrderBy: '2026-11-28T16:00:00-06:00' },
  { Date: '2026-12-01', OrderBy: '2026-11-29T16:00:00-06:00' },
];

const renderCountdown = () =>
  renderOrderRoutes([{ path: '/order/home', element: <DeliveryCountdown customerId={1} /> }], '/order/home');

beforeEach(() => {
  // Only the clock; the countdown re-reads it when the window gets the focus back.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T13:46:00-06:00'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DeliveryCountdown', { timeout: 15_000 }, () => {
  it("counts down to the server's OrderBy, and asks again once it passes", async () => {
    const fetchMock = mockApi({
      [URL]: (_init, call) => ({ status: 200, body: call === 1 ? beforeCutoff : afterCutoff }),
    });
    renderCountdown();
    expect(
      await screen.findByText(
        'Order within 2 h 14 min for delivery Friday 11/27. After 4:00 PM Central the earliest delivery is Monday 11/30.',
      ),
    ).toBeTruthy();

    // 15:59:30: the last minute.
    vi.setSystemTime(new Date('2026-11-25T15:59:30-06:00'));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText(/^Order within 1 min for delivery Friday 11\/27\./)).toBeTruthy();

    // 16:00:00: orders for Friday are late; the server is asked again and Monday is next.
    vi.setSystemTime(new Date('2026-11-25T16:00:00-06:00'));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(
      await screen.findByText(
        'Order within 3 d for delivery Monday 11/30. After Saturday 4:00 PM Central the earliest delivery is Tuesday 12/01.',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('DeliveryDates'))).toHaveLength(2);
  });

  it('shows nothing when the dates cannot be loaded', async () => {
    const fetchMock = mockApi({ [URL]: { status: 500 } });
    const { container } = renderCountdown();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="delivery-countdown"]')).toBeNull();
  });
});
