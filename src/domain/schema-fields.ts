import { z } from 'zod';
import { isIsoDate } from './business-date';
import { maxLengthMessage, requiredMessage, validNumberMessage } from './order.schema';
import { normalizePhone } from './phone';

/**
 * Field builders shared by the maintenance schemas (products, customers, customer types,
 * messages, users), so that every form and every route words a broken rule the same way:
 * the spec's '{field} is required' for anything missing (section 5).
 */

/** PostgreSQL's integer: ids and numbers above it would fail in the database, not in the rule. */
export const INT_MAX = 2_147_483_647;

/**
 * A record's id in a path or a request ('/Order/abc'): anything but a whole number from 1 to
 * PostgreSQL's integer gets '{Thing} id must be a whole number', never the schema library's
 * own words (issue 17, item 6).
 */
export function idField(thing: string) {
  const message = `${thing} id must be a whole number`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(INT_MAX, message);
}

/** A record's Id in a save body: 0, null or absent means "create a new one". */
export const SaveIdField = z
  .number({ error: 'Id must be a whole number' })
  .int('Id must be a whole number')
  .min(0, 'Id must be a whole number')
  .max(INT_MAX, 'Id must be a whole number')
  .nullish()
  .transform((id) => id ?? 0);

/** Trimmed text that must not be empty: '{label} is required'. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, maxLengthMessage(label, max));
}

/** Trimmed text that may be left out; null and absent are stored as ''. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, maxLengthMessage(label, max))
    .nullish()
    .transform((s) => s ?? '');
}

/**
 * A whole number from `min` to `max`. Numbers only, never coerced: a form's empty field
 * ('' or null) must read as missing, not as 0.
 */
export function wholeNumber(
  label: string,
  min: number,
  max: number,
  message = `${label} must be a whole number from ${min} to ${max}`,
  missing = requiredMessage(label),
) {
  return z
    .number({ error: (issue) => (issue.input == null || issue.input === '' ? missing : message) })
    .int(message)
    .min(min, message)
    .max(max, message);
}

export const invalidDateMessage = (label: string) => `${label} must be a valid date (YYYY-MM-DD)`;

/** A required calendar date 'YYYY-MM-DD': '{label} is required' when empty. */
export function dateField(label: string) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
      else if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: invalidDateMessage(label) });
    });
}

/** An optional calendar date; '', null and absent all mean "no date" (null). */
export function optionalDateField(label: string) {
  return z
    .string({ error: invalidDateMessage(label) })
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (value && !isIsoDate(value)) ctx.addIssue({ code: 'custom', message: invalidDateMessage(label) });
    })
    .transform((value) => value || null);
}

export const endBeforeStartMessage = 'End Date must not be before Start Date';

/** True when both dates are given and the end comes before the start ('YYYY-MM-DD' compares as text). */
export function endsBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  return isIsoDate(start) && isIsoDate(end) && end < start;
}

/** An optional 10-digit phone number, stored unmasked; '' when left out (spec section 5). */
export function optionalPhone(label: string) {
  return z
    .string({ error: validNumberMessage(label) })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return '';
      const digits = normalizePhone(value);
      if (digits === null) ctx.addIssue({ code: 'custom', message: validNumberMessage(label) });
      return digits ?? z.NEVER;
    });
}
