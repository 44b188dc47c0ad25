/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

/** How often an open tab asks the server whether a new build is out: each hour. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts, `installable`) and shows the update prompt
 * when a new one waits. Loaded after the first screen is up (deferred-hosts.tsx): nothing on
 * the way to the first paint waits for it.
 */
export function ServiceWorkerHost() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <UpdatePrompt onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />
  );
}
