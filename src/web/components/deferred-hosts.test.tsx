import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { DeferredHosts } from './deferred-hosts';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.useRealTimers();
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

/**
 * Runs what the hosts do by themselves (with fake timers): the idle callback and every other
 * timer, the modules they load, and the renders that follow.
 */
const settle = () =>
  act(async () => {
    await vi.runAllTimersAsync();
    await vi.dynamicImportSettled();
  });

describe('the toasts’ host (issue 22)', () => {
  // React first draws a lazy component up to 300 ms after its fallback, on the real clock (its
  // throttle of Suspense retries): a host drawn too early could still be on its way when the
  // test looks. Its code loaded once before, as on any page after the first, it is drawn at once.
  beforeAll(async () => {
    notifications.show({ message: 'Loaded', autoClose: false });
    renderHosts();
    await screen.findByText('Loaded');
    cleanup();
    notifications.clean();
  });

  it('is not drawn while no toast is asked for, and shows one asked for later', async () => {
    vi.useFakeTimers();
    renderHosts();
    await settle();
    // Idle, the store watched: still no host.
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    act(() => {
      notifications.show({ message: 'Order saved', autoClose: false });
    });
    await settle();
    expect(screen.getByText('Order saved')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows a toast asked for before the page was idle', async () => {
    notifications.show({ message: 'Signed out', autoClose: false });
    renderHosts();
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });
});
