import type { Session } from '../../../domain/auth.schema';

/**
 * Whose data a device keeps (issue 39): one venue as one sign-in sees it. A person's key names the
 * person and the venue; the shared sign-in's names the venue. Staff and no one keep nothing.
 * Another person signing in on the device has another key, so never reads what this one kept.
 */
export function deviceKeyOf(session: Session | undefined): string | null {
  if (session?.Role !== 'customer' || !session.Customer) return null;
  return session.Person
    ? `person:${session.Person.Id}@${session.Customer.Id}`
    : `shared@${session.Customer.Id}`;
}

/**
 * The queries a device keeps for its venue: the session it was signed in with, the customer and
 * its prices and its type's rules, the order guide (pars, availability), the dates and holidays,
 * the messages, the orders and the draft. Nothing of the staff site, and nothing another sign-in may read.
 */
const KEPT_ROOTS: ReadonlySet<unknown> = new Set([
  'session',
  'customers',
  'customerTypes',
  'holidays',
  'orderGuide',
  'draft',
  'deliveryDates',
  'displayMessages',
  'orders',
  'worksheet',
  'footer',
]);

export function isKeptQuery(queryKey: readonly unknown[]): boolean {
  return KEPT_ROOTS.has(queryKey[0]);
}
