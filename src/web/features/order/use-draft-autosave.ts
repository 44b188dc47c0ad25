import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OrderDraftInput } from '../../../domain/order-draft.schema';
import { isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { deleteDraft } from './api/delete-draft';
import { useSaveDraft } from './api/save-draft';

/** A second after the last change (decision 041): a pause in typing, not every keystroke. */
export const AUTOSAVE_DELAY_MS = 1000;

/** After a save that got no answer. */
export const RETRY_MS = 10_000;

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface DraftAutosave {
  status: AutosaveStatus;
  /** Submit starts: no save is sent until `resume` (a waiting one is dropped). */
  pause: () => void;
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
export function useDraftAutosave(customerId: number, draft: OrderDraftInput, enabled = true): DraftAutosave {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveDraft(customerId);
  // Read at the time of sending: the timers below must not restart when a render brings a new function.
  const save = useRef(mutateAsync);
  save.current = mutateAsync;
  const key = JSON.stringify(draft);
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const s = useRef({
    latest: { key, draft },
    savedKey: key,
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
     * A save was on its way, or sent, since Submit was first pressed: it may have landed after
     * the order's POST deleted the draft (a lost answer is retried only after the form saved
     * itself again).
     */
    raced: false,
  }).current;

  const clearTimer = useCallback(() => {
    if (s.timer !== null) clearTimeout(s.timer);
    s.timer = null;
  }, [s]);

  const flush = useCallback(() => {
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
    s.inFlight = save.current(sent.draft).then(
      () => {
        s.savedKey = sent.key;
      },
      (error: unknown) => {
        failed = error ?? true;
      },
    );
    void s.inFlight.then(() => {
      s.inFlight = null;
      const again = s.again;
      s.again = false;
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
      setStatus('failed');
      // No answer (offline): try again a little later; a refused draft waits for the next change.
      if (isApiError(failed, 0) && s.timer === null && !s.paused) s.timer = setTimeout(flush, RETRY_MS);
    });
  }, [s]);

  // A new state (by its JSON, not its identity) restarts the wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `draft` is `key` parsed; a new object alone is no change.
  useEffect(() => {
    s.latest = { key, draft };
    if (s.stopped || s.paused || key === s.savedKey) return;
    clearTimer();
    setStatus('saving');
    s.timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [key, s, flush, clearTimer]);

  // Leaving the form (the menu, Back) saves what is left at once instead of losing the last second.
  // Sent once: no retry runs on after the form is gone (a timer left behind would send a stale
  // draft minutes later, from whatever screen is open then).
  useEffect(() => {
    s.unmounted = false;
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
    if (s.inFlight) s.raced = true;
  }, [s, clearTimer]);

  const resume = useCallback(() => {
    s.paused = false;
    if (s.latest.key !== s.savedKey && s.timer === null) s.timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [s, flush]);

  const finish = useCallback(async () => {
    clearTimer();
    s.stopped = true;
    const raced = s.raced || s.inFlight !== null;
    if (s.inFlight) await s.inFlight;
    queryClient.setQueryData(queryKeys.draft(customerId), null);
    if (!raced) return;
    // The late save may have landed after the order's POST deleted the draft: delete it again.
    await deleteDraft(customerId).catch(() => undefined);
    queryClient.setQueryData(queryKeys.draft(customerId), null);
  }, [s, clearTimer, queryClient, customerId]);

  return useMemo(() => ({ status, pause, resume, finish }), [status, pause, resume, finish]);
}
