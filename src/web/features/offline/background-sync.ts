import { OUTBOX_SYNC } from './outbox-states';

/** Background Sync's registration (Chromium): not in TypeScript's DOM types. */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker once the network is back, even with the page
 * closed (Background Sync, where the browser has it). Elsewhere the page sends the outbox on
 * its next opening or `online` event (keep-on-device.ts).
 */
export async function askForBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      | (ServiceWorkerRegistration & SyncRegistration)
      | undefined;
    await registration?.sync?.register(OUTBOX_SYNC);
  } catch {
    // Not granted or not there: the page sends it.
  }
}
