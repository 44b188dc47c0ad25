/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';

/**
 * The service worker's registration for the login page without React (page-status.ts); a
 * module of its own, as service-worker-host.tsx is: only a build has `virtual:pwa-register`.
 */
export function registerWorker(
  onNeedRefresh: (reload: () => void) => void,
  onRegistered: (registration: ServiceWorkerRegistration) => void,
) {
  const update = registerSW({
    onNeedRefresh: () => onNeedRefresh(() => void update(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) onRegistered(registration);
    },
  });
}
