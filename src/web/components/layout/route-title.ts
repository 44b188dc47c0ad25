import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { APP_NAME } from '../../../domain/app-name';

export { APP_NAME };

/** What a route declares in its `handle` (router.tsx). */
export interface RouteHandle {
  /** The screen title: shown in the admin frame's header and the browser tab. */
  title?: string;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Keeps the browser tab's title in step with the screen. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}
