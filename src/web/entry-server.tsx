/**
 * The customer pages drawn on the server (issue 34, design.md 8.1): the browser's own route
 * components, through React Router's data mode (createStaticHandler, StaticRouterProvider), in
 * the same tree as the browser's (app-tree.tsx). The server's page plugin gives each request its
 * route loaders and actions (they call the server's services in-process) and a QueryClient they
 * fill; the page carries that cache, dehydrated, for the browser to hydrate.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  type StaticHandler,
  StaticRouterProvider,
} from 'react-router';
import { AppTree } from './app-tree';
import type { RouteHandle } from './components/layout/route-title';
import type { AppState } from './ssr/app-state';
import type { RenderContextValue } from './ssr/render-context';

export interface PageRequest {
  /** The page's request as the Fetch API has it (a form post carries its body). */
  request: Request;
  /** Handed to the route loaders and actions: the session, the services, the QueryClient. */
  context: unknown;
  queryClient: QueryClient;
  render: RenderContextValue;
  /** The response's CSP nonce, for the router's hydration script. */
  nonce: string;
}

export type PageResult =
  /** An action's or a loader's redirect (a sign-in, a page that needs one). */
  | { kind: 'response'; response: Response }
  | { kind: 'page'; status: number; title: string | undefined; html: string; state: AppState };

/** A renderer for one route tree (the browser's routes with the server's loaders and actions). */
export function createPageRenderer(routes: RouteObject[]) {
  const handler: StaticHandler = createStaticHandler(routes);
  return async (page: PageRequest): Promise<PageResult> => {
    const context = await handler.query(page.request, { requestContext: page.context });
    if (context instanceof Response) return { kind: 'response', response: context };
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <AppTree queryClient={page.queryClient} render={page.render}>
        <StaticRouterProvider router={router} context={context} nonce={page.nonce} />
      </AppTree>,
    );
    const title = [...context.matches]
      .reverse()
      .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
      .find(Boolean);
    return {
      kind: 'page',
      status: context.statusCode,
      title,
      html,
      state: { render: page.render, queries: dehydrate(page.queryClient) },
    };
  };
}

export { APP_NAME } from './components/layout/route-title';
export { setServerSanitizer } from './components/safe-html';
export type { LoginActionData } from './features/auth/components/login-card';
export { UPCOMING_HOLIDAY_DAYS } from './features/holidays/api/get-holidays';
export { COUNTDOWN_DATES } from './features/order/components/delivery-countdown';
export { formSources } from './features/order/form-sources';
export { queryKeys } from './lib/query-keys';
export { loginPath, paths, safeReturnTo } from './paths';
export { routes } from './router';
export { APP_STATE_ID, serializeAppState } from './ssr/app-state';
export { guessWidth } from './ssr/render-context';
