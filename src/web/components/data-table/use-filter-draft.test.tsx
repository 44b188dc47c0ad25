import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFilterDraft } from './use-filter-draft';

interface F {
  Code: string;
  CompanyId: string;
}
const empty: F = { Code: '', CompanyId: '' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(isNarrow: boolean, applied: F = empty) {
  const apply = vi.fn();
  const delay = (field: keyof F) => (field === 'CompanyId' ? 1000 : 600);
  const view = renderHook(
    (props: { applied: F; isNarrow: boolean }) => useFilterDraft({ ...props, apply, empty, delay }),
    {
      initialProps: { applied, isNarrow },
    },
  );
  return { apply, ...view };
}

describe('useFilterDraft', () => {
  it('wide screens: applies after the field debounce, once, with the latest draft', () => {
    const { apply, result } = setup(false);
    act(() => result.current.set('Code', 'a'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.set('Code', 'ab'));
    act(() => vi.advanceTimersByTime(599));
    expect(apply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledExactlyOnceWith({ Code: 'ab', CompanyId: '' });
  });

  it('wide screens: Company Id waits 1000 ms', () => {
    const { apply, result } = setup(false);
    act(() => result.current.set('CompanyId', '1001'));
    act(() => vi.advanceTimersByTime(999));
    expect(apply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledWith({ Code: '', CompanyId: '1001' });
  });

  it('narrow screens: nothing applies until Update; Reset restores the empty default', () => {
    const { apply, result } = setup(true);
    act(() => result.current.set('Code', 'x'));
    act(() => vi.advanceTimersByTime(5000));
    expect(apply).not.toHaveBeenCalled();
    act(() => result.current.update());
    expect(apply).toHaveBeenLastCalledWith({ Code: 'x', CompanyId: '' });
    act(() => result.current.reset());
    expect(apply).toHaveBeenLastCalledWith(empty);
    expect(result.current.draft).toEqual(empty);
  });

  it('follows the applied filter when it changes elsewhere (a link, Back)', () => {
    const { result, rerender } = setup(false);
    act(() => result.current.set('Code', 'typing'));
    rerender({ applied: { Code: 'W1', CompanyId: '' }, isNarrow: false });
    expect(result.current.draft).toEqual({ Code: 'W1', CompanyId: '' });
  });

  it('drops a pending change when the screen becomes narrow', () => {
    const { apply, result, rerender } = setup(false);
    act(() => result.current.set('Code', 'x'));
    rerender({ applied: empty, isNarrow: true });
    act(() => vi.advanceTimersByTime(2000));
    expect(apply).not.toHaveBeenCalled();
    expect(result.current.draft.Code).toBe('x');
  });
});
