import { eq, sql } from 'drizzle-orm';
import type { OrderDraftInput, SavedOrderDraft } from '../../../domain/order-draft.schema.js';
import type { Db } from '../../db/client.js';
import { customers, orderDrafts } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { wellFormed } from '../../lib/well-formed.js';

/** What a 404 names: an unknown customer, another customer's id (decision 024), or no draft. */
export const CUSTOMER = 'The customer';
export const DRAFT = 'The draft';

const answer = (row: { body: unknown; savedAt: Date }): SavedOrderDraft => ({
  SavedAt: row.savedAt.toISOString(),
  Order: row.body as OrderDraftInput,
});

/** The customer's draft, or 404 naming the customer (unknown) or the draft (none saved). */
export async function getDraft(db: Db, customerId: number): Promise<SavedOrderDraft> {
  const [row] = await db
    .select({ exists: sql<boolean>`true`, body: orderDrafts.body, savedAt: orderDrafts.savedAt })
    .from(customers)
    .leftJoin(orderDrafts, eq(orderDrafts.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound(CUSTOMER);
  if (row.body === null || row.savedAt === null) throw notFound(DRAFT);
  return answer({ body: row.body, savedAt: row.savedAt });
}

/**
 * Keeps `draft` as the customer's one draft, replacing any earlier one, in one statement
 * (a customer that does not exist inserts nothing and is a 404).
 */
export async function saveDraft(
  db: Db,
  customerId: number,
  draft: OrderDraftInput,
  now: Date,
): Promise<SavedOrderDraft> {
  const [row] = await db
    .insert(orderDrafts)
    .select(
      db
        .select({
          customerId: customers.id,
          body: sql`${JSON.stringify(wellFormed(draft))}::jsonb`.as('body'),
          savedAt: sql`${now.toISOString()}::timestamptz`.as('saved_at'),
        })
        .from(customers)
        .where(eq(customers.id, customerId)),
    )
    .onConflictDoUpdate({
      target: orderDrafts.customerId,
      set: { body: sql`excluded.body`, savedAt: sql`excluded.saved_at` },
    })
    .returning({ body: orderDrafts.body, savedAt: orderDrafts.savedAt });
  if (!row) throw notFound(CUSTOMER);
  return answer(row);
}

/** Forgets the customer's draft; none to forget is fine, an unknown customer is a 404. */
export async function deleteDraft(db: Db, customerId: number): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound(CUSTOMER);
  await db.delete(orderDrafts).where(eq(orderDrafts.customerId, customerId));
}
