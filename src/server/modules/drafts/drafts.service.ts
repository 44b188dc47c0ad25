import { and, eq, type SQL, sql } from 'drizzle-orm';
import { formatCompanyId } from '../../../domain/company-id.js';
import {
  draftConflictMessages,
  type OrderDraftInput,
  type SavedOrderDraft,
} from '../../../domain/order-draft.schema.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { customers, orderDrafts } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { wellFormed } from '../../lib/well-formed.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';

/** What a 404 names: an unknown customer, another customer's id (decision 024), or no draft. */
export const CUSTOMER = 'The customer';
export const DRAFT = 'The draft';

const answer = (row: { body: unknown; savedAt: Date }): SavedOrderDraft => ({
  SavedAt: row.savedAt.toISOString(),
  Order: row.body as OrderDraftInput,
});

/**
 * The draft's next version (decision 061): the server's time, but always after the one it
 * replaces, so two saves in one millisecond (or on a test's fixed clock) never share a SavedAt.
 */
const nextSavedAt = (now: Date): SQL =>
  sql`greatest(${now.toISOString()}::timestamptz, ${orderDrafts.savedAt} + interval '1 millisecond')`;

/** The customer's draft, or 404 naming the customer (unknown) or the draft (none, sent or discarded). */
export async function getDraft(db: Db, customerId: number): Promise<SavedOrderDraft> {
  const row = await currentDraft(db, customerId);
  if (!row.state || row.state !== 'open' || !row.savedAt) throw notFound(DRAFT);
  return answer({ body: row.body, savedAt: row.savedAt });
}

async function currentDraft(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({ body: orderDrafts.body, savedAt: orderDrafts.savedAt, state: orderDrafts.state })
    .from(customers)
    .leftJoin(orderDrafts, eq(orderDrafts.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound(CUSTOMER);
  return row;
}

/**
 * Why a draft is no longer the one a save, a Discard or an order started from (a 409 in the
 * error shape, naming BaseSavedAt): saved since by another tab or device, its order sent, or
 * discarded. An unknown customer is still a 404.
 */
export async function draftConflict(db: DbOrTx, customerId: number): Promise<HttpError> {
  const row = await currentDraft(db, customerId);
  const message =
    row.state === 'open'
      ? draftConflictMessages.changed
      : row.state === 'sent'
        ? draftConflictMessages.sent
        : draftConflictMessages.discarded;
  return new HttpError(409, message, [{ Field: 'BaseSavedAt', Message: message }]);
}

/**
 * Keeps `draft` as the customer's one draft, in one statement. With `base` (the SavedAt the
 * form started from), only over that very draft, still open: else 409 (decision 061). Without
 * it, the first save of a form that started a new order: it replaces whatever draft there is
 * (a customer that does not exist inserts nothing and is a 404).
 */
export async function saveDraft(
  db: Db,
  customerId: number,
  draft: OrderDraftInput,
  base: string | null,
  now: Date,
  /** Staff writing the customer's draft (design.md 7.6): audited in the write's transaction. */
  actor: AuditActor | null = null,
): Promise<SavedOrderDraft> {
  if (!actor) return writeDraft(db, customerId, draft, base, now);
  return db.transaction(async (tx) => {
    const saved = await writeDraft(tx, customerId, draft, base, now);
    const lines = (draft.ProductQuantities ?? []).filter(
      (l) => filled(l.CaseQuantity) || filled(l.UnitQuantity),
    );
    await recordDraftAudit(tx, actor, customerId, 'Update', (who) => ({
      summary: `Saved the draft of customer ${who}`,
      changes: [
        { Field: 'DeliveryDate', Before: null, After: draft.DeliveryDate || null },
        {
          Field: 'Products',
          Before: null,
          After: lines
            .map((l) => `${l.Code}: ${l.CaseQuantity || 0} cases ${l.UnitQuantity || 0} units`)
            .join(', '),
        },
      ],
    }));
    return saved;
  });
}

const filled = (q: unknown) => q !== undefined && q !== '' && q !== 0 && q !== '0';

/** The audit row of a staff write to a customer's draft (issue 33), naming the customer. */
async function recordDraftAudit(
  tx: DbOrTx,
  actor: AuditActor,
  customerId: number,
  action: 'Update' | 'Delete',
  what: (who: string) => {
    summary: string;
    changes?: { Field: string; Before: null; After: string | null }[];
  },
) {
  const [customer] = await tx
    .select({ companyId: customers.companyId, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  const { summary, changes } = what(
    customer ? `${formatCompanyId(customer.companyId)} ${customer.name}` : String(customerId),
  );
  await recordAudit(tx, actor, { action, entity: 'Draft', entityId: customerId, summary, changes });
}

/** The draft's write itself, in one statement (see saveDraft). */
async function writeDraft(
  db: DbOrTx,
  customerId: number,
  draft: OrderDraftInput,
  base: string | null,
  now: Date,
): Promise<SavedOrderDraft> {
  const body = sql`${JSON.stringify(wellFormed(draft))}::jsonb`;
  if (base !== null) {
    const [row] = await db
      .update(orderDrafts)
      .set({ body, savedAt: nextSavedAt(now) })
      .where(
        and(
          eq(orderDrafts.customerId, customerId),
          eq(orderDrafts.state, 'open'),
          eq(orderDrafts.savedAt, sql`${base}::timestamptz`),
        ),
      )
      .returning({ body: orderDrafts.body, savedAt: orderDrafts.savedAt });
    if (!row) throw await draftConflict(db, customerId);
    return answer(row);
  }
  const [row] = await db
    .insert(orderDrafts)
    .select(
      db
        .select({
          customerId: customers.id,
          body: body.as('body'),
          savedAt: sql`${now.toISOString()}::timestamptz`.as('saved_at'),
          state: sql<'open'>`'open'`.as('state'),
        })
        .from(customers)
        .where(eq(customers.id, customerId)),
    )
    .onConflictDoUpdate({
      target: orderDrafts.customerId,
      set: { body: sql`excluded.body`, savedAt: nextSavedAt(now), state: 'open' },
    })
    .returning({ body: orderDrafts.body, savedAt: orderDrafts.savedAt });
  if (!row) throw notFound(CUSTOMER);
  return answer(row);
}

/**
 * Discards the customer's draft (none to discard is fine; an unknown customer is a 404). With
 * `base`, only the draft saved at that time, still open: else 409 (decision 061). The row
 * stays, emptied, as `discarded`.
 */
export async function deleteDraft(
  db: Db,
  customerId: number,
  base: string | null,
  now: Date,
  /** Staff discarding the customer's draft: audited in the same transaction (issue 33). */
  actor: AuditActor | null = null,
): Promise<void> {
  if (!actor) {
    await discardDraft(db, customerId, base, now);
    return;
  }
  await db.transaction(async (tx) => {
    if (await discardDraft(tx, customerId, base, now))
      await recordDraftAudit(tx, actor, customerId, 'Delete', (who) => ({
        summary: `Discarded the draft of customer ${who}`,
      }));
  });
}

/** Ends the open draft; true when there was one to end. */
async function discardDraft(
  db: DbOrTx,
  customerId: number,
  base: string | null,
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(orderDrafts)
    .set({ body: sql`'{}'::jsonb`, savedAt: nextSavedAt(now), state: 'discarded' })
    .where(
      and(
        eq(orderDrafts.customerId, customerId),
        eq(orderDrafts.state, 'open'),
        base === null ? undefined : eq(orderDrafts.savedAt, sql`${base}::timestamptz`),
      ),
    )
    .returning({ customerId: orderDrafts.customerId });
  if (ended.length > 0) return true;
  if (base !== null) throw await draftConflict(db, customerId);
  await currentDraft(db, customerId); // 404 for an unknown customer
  return false;
}
