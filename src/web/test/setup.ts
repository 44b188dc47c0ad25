import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { takeContractBreaches } from './contract';

// findBy and waitFor wait as long as a screen needs, up to 5 s instead of 1 s: two workers
// share the machine's two cores with whatever else runs, and a busy machine is not a failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; Mantine needs them (design.md section 6).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  // A fake API answer that broke the contract fails the test, even where the screen coped.
  expect(takeContractBreaches()).toEqual([]);
  cleanup();
  // The toast store is global: one test's toasts must not leak into the next.
  notifications.clean();
});
