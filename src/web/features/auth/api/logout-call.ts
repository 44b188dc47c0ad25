import { apiFetch } from '../../../lib/api-client';

/** POST Logout: ends this device's session (a page's Logout, or the service worker's, sw.ts). */
export function logout(): Promise<void> {
  return apiFetch<void>('Logout', { method: 'POST' });
}
