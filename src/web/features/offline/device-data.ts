import type { DehydratedState } from '@tanstack/react-query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxEntry } from './outbox-states';

/**
 * What this device keeps between visits (issue 39, design.md 8.5), in IndexedDB: for each
 * sign-in (device-key.ts) its venue's answers as the app last read them, and which sign-in
 * the device had last, so the app opens offline as that venue.
 */
export interface KeptVenue {
  Key: string;
  /** When it was kept (ms): each answer carries its own time too (`dataUpdatedAt`). */
  KeptAt: number;
  Queries: DehydratedState;
}

interface DeviceDb extends DBSchema {
  venues: { key: string; value: KeptVenue };
  /** `signedIn`: the key of the sign-in this device had last. */
  meta: { key: string; value: string };
  /** Orders submitted with no network, by Idempotency-Key (outbox.ts). */
  outbox: { key: string; value: OutboxEntry; indexes: { Owner: string } };
}

const DB_NAME = 'bev-device';
let opened: Promise<IDBPDatabase<DeviceDb>> | undefined;

/** The device's database, in a page or in the service worker. */
export function deviceDb(): Promise<IDBPDatabase<DeviceDb>> {
  opened ??= openDB<DeviceDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('venues', { keyPath: 'Key' });
        database.createObjectStore('meta');
      }
      if (oldVersion < 2)
        database.createObjectStore('outbox', { keyPath: 'Key' }).createIndex('Owner', 'Owner');
    },
    // A newer tab upgrades the database: this one lets go, and opens it again when next asked.
    blocking() {
      void opened?.then((database) => database.close());
      opened = undefined;
    },
  });
  return opened;
}

/** The key of the sign-in this device had last, if any (the service worker sends only its orders). */
export async function lastSignedIn(): Promise<string | undefined> {
  return (await deviceDb()).get('meta', 'signedIn');
}

/** Keeps a venue's answers and makes its sign-in the device's last. */
export async function keepVenue(venue: KeptVenue): Promise<void> {
  const tx = (await deviceDb()).transaction(['venues', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('venues').put(venue),
    tx.objectStore('meta').put(venue.Key, 'signedIn'),
    tx.done,
  ]);
}

/** The venue of the device's last sign-in, as it was kept; undefined when none is. */
export async function lastKeptVenue(): Promise<KeptVenue | undefined> {
  const database = await deviceDb();
  const key = await database.get('meta', 'signedIn');
  return key ? database.get('venues', key) : undefined;
}

/** Signed out: the device forgets what this sign-in kept, and has no last sign-in. */
export async function forgetVenue(key: string): Promise<void> {
  const tx = (await deviceDb()).transaction(['venues', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const last = await meta.get('signedIn');
  await Promise.all([
    tx.objectStore('venues').delete(key),
    last === key ? meta.delete('signedIn') : undefined,
    tx.done,
  ]);
}

/**
 * Signed out with no network (issue 39): the device forgot the venue, but the server still holds
 * the session. The service worker ends it before the next page is asked for (sw.ts).
 */
export async function markSignOutPending(): Promise<void> {
  await (await deviceDb()).put('meta', 'pending', 'signOut');
}

/** Whether a sign-out waits to reach the server; taking it clears it (mark it again if it fails). */
export async function takeSignOutPending(): Promise<boolean> {
  const tx = (await deviceDb()).transaction('meta', 'readwrite');
  const pending = await tx.store.get('signOut');
  if (pending) await tx.store.delete('signOut');
  await tx.done;
  return pending !== undefined;
}
