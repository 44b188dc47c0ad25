import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from './components/app-status/offline-banner';
import { BusyOverlay } from './components/busy-overlay';
import { DeferredHosts } from './components/deferred-hosts';
import { createQueryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { createRouter, prefetchScreensOnIntent } from './router';
import { cssVariablesResolver, lightColorScheme, theme } from './theme';

/**
 * The React app (main.tsx loads it, or the customer login page once a customer has signed in,
 * decision 053). Importing this module draws nothing: `startApp` does.
 */
export async function startApp() {
  // React's and Mantine's modules are evaluated in the task that brings them (this one, when
  // the caller starts the app as its import settles): the app starts in the next one.
  await yieldToMain();
  const queryClient = createQueryClient();
  // The router matches the address and asks for its screens' code: a task of its own, as is
  // the first render's start below (issue 22: total blocking time).
  const router = createRouter();
  prefetchScreensOnIntent();
  await yieldToMain();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The login page without React (decision 053) is not needed any more: the app's own login
  // screen shows when the app sends a customer to sign in.
  document.getElementById('login-page')?.remove();

  const reactRoot = createRoot(root);
  // A transition: React renders the first screen in slices of a few ms and lets the phone's
  // CPU answer in between, instead of one long task (issue 22: total blocking time). The shell
  // shows meanwhile.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          colorSchemeManager={lightColorScheme}
        >
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <BusyOverlay />
            <OfflineBanner />
            {/* Notifications and the ModalsProvider, loaded once the first screen is up. */}
            <DeferredHosts />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
