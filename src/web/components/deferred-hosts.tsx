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
 * Whether a toast waits to be shown: `notifications.show` keeps it in Mantine's store until the
 * toasts' host mounts. From `active` on, the store is watched.
 */
function useToastWaiting(active: boolean): boolean {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!active || waiting) return;
    let stop = () => {};
    let cancelled = false;
    // The host's module (loaded, not drawn) watches Mantine's store.
    import('./notifications-host').then(
      ({ watchToasts }) => {
        if (!cancelled) stop = watchToasts(() => setWaiting(true));
      },
      () => setWaiting(true),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [active, waiting]);
  return waiting;
}

/**
 * The service worker's registration loads after the first screen is up (the login page does
 * not need it to paint); the toasts' host once a toast is to be shown (its first render and
 * commit are a long task on a slow phone, issue 22, for a page that may show none); dialogs
 * load when one is asked for, or when a signed-in frame preloads them (`preloadDialogHost`):
 * the login pages rarely need a dialog and never pay for one.
 */
export function DeferredHosts() {
  const requested = useSyncExternalStore(subscribeDialogHost, isDialogHostRequested, () => false);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const toast = useToastWaiting(idle);
  return (
    <>
      {toast && (
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
