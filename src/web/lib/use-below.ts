import { useCallback, useSyncExternalStore } from 'react';
import { useRenderedWidth } from '../ssr/render-context';
import { below } from '../theme';

/**
 * True while the viewport is narrower than `px`, read at once so the first paint is right. A page
 * drawn on the server is drawn for the width it guessed (a phone or a desk), and the browser's
 * hydrating render reads that same guess; React then draws again at once if the screen differs.
 */
export function useBelow(px: number): boolean {
  const rendered = useRenderedWidth();
  const query = below(px);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => (rendered ?? 1280) < px,
  );
}
