import { useCallback, useEffect, useRef, useState } from 'react';

export interface FilterDraftOptions<F> {
  /** The filter in force (from `useTableSearchParams`). */
  applied: F;
  /** Puts a filter in force (`setFilters`). */
  apply: (filter: F) => void;
  /** The empty default filter Reset restores. */
  empty: F;
  /** `useFilterDrawer().isNarrow`: narrow screens apply on Update only. */
  isNarrow: boolean;
  /** Wide screens: milliseconds after the last change before it applies (spec section 9), per field. */
  delay: number | ((field: keyof F) => number);
}

/**
 * The edited copy of a filter behind a `FilterPanel` (spec section 4): on wide screens a change
 * applies after its debounce and closes nothing; on narrow screens `update` applies the draft and
 * `reset` restores the empty default (the panel then closes the drawer). When the applied filter
 * changes from elsewhere (a link, Back), the draft follows it.
 *
 * ```tsx
 * const f = useFilterDraft({ applied: filters, apply: setFilters, empty, isNarrow, delay: 600 });
 * <FilterPanel onUpdate={f.update} onReset={f.reset}>
 *   <TextInput label="Code" value={f.draft.Code} onChange={(e) => f.set('Code', e.currentTarget.value)} />
 * ```
 */
export function useFilterDraft<F extends object>({
  applied,
  apply,
  empty,
  isNarrow,
  delay,
}: FilterDraftOptions<F>) {
  const [draft, setDraft] = useState(applied);
  const appliedKey = JSON.stringify(applied);
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  if (syncedKey !== appliedKey) {
    // Adjusting state while rendering (react.dev "you might not need an effect"): no stale frame.
    setSyncedKey(appliedKey);
    setDraft(applied);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ apply, delay });
  latest.current = { apply, delay };
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  // A pending change must not fire after the screen is gone or once the drawer owns the filter.
  useEffect(() => cancel, [cancel]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen width class changes.
  useEffect(() => cancel(), [isNarrow, cancel]);

  const current = useRef(draft);
  current.current = draft;
  const set = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => {
      const next = { ...current.current, [field]: value };
      current.current = next;
      setDraft(next);
      if (isNarrow) return;
      cancel();
      const { delay: d } = latest.current;
      timer.current = setTimeout(
        () => {
          timer.current = undefined;
          latest.current.apply(next);
        },
        typeof d === 'number' ? d : d(field),
      );
    },
    [isNarrow, cancel],
  );

  const update = useCallback(() => {
    cancel();
    apply(draft);
  }, [apply, draft, cancel]);

  const reset = useCallback(() => {
    cancel();
    setDraft(empty);
    apply(empty);
  }, [apply, empty, cancel]);

  return { draft, set, update, reset };
}
