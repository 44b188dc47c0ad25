import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/**
 * Every request's id is the server's own, unique across processes and restarts, so a 500's
 * reference names one request in the logs of all of them (issue 44). A client's or proxy's
 * X-Request-Id is kept beside it as `clientRequestId`, never in its place.
 */
export const requestIdOptions: Pick<
  FastifyServerOptions,
  'requestIdHeader' | 'genReqId' | 'childLoggerFactory'
> = {
  requestIdHeader: false,
  genReqId: () => randomUUID(),
  childLoggerFactory: (logger, bindings, options, raw) => {
    const client = raw.headers['x-request-id'];
    return logger.child(
      typeof client === 'string' && client
        ? { ...bindings, clientRequestId: client.slice(0, 200) }
        : bindings,
      options,
    );
  },
};
