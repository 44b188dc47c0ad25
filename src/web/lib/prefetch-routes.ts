import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads a screen's code when the customer puts a finger or the pointer down on a link to it, or
 * tabs onto one (issue 22): the tap's release and the router's navigation then find the chunks
 * already coming. Only each route's `lazy` import is called: the browser loads a module once,
 * and the router's own call later gets the same one. Not on sight of the link: running a chunk
 * on idle costs the 4x slower phone CPU blocking time on the screen being read (decision 049).
 */
export function prefetchRoutesOnIntent(routes: RouteObject[]): () => void {
  const done = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.target === '_blank' || done.has(link.pathname)) return;
    done.add(link.pathname);
    for (const match of matchRoutes(routes, link.pathname) ?? []) {
      const lazy = match.route.lazy;
      if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => done.delete(link.pathname));
    }
  };
  const options = { capture: true, passive: true } as const;
  document.addEventListener('pointerdown', onIntent, options);
  document.addEventListener('focusin', onIntent, options);
  return () => {
    document.removeEventListener('pointerdown', onIntent, options);
    document.removeEventListener('focusin', onIntent, options);
  };
}
