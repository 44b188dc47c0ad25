import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/auth.schema.js';
import { ImportPreviewSchema, ImportReportSchema } from '../../../domain/imports.schema.js';
import { adminErrors, errorResponses } from '../../lib/route-schemas.js';
import { availabilityImport } from './availability-import.service.js';
import { customerImport } from './customer-import.service.js';
import { customerItemImport } from './customer-item-import.service.js';
import type { ImportDefinition } from './import-runner.js';
import { importUpload, type Upload } from './import-upload.js';
import { invoiceImport } from './invoices-import.service.js';
import { itemImport } from './item-import.service.js';
import { orderHistoryImport } from './order-history-import.service.js';
import { priceImport } from './prices-import.service.js';

const uploads: { path: string; def: ImportDefinition<{ line: number }>; summary: string }[] = [
  { path: '/ItemImport', def: itemImport, summary: 'Items file: upsert by product code' },
  { path: '/CustomerImport', def: customerImport, summary: 'Customers file: upsert by CompanyId' },
  {
    path: '/CustomerItemsImport',
    def: customerItemImport,
    summary: 'Customer items file: upsert by CompanyId and product code',
  },
  {
    path: '/OrderHistoryImport',
    def: orderHistoryImport,
    summary: 'Order history file: upsert by order number and item',
  },
  {
    path: '/AvailabilityImport',
    def: availabilityImport,
    summary: 'Availability file (design.md 8.3): each file replaces the last',
  },
  {
    path: '/PriceImport',
    def: priceImport,
    summary:
      'Prices file (design.md 8.4): each file replaces the prices of the periods that have not ended; PRICE_POST_AND_HOLD keeps started periods as posted',
  },
  {
    path: '/InvoiceImport',
    def: invoiceImport,
    summary:
      'Invoices file (design.md 8.4): upsert by invoice number; a later file with the same number replaces its lines; each invoice is checked against its order and the posted prices',
  },
];

/** The upload as import-upload.ts reads it: the request's options, length, parts and socket. */
function uploadOf(request: FastifyRequest): Upload {
  return {
    query: request.query,
    contentLength: request.headers['content-length'],
    parts: request.isMultipart() ? (limits) => request.parts({ limits }) : null,
    clientGone: () => request.raw.socket?.destroyed === true,
  };
}

/**
 * The seven uploads, at /api (design.md 2): multipart, one tab-separated file in the field
 * `file`, admin only; each file is one transaction and answers a report. Multipart is
 * registered here only, so no other route accepts a multipart body.
 */
export async function importRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.config.uploadLimitBytes, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');
  for (const { path, def, summary } of uploads) {
    r.post(
      path,
      {
        onRequest: admin,
        schema: {
          tags: ['Imports'],
          summary,
          description: `Tab-separated columns: ${def.columns.join(', ')}. \`?dryRun=1\` previews the file: the same report plus \`DryRun: true\` and the first 1,000 \`Changes\`, and nothing is applied (design.md 7.7). 413 past the upload limit; 422 for a file with no line that can be imported (binary, empty, every line wrong), a query option the import does not know or a \`dryRun\` other than 1, which changes nothing.`,
          consumes: ['multipart/form-data'],
          response: {
            200: z.union([ImportPreviewSchema, ImportReportSchema]),
            ...adminErrors,
            ...errorResponses(400, 422),
            413: ApiErrorSchema,
            415: ApiErrorSchema,
          },
        },
      },
      async (request) =>
        importUpload(
          { database: app.database, now: app.now, log: request.log, config: app.config },
          { principal: request.principal!, upload: uploadOf(request) },
          def,
        ),
    );
  }
}
