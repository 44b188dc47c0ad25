import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';

export const internalErrorMessage =
  'Something went wrong on our side. Please try again; if it keeps happening, contact support.';
export const unavailableMessage = 'The service is temporarily unavailable. Please try again in a moment.';

// Errors from a database that cannot be reached (PostgreSQL restarting, network cut):
// 503, so a load balancer and the screens know to retry, and the server recovers by itself.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
  '08004',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** An error from reading a request whose client has gone (its socket closed under it). */
function isClientAbort(raw: IncomingMessage, err: FastifyError): boolean {
  // The socket, not the request stream: a request whose body was read is destroyed too.
  const gone = raw.aborted || raw.socket?.destroyed === true;
  if (!gone) return false;
  return (
    err.code === 'ECONNRESET' ||
    err.code === 'ECONNABORTED' ||
    err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /^aborted$|Unexpected end of (form|multipart data)|premature close/i.test(err.message ?? '')
  );
}

/**
 * Every non-2xx answer has the contract's shape `{ ErrorMessage, Errors? }`. A 5xx never
 * shows internals: the log has them, with the request id, and the caller gets that id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ ErrorMessage: err.message, ...(err.errors ? { Errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err);
      // A malformed path parameter (/Order/abc) is a bad address, not a broken rule.
      const status = err.validationContext === 'params' ? 400 : 422;
      return reply
        .code(status)
        .send({ ErrorMessage: errors[0]?.Message ?? 'The request is not valid', Errors: errors });
    }
    if (isClientAbort(request.raw, err)) {
      // The client went away mid-request (closed the tab, lost the link, or the slow-client
      // limit closed it): nothing to answer and nothing wrong here. The database is fine, so
      // this must not read as "database unavailable" (its ECONNRESET looks the same).
      request.log.info({ code: err.code, reason: err.message }, 'client closed the connection mid-request');
      return reply.code(400).send({ ErrorMessage: 'The request was cut off' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ ErrorMessage: unavailableMessage });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({ ErrorMessage: `${internalErrorMessage} (reference ${request.id})` });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, ...).
    return reply.code(status).send({ ErrorMessage: clientMessage(err) });
  });
});

/** A schema validation error's issues as the contract's `Errors`: `{ Field, Message }`, fields dotted. */
export function fieldErrors(err: Error): { Field: string; Message: string }[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [{ Field: '', Message: err.message }];
  return err.validation.map((v) => ({
    Field: fieldName(v.instancePath),
    Message: v.message ?? 'is invalid',
  }));
}

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return err.message || 'The request could not be processed';
  }
}
