import type { DehydratedState } from '@tanstack/react-query';
import type { RenderContextValue } from './render-context';

/** The element a page drawn on the server carries its state in (JSON: data, not a script to run). */
export const APP_STATE_ID = 'app-state';

/** What the browser needs to hydrate a page the server drew, besides the router's own data. */
export interface AppState {
  render: RenderContextValue;
  /** The QueryClient's cache as the route loaders filled it. */
  queries: DehydratedState;
}

/** The state as it goes into the page: JSON that cannot end its element (`</script>`) or be read as markup. */
export function serializeAppState(state: AppState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's state, or null when the browser draws the page by itself (no server drawing). */
export function readAppState(): AppState | null {
  const element = document.getElementById(APP_STATE_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as AppState;
}
