import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from './components/app-status/offline-banner';
import { BusyOverlay } from './components/busy-overlay';
import { DeferredHosts } from './components/deferred-hosts';
import { createQueryClient } from './lib/query-client';
import { createRouter, prefetchScreensOnIntent } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createRouter();
prefetchScreensOnIntent();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <BusyOverlay />
        <OfflineBanner />
        {/* Notifications and the ModalsProvider, loaded once the first screen is up. */}
        <DeferredHosts />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
