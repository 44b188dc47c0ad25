/**
 * PostgreSQL error codes, read through the wrappers Drizzle and the drivers put around them
 * (DrizzleQueryError keeps the driver's error as `cause`; node-postgres and PGlite both carry `code`).
 */
export function pgErrorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The name of the constraint a driver's error names (node-postgres and PGlite both carry it). */
export function pgConstraint(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation: two requests raced for the same key; the loser gets the same 409 as a checked one. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** foreign_key_violation: a row still referred to, or a reference to a row that just went. */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';
