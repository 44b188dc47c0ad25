import type { FastifyInstance } from 'fastify';
import type { RouteObject } from 'react-router';
import type * as Web from '../../../web/entry-server.js';
import type { ServerRoute } from './page-context.js';
import { pageLoaders } from './page-loaders.js';
import { personActions } from './person-actions.js';
import { signInActions } from './sign-in-actions.js';

export type { PageContext } from './page-context.js';

/** The server's half of the customer pages' routes, by route id: the loaders and the login pages' form posts. */
export function serverRoutes(app: FastifyInstance, web: typeof Web): Record<string, ServerRoute> {
  return { ...pageLoaders(app, web), ...signInActions(app, web), ...personActions(app, web) };
}

/** The browser's routes with the server's halves put on the routes they belong to (by id). */
export function withServerRoutes(routes: RouteObject[], server: Record<string, ServerRoute>): RouteObject[] {
  return routes.map((route) => {
    const own = route.id ? server[route.id] : undefined;
    return {
      ...route,
      ...own,
      ...(route.children ? { children: withServerRoutes(route.children, server) } : {}),
    } as RouteObject;
  });
}
