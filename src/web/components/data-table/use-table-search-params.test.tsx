import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isFilterSet,
  parseTableSearch,
  type TableDefaults,
  useTableSearchParams,
  writeTableSearch,
} from './use-table-search-params';

const Schema = z.object({
  Code: z.string().max(10),
  Frozen: z.stringbool().nullable(),
  TypeId: z.coerce.number().int().min(0),
});
type Filter = z.output<typeof Schema>;
const defaults: TableDefaults<Filter> = {
  filters: { Code: '', Frozen: null, TypeId: 0 },
  sort: { key: 'Code', dir: 'asc' },
};
const keys = Object.keys(Schema.shape);

describe('parseTableSearch', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseTableSearch(Schema, new URLSearchParams(), defaults)).toEqual({
      filters: defaults.filters,
      sort: defaults.sort,
      page: 1,
    });
  });

  it('parses each field with its schema, and sort and page', () => {
    const params = new URLSearchParams('Code=ab&Frozen=false&TypeId=6&sort=-Description&page=3');
    expect(parseTableSearch(Schema, params, defaults)).toEqual({
      filters: { Code: 'ab', Frozen: false, TypeId: 6 },
      sort: { key: 'Description', dir: 'desc' },
      page: 3,
    });
  });

  it('drops a bad value to its default without losing the other fields', () => {
    const params = new URLSearchParams('Code=ab&Frozen=maybe&TypeId=-1&sort=1;drop&page=0');
    expect(parseTableSearch(Schema, params, defaults)).toEqual({
      filters: { Code: 'ab', Frozen: null, TypeId: 0 },
      sort: defaults.sort,
      page: 1,
    });
  });
});

describe('writeTableSearch', () => {
  it('leaves defaults out, writes the rest, and keeps foreign parameters', () => {
    const next = writeTableSearch(
      new URLSearchParams('other=1&Code=old&page=4'),
      keys,
      { filters: { Code: '', Frozen: true, TypeId: 7 }, sort: { key: 'Code', dir: 'desc' }, page: 1 },
      defaults,
    );
    expect(next.toString()).toBe('other=1&Frozen=true&TypeId=7&sort=-Code');
  });

  it('round-trips through parseTableSearch', () => {
    const state = {
      filters: { Code: 'W 1&2', Frozen: false, TypeId: 3 },
      sort: { key: 'n', dir: 'asc' as const },
      page: 2,
    };
    const params = writeTableSearch(new URLSearchParams(), keys, state, defaults);
    expect(parseTableSearch(Schema, params, defaults)).toEqual(state);
  });
});

describe('isFilterSet', () => {
  it('is false only at the defaults', () => {
    expect(isFilterSet(defaults.filters, defaults.filters)).toBe(false);
    expect(isFilterSet({ ...defaults.filters, Frozen: false }, defaults.filters)).toBe(true);
  });
});

describe('useTableSearchParams', () => {
  it('reads the URL and writes filter, sort and page changes back (page resets on filter and sort)', async () => {
    const hook: { current?: ReturnType<typeof useTableSearchParams<typeof Schema>> } = {};
    function Probe() {
      hook.current = useTableSearchParams(Schema, defaults);
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', Component: Probe }], {
      initialEntries: ['/list?Code=x&page=2'],
    });
    render(<RouterProvider router={router} />);
    const search = () => router.state.location.search;
    expect(hook.current?.filters).toEqual({ Code: 'x', Frozen: null, TypeId: 0 });
    expect(hook.current?.page).toBe(2);
    expect(hook.current?.isFiltered).toBe(true);

    await act(async () => hook.current?.setPage(3));
    expect(search()).toBe('?Code=x&page=3');

    await act(async () => hook.current?.setFilters({ Code: 'x', Frozen: true, TypeId: 0 }));
    expect(search()).toBe('?Code=x&Frozen=true');
    expect(hook.current?.filters.Frozen).toBe(true);

    await act(async () => hook.current?.setSort({ key: 'Description', dir: 'desc' }));
    expect(search()).toBe('?Code=x&Frozen=true&sort=-Description');
    expect(hook.current?.tableState.sort).toEqual({ key: 'Description', dir: 'desc' });

    await act(async () => hook.current?.resetFilters());
    expect(search()).toBe('?sort=-Description');
    expect(hook.current?.isFiltered).toBe(false);
    // Replaced, not pushed: the frame's Back button leaves the screen.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
