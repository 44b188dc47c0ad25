import { timingSafeEqual } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error.js';
import { databaseConnections, exportFilesWaiting, httpRequests, registry } from '../lib/metrics.js';

/** An order file the ERP has not taken: `W100123.txt`, not a hidden temporary or claimed one. */
const ORDER_FILE = /^[^.].*\.txt$/;

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus' text format (design.md 8.8, decision 082), for whoever runs the
 * product: only with `Authorization: Bearer {METRICS_TOKEN}` (401 otherwise), and 404 when no
 * token is set, as if there were no such path. Every request is counted by route and status,
 * with its latency, when its answer has gone.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern keeps the labels few; a path no route knows is one label.
    const route = request.routeOptions.url ?? 'unknown';
    httpRequests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    // No token set: no metrics, and a 404 as for a path that does not exist (not the web app).
    if (!token) throw notFound('The page');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ ErrorMessage: 'A valid metrics token is required' });
    const files = await readdir(app.config.exportDir).catch(() => [] as string[]);
    exportFilesWaiting.set(files.filter((f) => ORDER_FILE.test(f)).length);
    const { database } = app;
    if (database.kind === 'pg') {
      databaseConnections.set({ state: 'total' }, database.pool.totalCount);
      databaseConnections.set({ state: 'idle' }, database.pool.idleCount);
      databaseConnections.set({ state: 'waiting' }, database.pool.waitingCount);
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
