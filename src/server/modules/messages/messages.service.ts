import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { customerTypeMessages, customerTypeName } from '../../../domain/customer-type.schema.js';
import {
  type DisplayMessage,
  type Message,
  type MessageSave,
  messageMessages,
} from '../../../domain/message.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customerTypes, messages } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/http-error.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

const columns = {
  id: messages.id,
  startDate: messages.startDate,
  endDate: messages.endDate,
  customerTypeId: messages.customerTypeId,
  typeName: customerTypes.name,
  message: messages.message,
  isActive: messages.isActive,
};

function selectMessages(db: DbOrTx) {
  return db
    .select(columns)
    .from(messages)
    .leftJoin(customerTypes, eq(customerTypes.id, messages.customerTypeId));
}
type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

// Messages are HTML staff wrote: sanitized on save and again on the way out (design.md section 3).
const toMessage = (m: MessageRow): Message => ({
  Id: m.id,
  StartDate: m.startDate,
  EndDate: m.endDate,
  CustomerTypeId: m.customerTypeId,
  CustomerTypeName: customerTypeName(m.customerTypeId, m.typeName),
  Message: sanitizeHtml(m.message),
  IsActive: m.isActive,
});

export async function listMessages(db: DbOrTx): Promise<Message[]> {
  const rows = await selectMessages(db).orderBy(asc(messages.id));
  return rows.map(toMessage);
}

export async function getMessage(db: DbOrTx, id: number): Promise<Message> {
  const [row] = await selectMessages(db).where(eq(messages.id, id)).limit(1);
  if (!row) throw notFound('Message');
  return toMessage(row);
}

const fieldError = (Field: string, Message: string) => unprocessable(Message, [{ Field, Message }]);

/** Creates (Id 0) or updates a message; the text is sanitized before it is stored. */
export async function saveMessage(
  db: DbOrTx,
  input: MessageSave,
  actor: AuditActor,
): Promise<{ message: Message; created: boolean }> {
  if (input.CustomerTypeId !== 0) {
    const [type] = await db
      .select({ id: customerTypes.id })
      .from(customerTypes)
      .where(eq(customerTypes.id, input.CustomerTypeId))
      .limit(1);
    if (!type) throw fieldError('CustomerTypeId', customerTypeMessages.unknown(input.CustomerTypeId));
  }
  const clean = sanitizeHtml(input.Message).trim();
  // Nothing left once scripts and the like are gone ('<script>...</script>' alone): no message.
  if (clean === '') throw fieldError('Message', messageMessages.messageRequired);
  const values = {
    startDate: input.StartDate,
    endDate: input.EndDate,
    customerTypeId: input.CustomerTypeId,
    message: clean,
    isActive: input.IsActive,
  };
  return db.transaction(async (tx) => {
    let before: Message | undefined;
    let id = input.Id;
    if (id === 0) {
      const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
      id = row!.id;
    } else {
      [before] = (await selectMessages(tx).where(eq(messages.id, id)).for('update', { of: messages })).map(
        toMessage,
      );
      if (!before) throw notFound('Message');
      await tx.update(messages).set(values).where(eq(messages.id, id));
    }
    const message = await getMessage(tx, id);
    await recordAudit(tx, actor, {
      action: before ? 'Update' : 'Create',
      entity: 'Message',
      entityId: id,
      summary: `${before ? 'Updated' : 'Created'} message ${id} for ${message.CustomerTypeName}`,
      changes: changesBetween(before ?? null, message, ['Id']),
    });
    return { message, created: !before };
  });
}

export async function deleteMessage(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getMessage(tx, id);
    await tx.delete(messages).where(eq(messages.id, id));
    await recordAudit(tx, actor, {
      action: 'Delete',
      entity: 'Message',
      entityId: id,
      summary: `Deleted message ${id} for ${before.CustomerTypeName}`,
      changes: changesBetween(before, null, ['Id']),
    });
  });
}

/**
 * What the order home shows a customer type on `today` (business calendar): active
 * messages for that type or for all types (0) whose dates contain today (design.md 5.7).
 */
export async function displayMessages(
  db: DbOrTx,
  customerTypeId: number,
  today: string,
): Promise<DisplayMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.isActive, true),
        inArray(messages.customerTypeId, [0, customerTypeId]),
        lte(messages.startDate, today),
        gte(messages.endDate, today),
      ),
    )
    .orderBy(asc(messages.startDate), asc(messages.id));
  return rows.map((m) => ({
    Id: m.id,
    Message: sanitizeHtml(m.message),
    StartDate: m.startDate,
    EndDate: m.endDate,
    CustomerTypeId: m.customerTypeId,
  }));
}
