import { type ComponentType, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { isDialogHostRequested, markDialogHost, subscribeDialogHost } from './dialogs/dialog-settings';

/** Stands in when the dialog host's code cannot be loaded (offline before it was ever fetched). */
function DialogHostUnavailable() {
  useEffect(() => markDialogHost(false), []);
  return null;
}

const DialogHost = lazy<ComponentType>(() =>
  import('./dialogs/dialog-host').then(
    (m) => ({ default: m.DialogHost }),
    () => ({ default: DialogHostUnavailable }),
  ),
);
const NotificationsHost = lazy<ComponentType>(() =>
  import('./notifications-host').then(
    (m) => ({ default: m.NotificationsHost }),
    () => ({ default: () => null }),
  ),
);

const ServiceWorkerHost = lazy<ComponentType>(() =>
  import('./app-status/service-worker-host').then(
    (m) => ({ default: m.ServiceWorkerHost }),
    () => ({ default: () => null }),
  ),
);

/** Only a production build has a service worker (vite-plugin-pwa writes it at build time). */
const hasServiceWorker =
  import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Runs `callback` when the browser is idle (or after `timeout` ms at the latest). */
function whenIdle(callback: () => void, timeout = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Toasts and the service worker's registration load after the first screen is up (the login
 * page does not need them to paint);
 * dialogs load when one is asked for, or when a signed-in frame preloads them
 * (`preloadDialogHost`): the login pages rarely need a dialog and never pay for one.
 */
export function DeferredHosts() {
  const requested = useSyncExternalStore(subscribeDialogHost, isDialogHostRequested);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <>
      {(idle || requested) && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      {idle && hasServiceWorker && (
        <Suspense fallback={null}>
          <ServiceWorkerHost />
        </Suspense>
      )}
      {requested && (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      )}
    </>
  );
}
