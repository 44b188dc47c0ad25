import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DraftConflict,
  draftConflictOf,
  type OrderDraftInput,
} from '../../../domain/order-draft.schema';
import { isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { type KeptDraft, settleOfflineDraft } from '../offline/draft-merge';
import { deleteDraft } from './api/delete-draft';
import { saveDraft } from './api/order-calls';
import { useSaveDraft } from './api/save-draft';

/** A second after the last change (decision 041): a pause in typing, not every keystroke. */
export const AUTOSAVE_DELAY_MS = 1000;

/** After a save that got no answer. */
export const RETRY_MS = 10_000;

/** `device`: no network, so the draft is kept on the device until it is back (issue 39). */
export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'device';

export interface DraftAutosave {
  status: AutosaveStatus;
  /** Submit starts: no save is sent until `resume` (a waiting one is dropped). */
  pause: () => void;
  /**
   * Submit starts: `pause`, then the save on its way lands. The SavedAt of the draft the order
   * is sent from (null: none saved yet), or false when that save found the draft changed, sent
   * or discarded elsewhere (the form then says so instead).
   */
  hold: () => Promise<{ base: string | null } | false>;
  /** An answer that is a draft conflict (decision 061): saving stops and the form is told. True if it was one. */
  refused: (error: unknown) => boolean;
  /** Submit failed: the form is still being edited, so saving goes on. */
  resume: () => void;
  /**
   * The order was placed (its POST deleted the draft): never save again, and if a save was on
   * its way meanwhile, delete what it may have put back once it has landed.
   */
  finish: () => Promise<void>;
}

/**
 * Keeps the form's state as the customer's draft (design.md 7.3): a `PUT` once the form has been
 * still for AUTOSAVE_DELAY_MS, one at a time, the latest state winning (a change made while a
 * save is on its way is sent when that save ends). Nothing is sent until something changes,
 * so opening a form never overwrites a draft.
 */
export interface AutosaveOptions {
  /** Off for staff's order and a change (design.md 7.5, 7.10): the draft is the customer's next new order. */
  enabled?: boolean;
  /** The SavedAt of the draft the form was opened on (Continue), or null for a new one. */
  base?: string | null;
  /** The draft was changed, sent or discarded in another tab or on another device (decision 061). */
  onConflict?: (conflict: DraftConflict) => void;
  /**
   * When the form was last changed with no network, for a draft kept on the device (issue 39):
   * its changes are not on the server yet.
   */
  editedOfflineAt?: number | null;
  /**
   * The network came back to a draft changed elsewhere meanwhile: the newer one was kept, and
   * this says which was replaced.
   */
  onMerged?: (text: string) => void;
}

/** A 409 naming a draft conflict, or null. */
export function draftConflictIn(error: unknown): DraftConflict | null {
  return isApiError(error, 409) ? draftConflictOf(error.ErrorMessage) : null;
}

export function useDraftAutosave(
  customerId: number,
  draft: OrderDraftInput,
  { enabled = true, base = null, onConflict, editedOfflineAt = null, onMerged }: AutosaveOptions = {},
): DraftAutosave {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveDraft(customerId);
  // Read at the time of sending: the timers below must not restart when a render brings a new function.
  const save = useRef(mutateAsync);
  save.current = mutateAsync;
  const conflictTo = useRef(onConflict);
  conflictTo.current = onConflict;
  const mergedTo = useRef(onMerged);
  mergedTo.current = onMerged;
  const key = JSON.stringify(draft);
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const s = useRef({
    latest: { key, draft },
    // A draft kept on the device with changes made with no network is not on the server yet.
    savedKey: editedOfflineAt !== null ? '' : key,
    /** The SavedAt of the draft as this form last saved it (or opened it): every save's BaseSavedAt. */
    base,
    /** Another tab or device changed, sent or discarded the draft: nothing more is sent. */
    conflict: null as DraftConflict | null,
    /** The last change made with no network and not saved since (ms), or null (issue 39). */
    editedOfflineAt: editedOfflineAt as number | null,
    timer: null as ReturnType<typeof setTimeout> | null,
    inFlight: null as Promise<void> | null,
    /** The debounce ended while a save was on its way: send again when it ends. */
    again: false,
    paused: false,
    /** Off from the start for staff's order (design.md 7.5): the draft is the customer's own. */
    stopped: !enabled,
    /** The form is gone: what was left went once, and nothing is retried or sent again. */
    unmounted: false,
    /** Submit was pressed (and the order not placed yet): resume() does not end this. */
    submitting: false,
    /**
     * A save was sent since Submit was first pressed (after a failed attempt, or the Close of
     * a lost answer's dialog): it may have started a new draft after the order's POST ended
     * the first. Submit waits for a save already on its way, so that one is not counted.
     */
    raced: false,
  }).current;

  const clearTimer = useCallback(() => {
    if (s.timer !== null) clearTimeout(s.timer);
    s.timer = null;
  }, [s]);

  const stopOn = useCallback(
    (conflict: DraftConflict) => {
      clearTimer();
      s.stopped = true;
      s.conflict = conflict;
      setStatus('idle');
      conflictTo.current?.(conflict);
    },
    [s, clearTimer],
  );

  const flushRef = useRef<() => void>(() => undefined);
  /**
   * Changed here with no network, and elsewhere meanwhile (issue 39): the newer one wins
   * (`settleOfflineDraft`). This device's is saved over the other, or the other's is reloaded
   * as any change elsewhere is (decision 061); either way the customer is told which was replaced.
   */
  const merge = useCallback(
    async (editedAt: number) => {
      s.editedOfflineAt = null;
      const sent = s.latest;
      try {
        const settled = await settleOfflineDraft(customerId, sent.draft, editedAt, s.base);
        if (settled.text) mergedTo.current?.(settled.text);
        if (settled.kept === 'server' || s.stopped) {
          if (settled.kept === 'server') stopOn('changed');
          return;
        }
        s.savedKey = sent.key;
        s.base = settled.saved.SavedAt;
        queryClient.setQueryData(queryKeys.draft(customerId), settled.saved);
        if (s.latest.key === s.savedKey) setStatus('saved');
        else flushRef.current();
      } catch (error) {
        if (draftConflictIn(error)) {
          stopOn('changed');
          return;
        }
        // No answer again: the same question when the next save is tried.
        s.editedOfflineAt = editedAt;
        setStatus('device');
        s.timer = setTimeout(() => flushRef.current(), RETRY_MS);
      }
    },
    [s, customerId, stopOn, queryClient],
  );

  const conflicted = useCallback(
    (error: unknown) => {
      const conflict = draftConflictIn(error);
      if (!conflict) return false;
      if (conflict === 'changed' && s.editedOfflineAt !== null && !s.submitting) {
        clearTimer();
        void merge(s.editedOfflineAt);
        return true;
      }
      stopOn(conflict);
      return true;
    },
    [s, clearTimer, merge, stopOn],
  );

  /** `now`: the page is being hidden or left: the request starts in this event. */
  const flush = useCallback(
    (now = false) => {
      s.timer = null;
      if (s.stopped || s.paused) return;
      if (s.inFlight) {
        s.again = true;
        return;
      }
      if (s.latest.key === s.savedKey) {
        setStatus((current) => (current === 'saving' ? 'saved' : current));
        return;
      }
      const sent = s.latest;
      if (s.submitting) s.raced = true;
      setStatus('saving');
      let failed: unknown = null;
      // Hidden or left: the request starts now, in this event, not a few microtasks later
      // through the mutation, when an unloading page may no longer send it.
      const request = now
        ? saveDraft(customerId, { draft: sent.draft, base: s.base }).then((saved) => {
            queryClient.setQueryData(queryKeys.draft(customerId), saved);
            return saved;
          })
        : save.current({ draft: sent.draft, base: s.base });
      s.inFlight = request.then(
        (saved) => {
          s.savedKey = sent.key;
          s.base = saved.SavedAt;
          if (sent.key === s.latest.key) s.editedOfflineAt = null;
        },
        (error: unknown) => {
          failed = error ?? true;
        },
      );
      void s.inFlight.then(() => {
        s.inFlight = null;
        const again = s.again;
        s.again = false;
        if (failed && conflicted(failed)) return;
        if (s.stopped || s.unmounted) return;
        if (again && s.latest.key !== sent.key) {
          // Changed while this one was on its way: the latest state goes now.
          if (s.timer === null && !s.paused) flush();
          return;
        }
        if (!failed) {
          if (s.latest.key === s.savedKey) setStatus('saved');
          return;
        }
        // A refused draft waits for the next change.
        if (!isApiError(failed, 0)) {
          setStatus('failed');
          return;
        }
        // No answer (no network): the draft is kept on the device (issue 39), and tried again a
        // little later, or as soon as the browser is back online.
        const kept: KeptDraft = {
          SavedAt: s.base ?? '',
          Order: s.latest.draft,
          ...(s.editedOfflineAt !== null ? { EditedOfflineAt: s.editedOfflineAt } : {}),
        };
        queryClient.setQueryData(queryKeys.draft(customerId), kept);
        setStatus('device');
        if (s.timer === null && !s.paused) s.timer = setTimeout(flush, RETRY_MS);
      });
    },
    [s, conflicted, customerId, queryClient],
  );

  flushRef.current = flush;

  // A new state (by its JSON, not its identity) restarts the wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `draft` is `key` parsed; a new object alone is no change.
  useEffect(() => {
    s.latest = { key, draft };
    if (s.stopped || s.paused || key === s.savedKey) return;
    if (!onlineManager.isOnline()) s.editedOfflineAt = Date.now();
    clearTimer();
    setStatus('saving');
    s.timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [key, s, flush, clearTimer]);

  // Leaving the form (the menu, Back) saves what is left at once instead of losing the last second.
  // Sent once: no retry runs on after the form is gone (a timer left behind would send a stale
  // draft minutes later, from whatever screen is open then).
  useEffect(() => {
    s.unmounted = false;
    // Opened on a draft kept on the device (issue 39): it goes as soon as it can.
    if (s.editedOfflineAt !== null && !s.stopped && s.timer === null && !s.inFlight)
      s.timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
    return () => {
      if (s.timer !== null) {
        clearTimer();
        flush();
      }
      s.unmounted = true;
    };
  }, [s, clearTimer, flush]);

  const pause = useCallback(() => {
    clearTimer();
    s.paused = true;
    s.submitting = true;
  }, [s, clearTimer]);

  // A reload, a closed tab or a phone switching apps within the second's wait would lose the
  // last edit: the page being hidden sends it at once; saves outlive the page (keepalive,
  // save-draft.ts). One save at a time still: with one on its way, the change goes when it
  // lands (if the page is still there).
  useEffect(() => {
    const sendNow = () => {
      if (s.timer === null || s.inFlight || s.stopped || s.paused) return;
      clearTimer();
      flush(true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendNow();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', sendNow);
    // The network is back: what waits goes now, not at the next retry (issue 39).
    const retryNow = () => {
      if (s.timer === null || s.inFlight || s.stopped || s.paused) return;
      clearTimer();
      flush();
    };
    window.addEventListener('online', retryNow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', sendNow);
      window.removeEventListener('online', retryNow);
    };
  }, [s, clearTimer, flush]);

  const hold = useCallback(async () => {
    pause();
    while (s.inFlight) await s.inFlight;
    return s.conflict ? (false as const) : { base: s.base };
  }, [s, pause]);

  const resume = useCallback(() => {
    s.paused = false;
    if (s.latest.key !== s.savedKey && s.timer === null) s.timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [s, flush]);

  const finish = useCallback(async () => {
    clearTimer();
    s.stopped = true;
    const raced = s.raced;
    if (s.inFlight) await s.inFlight;
    queryClient.setQueryData(queryKeys.draft(customerId), null);
    if (!raced || s.base === null) return;
    // A save after a failed attempt may have started a new draft after the order's POST ended
    // the first (a lost answer): discard that one, and only that one (another tab's is not ours).
    await deleteDraft(customerId, s.base).catch(() => undefined);
    queryClient.setQueryData(queryKeys.draft(customerId), null);
  }, [s, clearTimer, queryClient, customerId]);

  return useMemo(
    () => ({ status, pause, hold, refused: conflicted, resume, finish }),
    [status, pause, hold, conflicted, resume, finish],
  );
}
