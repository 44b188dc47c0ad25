import { sql } from 'drizzle-orm';
import { orders, people } from '../../db/schema.js';

/**
 * Who placed an order (design.md 8.2, `PlacedBy` in the order answers): derived from what the
 * order already records, never stored a second time (decision 065).
 * - A staff order names the staff user who entered it (`entered_by`, design.md 7.5).
 * - Any other web order came through the customer's shared sign-in (customer number and zip code):
 *   until people sign in for themselves (8.2), nobody else can place one, so every web order from
 *   before this field says `Shared sign-in` too, with no backfill.
 * - An order from the ERP's order history file was not placed on this site: null, not a guess.
 * A change or a cancel by someone else (PUT Order, POST Order/{id}/Cancel) leaves it as it was:
 * who placed the order does not change, and the audit trail records who changed it.
 * - A standing order's (design.md 8.6) says `Standing order`: nobody typed it that day.
 * - A person signed in for themselves (decision 068) is named: the order keeps the person's id,
 *   and the name is read with it, so a person's new name shows on their past orders too.
 */
export const SHARED_SIGN_IN = 'Shared sign-in';
/** An order a standing order placed (design.md 8.6): its order type says so, for good. */
export const STANDING_ORDER = 'Standing order';

/** What an order records that says who placed it, with its person's name (null: none). */
export type PlacedByFacts = Pick<typeof orders.$inferSelect, 'source' | 'enteredBy' | 'orderType'> & {
  personName: string | null;
};

export function placedBy(order: PlacedByFacts): string | null {
  if (order.source !== 'web') return null;
  if (order.orderType === 'STANDING') return STANDING_ORDER;
  return order.enteredBy ?? order.personName ?? SHARED_SIGN_IN;
}

/** The name of an order's person, read with the order (`personName` of PlacedByFacts). */
export const personNameColumn = sql<
  string | null
>`(select ${people.name} from ${people} where ${people.id} = ${orders.personId})`;
