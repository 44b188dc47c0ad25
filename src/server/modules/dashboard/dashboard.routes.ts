import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '../../../domain/dashboard.schema.js';
import { adminErrors } from '../../lib/route-schemas.js';
import { dashboard } from './dashboard.service.js';

/** The staff dashboard on /maint/home (design.md 7.8): the day's figures in one answer. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/Dashboard',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['Dashboard'],
        summary:
          'Orders and cases for the next 7 delivery days, web orders today against the same weekday’s average, customers who usually order and have not yet, what needs attention, the last imports',
        response: { 200: DashboardSchema, ...adminErrors },
      },
    },
    async () => dashboard(app.database, app.now(), app.config.businessTz, () => app.backups.status()),
  );
}
