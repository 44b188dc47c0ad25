import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { OfflineBanner } from './components/app-status/offline-banner';
import { BusyOverlay } from './components/busy-overlay';
import { DeferredHosts } from './components/deferred-hosts';
import { markHydrated, RenderContext, type RenderContextValue } from './ssr/render-context';
import { cssVariablesResolver, lightColorScheme, theme } from './theme';

export interface AppTreeProps {
  queryClient: QueryClient;
  /** What the server drew the page with (render-context.ts); null when the browser draws alone. */
  render: RenderContextValue | null;
  /** The router: RouterProvider in the browser, StaticRouterProvider on the server. */
  children: ReactNode;
  /** Called once the first render has committed (the page is live). */
  onLive?: () => void;
}

/**
 * The one tree every page is drawn in, on the server (entry-server.tsx) and in the browser
 * (app.tsx): the same providers in the same order, so the browser hydrates what the server drew.
 */
export function AppTree({ queryClient, render, children, onLive }: AppTreeProps) {
  return (
    <StrictMode>
      <RenderContext.Provider value={render}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          colorSchemeManager={lightColorScheme}
        >
          <QueryClientProvider client={queryClient}>
            {children}
            <BusyOverlay />
            <OfflineBanner />
            {/* Notifications and the ModalsProvider, loaded once the first screen is up. */}
            <DeferredHosts />
            <Hydrated onLive={onLive} />
          </QueryClientProvider>
        </MantineProvider>
      </RenderContext.Provider>
    </StrictMode>
  );
}

/** Once the first render has committed, the browser reads its own clock and screen (render-context.ts). */
function Hydrated({ onLive }: { onLive: (() => void) | undefined }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the first render commits.
  useEffect(() => {
    markHydrated();
    onLive?.();
    // The page is live: its buttons and boxes are React's (the journeys wait for it).
    document.documentElement.dataset.live = 'true';
  }, []);
  return null;
}
