import { z } from 'zod';
import { licenseMessages } from './license';

/**
 * Orders taken by phone (design.md 7.5): staff place an order for a customer with the same
 * rules as the customer's own, and may accept a delivery date inside the lead time when they
 * say why. Who may send which field is decided here; the date rule's override is applied by
 * `deliveryDateContext` (the earliest date becomes today) and the reason's by the order schema.
 */

export const OVERRIDE_REASON_MAX = 200;

/** PostgreSQL's integer (schema-fields' INT_MAX; that module imports the order schema). */
const ID_MAX = 2_147_483_647;

export const staffOrderMessages = {
  customerRequired: 'Customer is required: choose the customer this order is for',
  customerIdInvalid: 'Customer id must be a whole number',
  overrideInvalid: 'Override Lead Time must be true or false',
  reasonRequired: 'Override Reason is required to override the lead time',
  reasonTooLong: `Length of Override Reason must be less than or equal to ${OVERRIDE_REASON_MAX}`,
  reasonInvalid: 'Invalid Override Reason',
  ownOrdersOnly: 'Customers place orders for themselves only',
  staffOnlyOverride: 'Only staff may override the lead time',
  customerInactive: 'This customer is inactive: make them active before ordering for them',
} as const;

/** The fields a staff order adds to the order body; a customer's order leaves them out. */
export const staffOrderFields = {
  /**
   * The customer the order is for: required from staff; a customer may only name themselves.
   * A JSON number, not coerced: coercing turns any value into text first, and an array nested
   * 20,000 deep overflowed the stack doing it (the fuzz test).
   */
  CustomerId: z
    .number({ error: staffOrderMessages.customerIdInvalid })
    .int(staffOrderMessages.customerIdInvalid)
    .min(1, staffOrderMessages.customerIdInvalid)
    .max(ID_MAX, staffOrderMessages.customerIdInvalid)
    .nullish()
    .transform((id) => id ?? null),
  /** Staff only: accept a delivery date inside the lead time (never a Sunday, holiday or type-1 Saturday). */
  OverrideLeadTime: z
    .boolean({ error: staffOrderMessages.overrideInvalid })
    .nullish()
    .transform((v) => v === true),
  /**
   * Staff only: accept a delivery date after the customer's license expired (design.md 8.2,
   * decision 067), with the same Override Reason.
   */
  OverrideLicense: z
    .boolean({ error: licenseMessages.overrideInvalid })
    .nullish()
    .transform((v) => v === true),
  /** Why the lead time or the license was overridden; required with an override, dropped without one. */
  OverrideReason: z
    .string({ error: staffOrderMessages.reasonInvalid })
    .trim()
    .max(OVERRIDE_REASON_MAX, staffOrderMessages.reasonTooLong)
    .nullish()
    .transform((reason) => reason || null),
};

/** Who sends the order: a signed-in customer (their own id) or staff. */
export type OrderCaller = { role: 'customer'; customerId: number } | { role: 'admin' };

export type OrderFor =
  | { ok: true; customerId: number; byStaff: boolean; overrideLeadTime: boolean; overrideLicense: boolean }
  | { ok: false; refusal: 'forbidden' | 'invalid'; Field: string; Message: string };

/**
 * For whom an order is, and whether it may override the lead time. It reads the body as sent
 * or as parsed, so the route can refuse a customer's staff fields before the body's rules
 * (decision 009): a customer naming another customer, or asking for an override, is not
 * allowed (403), whatever else the body says. Staff must name the customer (422).
 */
export function orderFor(caller: OrderCaller, body: unknown): OrderFor {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as {
    CustomerId?: unknown;
    OverrideLeadTime?: unknown;
    OverrideLicense?: unknown;
  };
  // Only a JSON number names a customer: Number() of anything else turns it into text first,
  // and an array nested 20,000 deep overflowed the stack doing it (the fuzz test's 500).
  const raw = fields.CustomerId;
  const named = raw === undefined || raw === null ? null : typeof raw === 'number' ? raw : Number.NaN;
  const override = fields.OverrideLeadTime === true;
  const overrideLicense = fields.OverrideLicense === true;
  if (caller.role === 'customer') {
    if (named !== null && named !== caller.customerId)
      return {
        ok: false,
        refusal: 'forbidden',
        Field: 'CustomerId',
        Message: staffOrderMessages.ownOrdersOnly,
      };
    if (override)
      return {
        ok: false,
        refusal: 'forbidden',
        Field: 'OverrideLeadTime',
        Message: staffOrderMessages.staffOnlyOverride,
      };
    if (overrideLicense)
      return {
        ok: false,
        refusal: 'forbidden',
        Field: 'OverrideLicense',
        Message: licenseMessages.staffOnlyOverride,
      };
    return {
      ok: true,
      customerId: caller.customerId,
      byStaff: false,
      overrideLeadTime: false,
      overrideLicense: false,
    };
  }
  if (named === null || !Number.isInteger(named) || named < 1)
    return {
      ok: false,
      refusal: 'invalid',
      Field: 'CustomerId',
      Message: staffOrderMessages.customerRequired,
    };
  return { ok: true, customerId: named, byStaff: true, overrideLeadTime: override, overrideLicense };
}
