/**
 * The service worker (design.md 7.9 and 8.5, issues 22 and 39), built by vite-plugin-pwa's
 * `injectManifest` (vite.config.ts): it keeps the app's shell and assets (never an API answer),
 * answers a page offline with the app's template, and sends the outbox by Background Sync.
 */
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { lastSignedIn } from './features/offline/device-data';
import { sendWaiting } from './features/offline/outbox';
import { OUTBOX_SYNC } from './features/offline/outbox-states';
import { endPendingSignOut } from './features/offline/pending-sign-out';

/** What of the worker's scope this file uses (its own lib would clash with the pages' DOM types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages come from the server first: it draws the customer's pages with their data (issue 34),
// and a page holds private data no cache keeps. Offline, the page's template answers, and the
// app draws the screen in the browser from what the device kept (issue 39). The API (with its
// docs and the reminder mails' stop link) and the health check always go to the server.
//
// A sign-out with no network (issue 39) reaches the server before the next page is asked for,
// so that page is drawn signed out: never the last person's venue for the next one.
const signOutFirst = {
  requestWillFetch: async ({ request }: { request: Request }) => {
    await endPendingSignOut().catch(() => undefined);
    return request;
  },
};
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !/^\/(api|healthz)(\/|$)/.test(url.pathname),
  new NetworkOnly({ plugins: [signOutFirst, new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })] }),
);

// A new build waits until the customer takes it from the "new version" prompt (decision 042).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The network is back (the browser decides when): send the orders of the device's sign-in, and
// only of it; another person's wait for them to sign in here again.
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC) return;
  event.waitUntil(lastSignedIn().then((owner) => (owner ? sendWaiting(owner) : undefined)));
});
