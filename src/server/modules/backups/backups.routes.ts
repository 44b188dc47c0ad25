import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BackupFileSchema, BackupTakenSchema } from '../../../domain/backups.schema.js';
import { conflict } from '../../lib/http-error.js';
import { adminErrors, errorResponses } from '../../lib/route-schemas.js';
import { POSTGRES_BACKUP_MESSAGE } from './backups.js';

const tags = ['Backups'];

/** Backups of the embedded database on demand, and the list (design.md 8.8): staff only. */
export async function backupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');

  r.post(
    '/Backup',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Takes a backup of the embedded database now, while it keeps answering (409 on PostgreSQL: back up with pg_dump)',
        response: { 201: BackupTakenSchema, ...adminErrors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      if (!app.backups.embedded) throw conflict(POSTGRES_BACKUP_MESSAGE);
      const taken = await app.backups.take();
      request.log.info({ file: taken.File, by: request.principal?.role }, 'backup taken on demand');
      return reply.code(201).send({ File: taken.File, Bytes: taken.Bytes });
    },
  );

  r.get(
    '/Backups',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The backups in BACKUP_DIR, newest first (none on PostgreSQL)',
        response: { 200: z.array(BackupFileSchema), ...adminErrors },
      },
    },
    async () => (app.backups.embedded ? app.backups.list() : []),
  );
}
