import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '../../../domain/audit.schema.js';
import { adminErrors, errorResponses } from '../../lib/route-schemas.js';
import { listAudit } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/Audit',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['Audit'],
        summary:
          'The audit trail of admin writes, newest first, a page at a time (from/to: YYYY-MM-DD in the business time zone, user: user name, entity: e.g. CustomerType)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...adminErrors, ...errorResponses(422) },
      },
    },
    async (request) => listAudit(app.db, request.query, app.config.businessTz),
  );
}
