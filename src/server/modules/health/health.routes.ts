import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/client.js';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await pingDatabase(app.db);
      return { Status: 'ok', Database: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      return reply
        .code(503)
        .send({ ErrorMessage: 'Database unreachable', Status: 'unavailable', Database: 'down' });
    }
  });
}
