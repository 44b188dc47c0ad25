import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FooterSchema } from '../../../domain/auth.schema.js';
import { auditActor } from '../audit/audit.js';
import { getFooter, saveFooter } from './settings.service.js';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Footer',
    {
      schema: {
        tags: ['Settings'],
        summary: 'The footer shown on customer screens (sanitized HTML)',
        response: { 200: FooterSchema },
      },
    },
    async () => ({ Footer: await getFooter(app.db) }),
  );

  r.post(
    '/Footer',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['Settings'],
        summary: 'Saves the footer; HTML is sanitized',
        body: z.object({ Footer: z.string().max(20_000, 'Footer must be at most 20000 characters') }),
        response: { 200: FooterSchema },
      },
    },
    async (request) => ({
      Footer: await saveFooter(app.db, request.body.Footer, auditActor(request.principal, app.now)),
    }),
  );
}
