import { z } from 'zod';
import { isIsoDate } from '../../../domain/business-date';
import { isReferenceCustomerType } from '../../../domain/order.schema';
import type { WebOrderFilter } from '../../../domain/regenerate.schema';
import type { TableDefaults } from '../../components/data-table';

/**
 * The Regenerate Orders filter (spec section 3's order search filter: CompanyId, CustomerTypeId,
 * OrderNum, StartDate, EndDate; and NotExported, the orders whose file was never written) as URL
 * search parameters, in the form the inputs edit them.
 */
export const RegenerateSearchSchema = z.object({
  CompanyId: z.string().regex(/^\d{1,4}$/),
  /** 0 is 'All Customer Types'. */
  CustomerTypeId: z.coerce.number().int().min(0).max(9999),
  /** Spec section 5: the order number is uppercased. */
  OrderNum: z
    .string()
    .max(64)
    .transform((s) => s.toUpperCase()),
  StartDate: z.string().refine(isIsoDate),
  EndDate: z.string().refine(isIsoDate),
  NotExported: z.stringbool(),
});
export type RegenerateSearch = z.output<typeof RegenerateSearchSchema>;

/** The empty filter and spec section 9's default sort: newest created first. */
export const regenerateTableDefaults: TableDefaults<RegenerateSearch> = {
  filters: { CompanyId: '', CustomerTypeId: 0, OrderNum: '', StartDate: '', EndDate: '', NotExported: false },
  sort: { key: 'CreateDate', dir: 'desc' },
};

/** Spec section 9: Company Id waits 1000 ms, Web Conf # and the other history inputs 600 ms. */
export function regenerateFilterDelay(field: keyof RegenerateSearch): number {
  return field === 'CompanyId' ? 1000 : 600;
}

/** Spec section 2: reference customers (types 6 and 7) know the order by their PO number. */
export function orderNumLabel(customerTypeId: number): 'Reference PO #' | 'Web Order Confirmation #' {
  return isReferenceCustomerType(customerTypeId) ? 'Reference PO #' : 'Web Order Confirmation #';
}

/** The query of GET Orders (the domain's `WebOrderFilter`); fields not set stay out. */
export type WebOrderQuery = { [K in keyof WebOrderFilter]?: string };

/**
 * The filter as GET Orders takes it (`WebOrderFilterSchema`): Company Id as a number, customer
 * type 0 (All) and empty fields left out, the order number trimmed and uppercased.
 */
export function toWebOrderQuery(search: RegenerateSearch): WebOrderQuery {
  const query: WebOrderQuery = {};
  const companyId = Number(search.CompanyId || 0);
  if (companyId > 0) query.CompanyId = String(companyId);
  if (search.CustomerTypeId > 0) query.CustomerTypeId = String(search.CustomerTypeId);
  const orderNum = search.OrderNum.trim().toUpperCase();
  if (orderNum) query.OrderNum = orderNum;
  if (search.StartDate) query.StartDate = search.StartDate;
  if (search.EndDate) query.EndDate = search.EndDate;
  // The server filters: the list answers the newest 1000 at most, and an old order never
  // exported must be found all the same.
  if (search.NotExported) query.NotExported = 'true';
  return query;
}
