import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_FILE_FIELD, type ImportReport } from '../../../domain/imports.schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type ImportDefinition, runImport } from './import-runner.js';

/** What a multipart body may carry besides the file itself (boundaries, part headers, a few small fields). */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export function tooLarge(limitBytes: number): HttpError {
  const mb = limitBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${limitBytes} bytes`;
  return new HttpError(413, `The file is larger than the upload limit of ${size}`);
}

/** The file's bytes as they arrive; a file cut off at the size limit fails at its end, inside the transaction. */
async function* untilLimit(stream: AsyncIterable<Uint8Array> & { truncated?: boolean }, limitBytes: number) {
  for await (const chunk of stream) yield chunk;
  if (stream.truncated) throw tooLarge(limitBytes);
}

/**
 * One upload: the file is read as it streams in (never buffered whole) and imported in one
 * transaction; 413 past the size limit, 422 for a file that is not an import file at all.
 */
export async function importUpload<Row extends { line: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  def: ImportDefinition<Row>,
): Promise<ImportReport> {
  const limit = app.config.uploadLimitBytes;
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the file as multipart/form-data in a field named '${IMPORT_FILE_FIELD}'`);
  }
  // Refused before a byte is read when the request says it is too big.
  if (Number(request.headers['content-length']) > limit + MULTIPART_OVERHEAD_BYTES) throw tooLarge(limit);
  const file = await request.file({ limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 } });
  if (!file)
    throw new HttpError(400, `No file was sent: attach one file in a field named '${IMPORT_FILE_FIELD}'`);
  if (file.fieldname !== IMPORT_FILE_FIELD) {
    file.file.resume();
    throw new HttpError(400, `The file must be sent in a field named '${IMPORT_FILE_FIELD}'`);
  }
  return runImport(app.database, def, untilLimit(file.file, limit), {
    fileName: file.filename,
    env: { now: app.now(), businessTz: app.config.businessTz, log: request.log },
  });
}
