import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/auth.schema.js';
import { idField } from '../../domain/schema-fields.js';

/**
 * A record id in a path, named for what it is ('Order id must be a whole number'); capped at
 * PostgreSQL's integer so a huge id is a 400, not a database error.
 */
export const idParam = (thing: string) => idField(thing);

/** `{id}` in a path: the id of a `thing` ('Order', 'Customer type'). */
export const idParams = (thing: string) => z.object({ id: idParam(thing) });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422;

/** The error bodies a route can answer, for its `response` schema (and the OpenAPI document). */
export function errorResponses<const S extends ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ApiErrorSchema } {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema])) as {
    [K in S[number]]: typeof ApiErrorSchema;
  };
}

/** An admin-only route: 401 for nobody, 403 for a customer. */
export const adminErrors = errorResponses(401, 403);
