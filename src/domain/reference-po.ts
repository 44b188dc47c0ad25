/*
 * Reference customers (spec section 9), in a module without zod so that the page's entry can
 * draw the order form's first paint with it (src/web/shell); order-fields.ts re-exports it.
 */

export const REFERENCE_PO_MAX = 20;

/** Customer types 6 and 7 are reference customers: they give a Reference PO (spec section 9). */
const REFERENCE_CUSTOMER_TYPES: ReadonlySet<number> = new Set([6, 7]);
export function isReferenceCustomerType(customerTypeId: number): boolean {
  return REFERENCE_CUSTOMER_TYPES.has(customerTypeId);
}
