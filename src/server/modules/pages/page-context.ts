import type { QueryClient } from '@tanstack/react-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteObject } from 'react-router';
import type { Principal } from '../../plugins/auth.js';

/** What a page's loaders and actions get (`requestContext`): the request, its caller, the cache they fill. */
export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  principal: Principal | null;
  queryClient: QueryClient;
}

/** A route's server half: its loader and action, by the route's id in router.tsx. */
export type ServerRoute = Pick<RouteObject, 'loader' | 'action'>;

export function contextOf(args: { context?: unknown }): PageContext {
  return args.context as PageContext;
}
