import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

export async function getFooter(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ footer: settings.footer })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return sanitizeHtml(row?.footer ?? '');
}

export async function saveFooter(db: DbOrTx, footer: string, actor: AuditActor): Promise<string> {
  const clean = sanitizeHtml(footer);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ footer: settings.footer })
      .from(settings)
      .where(eq(settings.id, 1))
      .for('update');
    await tx
      .insert(settings)
      .values({ id: 1, footer: clean })
      .onConflictDoUpdate({ target: settings.id, set: { footer: clean } });
    await recordAudit(tx, actor, {
      action: 'Update',
      entity: 'Footer',
      entityId: 1,
      summary: 'Updated the footer',
      changes: changesBetween({ Footer: sanitizeHtml(before?.footer ?? '') }, { Footer: clean }),
    });
  });
  return clean;
}
