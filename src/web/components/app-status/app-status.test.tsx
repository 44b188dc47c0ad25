import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ORDER_TEXT, OFFLINE_TEXT, OfflineBanner } from './offline-banner';
import { UPDATE_TEXT, UpdatePrompt } from './update-prompt';

/** Sets what `navigator.onLine` reads and fires the event a browser fires with it. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so while the network is gone, and goes away by itself when it is back', () => {
    render(
      <MantineProvider>
        <OfflineBanner />
      </MantineProvider>,
    );
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
    goOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });

  it('shows at once on a page opened without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <MantineProvider>
        <OfflineBanner />
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT);
  });

  it('says on the ordering pages that an order submitted now waits on the device', () => {
    window.history.pushState({}, '', '/order/form/0');
    try {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      render(
        <MantineProvider>
          <OfflineBanner />
        </MantineProvider>,
      );
      expect(screen.getByRole('status').textContent).toBe(OFFLINE_ORDER_TEXT);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('UpdatePrompt', () => {
  it('reloads only when asked, and Later keeps the page as it is', () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(
      <MantineProvider>
        <UpdatePrompt onReload={onReload} onLater={onLater} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain(UPDATE_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledOnce();
    expect(onReload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
