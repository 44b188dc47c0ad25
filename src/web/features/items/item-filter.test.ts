import { describe, expect, it } from 'vitest';
import { parseTableSearch } from '../../components/data-table/use-table-search-params';
import {
  type FilterableItem,
  filterItems,
  type ItemSearch,
  ItemSearchSchema,
  itemTableDefaults,
} from './item-filter';

const items: (FilterableItem & { Id: number })[] = [
  { Id: 1, Code: 'BEER-1000', Description: 'Lager Keg 1/2 bbl', Type: 2, IsActive: true },
  { Id: 2, Code: 'ICE-1016', Description: 'Party Ice Bag', Type: 1, IsActive: true },
  { Id: 3, Code: 'ice-2000', Description: 'Block ice (discontinued)', Type: 1, IsActive: false },
  { Id: 4, Code: 'MISC-1', Description: 'Lager glasses', Type: 0, IsActive: false },
];
const none = itemTableDefaults.filters;
const ids = (f: Partial<ItemSearch>) => filterItems(items, { ...none, ...f }).map((i) => i.Id);

describe('item filter (spec section 5)', () => {
  it('keeps everything with the empty filter', () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
  });

  it('matches Code and Description as case-insensitive substrings', () => {
    expect(ids({ Code: 'ice' })).toEqual([2, 3]);
    expect(ids({ Code: '-10' })).toEqual([1, 2]);
    expect(ids({ Description: 'LAGER' })).toEqual([1, 4]);
    expect(ids({ Code: 'ice', Description: 'bag' })).toEqual([2]);
    expect(ids({ Code: '  ice ' })).toEqual([2, 3]);
  });

  it('Frozen true keeps only frozen items (Type 1), false only the others', () => {
    expect(ids({ Frozen: true })).toEqual([2, 3]);
    expect(ids({ Frozen: false })).toEqual([1, 4]);
  });

  it('Active matches exactly', () => {
    expect(ids({ Active: true })).toEqual([1, 2]);
    expect(ids({ Active: false })).toEqual([3, 4]);
    expect(ids({ Frozen: true, Active: false })).toEqual([3]);
  });

  it('finds nothing for a code no item has', () => {
    expect(ids({ Code: 'zzz' })).toEqual([]);
  });
});

describe('ItemSearchSchema in the URL', () => {
  it('reads Frozen and Active as true, false or All (null)', () => {
    const parse = (q: string) =>
      parseTableSearch(ItemSearchSchema, new URLSearchParams(q), itemTableDefaults).filters;
    expect(parse('Frozen=true&Active=false&Code=ice')).toEqual({
      Code: 'ice',
      Description: '',
      Frozen: true,
      Active: false,
    });
    expect(parse('Frozen=perhaps')).toEqual(none);
  });
});
