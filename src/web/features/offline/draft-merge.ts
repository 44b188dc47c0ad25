import type { OrderDraftInput, SavedOrderDraft } from '../../../domain/order-draft.schema';
import { getDraft } from '../order/api/get-draft';
import { saveDraft } from '../order/api/order-calls';
import { formatDateTime } from '../order/date-format';

/**
 * The draft as the device keeps it while there is no network (issue 39): the form's last state,
 * on top of the server's draft it started from (`SavedAt`, empty when none), with when it was
 * last changed here with no network.
 */
export interface KeptDraft extends SavedOrderDraft {
  EditedOfflineAt?: number;
}

/**
 * The network is back and the draft changed on another device meanwhile: the newer one wins.
 * `server` when the other device's save is as recent as this device's last offline change or
 * more, `device` otherwise.
 */
export function newerDraft(editedOfflineAt: number, serverSavedAt: string): 'device' | 'server' {
  const saved = Date.parse(serverSavedAt);
  return Number.isFinite(saved) && saved >= editedOfflineAt ? 'server' : 'device';
}

export const MERGED_TITLE = 'Your draft was merged';

/** What the customer is told about the version that was replaced. */
export function mergedText(
  kept: 'device' | 'server',
  editedOfflineAt: number,
  serverSavedAt: string,
): string {
  const here = formatDateTime(new Date(editedOfflineAt).toISOString());
  const there = formatDateTime(serverSavedAt);
  return kept === 'device'
    ? `Your draft saved on another device at ${there} was replaced by this one, changed here at ${here} with no network.`
    : `The changes made here with no network (last at ${here}) were replaced by your draft saved on another device at ${there}, which is newer.`;
}

export type Settled =
  | { kept: 'device'; saved: SavedOrderDraft; text: string | null }
  | { kept: 'server'; server: SavedOrderDraft; text: string };

/**
 * The network is back to a draft changed here with no network (`editedOfflineAt`), typed on
 * top of the server's draft of `base` (null: none). The server's draft as it is now decides:
 * unchanged, gone or older, this device's is saved over it; newer, it stays and this device's
 * changes are dropped. Says which version was replaced, when one was. Throws what the calls
 * throw (no network again, a 409 when it changed once more meanwhile).
 */
export async function settleOfflineDraft(
  customerId: number,
  draft: OrderDraftInput,
  editedOfflineAt: number,
  base: string | null,
): Promise<Settled> {
  const server = await getDraft(customerId);
  if (server && newerDraft(editedOfflineAt, server.SavedAt) === 'server')
    return { kept: 'server', server, text: mergedText('server', editedOfflineAt, server.SavedAt) };
  const saved = await saveDraft(customerId, { draft, base: server?.SavedAt ?? null });
  const replaced = server && server.SavedAt !== base;
  return {
    kept: 'device',
    saved,
    text: replaced ? mergedText('device', editedOfflineAt, server.SavedAt) : null,
  };
}
