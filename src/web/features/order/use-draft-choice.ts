import { useRef, useState } from 'react';
import type { SavedOrderDraft } from '../../../domain/order-draft.schema';
import { queryKeys } from '../../lib/query-keys';
import { openedWith } from '../../ssr/page-queries';
import type { KeptDraft } from '../offline/draft-merge';
import { useDeleteDraft } from './api/delete-draft';
import { useDraft } from './api/get-draft';
import { type FormSnapshot, formFromDraft } from './saved-draft';

/** Router state from the order home's offer: its Continue opens the form on the draft at once. */
export interface DraftRouteState {
  draft?: 'continue';
}

export interface DraftChoice {
  /** Still asking the server whether there is a draft. */
  pending: boolean;
  /** The unsent order to offer, until the customer answers. */
  offer: SavedOrderDraft | null;
  /** The form to open after Continue; null for a fresh form. */
  restored: FormSnapshot | null;
  /** Which form is open: changes when the customer answers, so the form starts again. */
  formKey: string;
  onContinue: () => void;
  onDiscard: () => void;
  discarding: boolean;
}

/**
 * A new order first asks for the customer's draft (design.md 7.3): with one, the form waits for
 * Continue (the draft's form, exactly) or Discard (deleted, then a fresh form). The draft is the
 * one found on opening, asked afresh (another device may have saved or sent it); the form's own
 * autosaves later change the cached one, not the offer.
 */
export function useDraftChoice(customerId: number, enabled: boolean, continueAtOnce: boolean): DraftChoice {
  const query = useDraft(customerId, enabled);
  const remove = useDeleteDraft(customerId);
  const [choice, setChoice] = useState<'continue' | 'fresh' | null>(continueAtOnce ? 'continue' : null);
  const found = useRef<SavedOrderDraft | null | undefined>(undefined);
  // The page the server drew brought the draft as it was on opening (issue 34). With no network,
  // the draft is the one the device kept (issue 39), or none.
  const offline = query.fetchStatus === 'paused';
  const opened =
    offline || (query.isSuccess && openedWith(queryKeys.draft(customerId), query.isFetchedAfterMount));
  if (found.current === undefined && opened) found.current = query.data ?? null;
  const draft = enabled ? found.current : null;

  const pending = draft === undefined;
  const undecided = choice === null && !!draft;
  return {
    pending,
    offer: undecided && draft ? draft : null,
    restored: choice === 'continue' && draft ? restoredFrom(draft) : null,
    formKey: choice === 'continue' && draft ? 'draft' : 'new',
    onContinue: () => setChoice('continue'),
    onDiscard: () => remove.mutate(undefined, { onSuccess: () => setChoice('fresh') }),
    discarding: remove.isPending,
  };
}

/**
 * The form for a draft: as the server saved it, or as the device kept it with no network (issue
 * 39), whose changes since its server's save (none when `SavedAt` is empty) are still to send.
 */
function restoredFrom(draft: KeptDraft): FormSnapshot {
  return {
    ...formFromDraft(draft.Order),
    ...(draft.SavedAt ? { savedAt: draft.SavedAt } : {}),
    ...(draft.EditedOfflineAt !== undefined ? { editedOfflineAt: draft.EditedOfflineAt } : {}),
  };
}
