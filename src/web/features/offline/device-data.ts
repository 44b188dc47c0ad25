import type { DehydratedState } from '@tanstack/react-query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

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
}

const DB_NAME = 'bev-device';
let opened: Promise<IDBPDatabase<DeviceDb>> | undefined;

function db(): Promise<IDBPDatabase<DeviceDb>> {
  opened ??= openDB<DeviceDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('venues', { keyPath: 'Key' });
      database.createObjectStore('meta');
    },
  });
  return opened;
}

/** Keeps a venue's answers and makes its sign-in the device's last. */
export async function keepVenue(venue: KeptVenue): Promise<void> {
  const tx = (await db()).transaction(['venues', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('venues').put(venue),
    tx.objectStore('meta').put(venue.Key, 'signedIn'),
    tx.done,
  ]);
}

/** The venue of the device's last sign-in, as it was kept; undefined when none is. */
export async function lastKeptVenue(): Promise<KeptVenue | undefined> {
  const database = await db();
  const key = await database.get('meta', 'signedIn');
  return key ? database.get('venues', key) : undefined;
}

/** Signed out: the device forgets what this sign-in kept, and has no last sign-in. */
export async function forgetVenue(key: string): Promise<void> {
  const tx = (await db()).transaction(['venues', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const last = await meta.get('signedIn');
  await Promise.all([
    tx.objectStore('venues').delete(key),
    last === key ? meta.delete('signedIn') : undefined,
    tx.done,
  ]);
}
