import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';

export async function getFooter(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ footer: settings.footer })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return sanitizeHtml(row?.footer ?? '');
}

export async function saveFooter(db: DbOrTx, footer: string): Promise<string> {
  const clean = sanitizeHtml(footer);
  await db
    .insert(settings)
    .values({ id: 1, footer: clean })
    .onConflictDoUpdate({ target: settings.id, set: { footer: clean } });
  return clean;
}
