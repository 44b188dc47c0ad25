import { z } from 'zod';
import { ProductType } from '../../../domain/enums';
import type { Product } from '../../../domain/product.schema';
import type { TableDefaults } from '../../components/data-table';

/**
 * The Items filter (spec section 3's product search filter: Code, Description, Frozen, Active),
 * as URL search parameters. Frozen and Active are null for "All".
 */
export const ItemSearchSchema = z.object({
  Code: z.string().max(100),
  Description: z.string().max(200),
  Frozen: z.stringbool().nullable(),
  Active: z.stringbool().nullable(),
});
export type ItemSearch = z.output<typeof ItemSearchSchema>;

/** The empty filter and spec section 9's default sort: items by code. */
export const itemTableDefaults: TableDefaults<ItemSearch> = {
  filters: { Code: '', Description: '', Frozen: null, Active: null },
  sort: { key: 'Code', dir: 'asc' },
};

/** Spec section 9: item inputs apply 600 ms after the last change on wide screens. */
export const ITEM_FILTER_DEBOUNCE_MS = 600;

export type FilterableItem = Pick<Product, 'Code' | 'Description' | 'Type' | 'IsActive'>;

/**
 * Spec section 5's item filter: Code and Description are case-insensitive substrings; Frozen true
 * keeps only frozen items (Type 1), false only items that are not frozen (Non-Frozen and Unknown);
 * Active must match exactly. An empty or null field matches everything.
 */
export function itemMatcher(filter: ItemSearch): (item: FilterableItem) => boolean {
  const code = filter.Code.trim().toLowerCase();
  const description = filter.Description.trim().toLowerCase();
  const { Frozen, Active } = filter;
  return (item) =>
    (code === '' || item.Code.toLowerCase().includes(code)) &&
    (description === '' || item.Description.toLowerCase().includes(description)) &&
    (Frozen === null || (item.Type === ProductType.Frozen) === Frozen) &&
    (Active === null || item.IsActive === Active);
}

export function filterItems<T extends FilterableItem>(items: readonly T[], filter: ItemSearch): T[] {
  return items.filter(itemMatcher(filter));
}
