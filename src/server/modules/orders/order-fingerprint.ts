import { createHash } from 'node:crypto';
import { OrderInputSchema } from '../../../domain/order.schema.js';

/**
 * What an order body says, as SHA-256 (hex), so that a second use of an Idempotency-Key can
 * be told apart: the same order sent again gets the first answer, a different order sent with
 * that key gets 422 (decision 024, as payment APIs do).
 *
 * The body is normalized by the order schema (fields trimmed, the phone's digits, lines with
 * no quantity dropped, lines in code order), without the rules that depend on the clock or the
 * catalogue: a retry made after the lead time moved, or a product was withdrawn, is still the
 * same body and still gets the first answer instead of a 422 about the date. A body the
 * schema refuses is compared as sent.
 */
export function orderBodyHash(body: unknown): string {
  return createHash('sha256').update(normalizedOrderBody(body)).digest('hex');
}

export function normalizedOrderBody(body: unknown): string {
  const parsed = OrderInputSchema.safeParse(body);
  if (!parsed.success) return JSON.stringify(['unparsed', body ?? null]);
  const {
    DeliveryDate,
    Name,
    Phone,
    Email,
    ReferencePO,
    ProductQuantities,
    OverrideLeadTime,
    OverrideLicense,
    OverrideReason,
  } = parsed.data;
  const lines = ProductQuantities.filter((l) => l.CaseQuantity !== 0 || l.UnitQuantity !== 0)
    .map((l) => [l.Code, l.CaseQuantity, l.UnitQuantity] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const order: unknown[] = ['order', DeliveryDate, Name, Phone, Email, ReferencePO ?? null, lines];
  // A staff order's override is part of what it says (the customer is the key's own scope). An
  // order without it hashes as before, so the hashes already stored still match their retries.
  if (OverrideLeadTime) order.push(['override', OverrideReason]);
  if (OverrideLicense) order.push(['license', OverrideReason]);
  return JSON.stringify(order);
}
