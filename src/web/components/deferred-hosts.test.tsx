import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { DeferredHosts } from './deferred-hosts';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

/** Renders the hosts with the browser idle at once. */
function renderHosts() {
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => window.setTimeout(callback, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle));
  return render(
    <MantineProvider theme={theme}>
      <DeferredHosts />
    </MantineProvider>,
  );
}

describe('the toasts’ host (issue 22)', () => {
  it('is not drawn while no toast is asked for, and shows one asked for later', async () => {
    renderHosts();
    // Idle, the store watched: still no host.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    act(() => {
      notifications.show({ message: 'Order saved', autoClose: false });
    });
    expect(await screen.findByText('Order saved')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows a toast asked for before the page was idle', async () => {
    notifications.show({ message: 'Signed out', autoClose: false });
    renderHosts();
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });
});
