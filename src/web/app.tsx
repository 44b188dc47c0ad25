import { hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppTree } from './app-tree';
import { createQueryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { createRouter, prefetchScreensOnIntent, routes } from './router';
import { readAppState } from './ssr/app-state';
import { keepPageQueries, leftThePage } from './ssr/page-queries';
import { keepWhatIsTyped } from './ssr/typed-before-live';

/**
 * Starts the React app (main.tsx). A customer page the server drew (issue 34) is hydrated: the
 * QueryClient takes the server's cache, the router its data (React Router reads the page's
 * `__staticRouterHydrationData`), and the screens' code for the address is loaded first, so the
 * first render is the server's markup. Any other page (the staff site, a page the service worker
 * answers offline) is drawn here.
 */
export async function startApp() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const state = readAppState();
  const giveBackTyped = state ? keepWhatIsTyped(root) : undefined;
  const queryClient = createQueryClient();
  if (state) {
    // The page's answers are as fresh as the page: counted from now, on the browser's clock.
    const drawn = Date.now();
    for (const query of state.queries.queries) query.state.dataUpdatedAt = drawn;
    hydrate(queryClient, state.queries);
    keepPageQueries(state.queries.queries.map((q) => q.queryHash));
  }
  // A customer page the server did not draw came from the service worker: offline, the venue's
  // answers come from the device (issue 39).
  const openedKey =
    !state && !window.location.pathname.startsWith('/maint') ? await openKept(queryClient) : null;
  // The lazy screens the address shows, loaded before the router starts: hydrating with one
  // still loading would draw its loader over the server's markup.
  if (state) await loadMatchedScreens();
  const router = createRouter();
  const opened = router.state.location;
  const stop = router.subscribe(({ location }) => {
    if (location === opened) return;
    leftThePage();
    stop();
  });
  prefetchScreensOnIntent();
  // React's and Mantine's modules were evaluated in the task that brought them: the first render
  // starts in a task of its own (issue 22: total blocking time).
  await yieldToMain();

  const tree = (
    <AppTree queryClient={queryClient} render={state?.render ?? null} onLive={giveBackTyped}>
      <RouterProvider router={router} />
    </AppTree>
  );
  // What the screens read is kept on the device for the next visit without a network.
  const keep = () =>
    void import('./features/offline/keep-on-device').then((m) => m.keepOnDevice(queryClient, openedKey));
  if (!state) {
    createRoot(root).render(tree);
    keep();
    return;
  }
  // In a transition: React hydrates the page in slices of a few ms and lets the phone's CPU
  // answer taps in between, instead of one long task (issue 22: total blocking time).
  // A page the browser cannot hydrate as drawn is drawn again by React; it is a fault to fix,
  // so it is said on the console (the journeys fail on it, tests/e2e/server-rendered.spec.ts).
  startTransition(() => {
    hydrateRoot(root, tree, {
      onRecoverableError: (error, info) => console.error('Hydration failed:', error, info.componentStack),
    });
  });
  keep();
}

async function openKept(queryClient: QueryClient): Promise<string | null> {
  const { openFromDevice } = await import('./features/offline/keep-on-device');
  return openFromDevice(queryClient);
}

async function loadMatchedScreens() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const screen = await route.lazy();
      Object.assign(route, { ...screen, lazy: undefined });
    }),
  );
}
