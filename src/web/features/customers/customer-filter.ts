import { z } from 'zod';
import type { CustomerListItem } from '../../../domain/customer.schema';
import type { TableDefaults } from '../../components/data-table';

/**
 * The Customers filter (spec section 3's customer search filter) as URL search parameters.
 * Company Id stays the digits typed (the 4-digit mask) until it is matched; Customer Type 0 is
 * the 'All Customer Types' entry.
 */
export const CustomerSearchSchema = z.object({
  CompanyId: z.string().regex(/^\d{1,4}$/),
  Name: z.string().max(100),
  CustomerTypeId: z.coerce.number().int().min(0).max(9999),
});
export type CustomerSearch = z.output<typeof CustomerSearchSchema>;

/** The empty filter and spec section 9's default sort: customers by company id. */
export const customerTableDefaults: TableDefaults<CustomerSearch> = {
  filters: { CompanyId: '', Name: '', CustomerTypeId: 0 },
  sort: { key: 'CompanyId', dir: 'asc' },
};

/** Spec section 9: Company Id and the customer filters apply 1000 ms after the last change. */
export const CUSTOMER_FILTER_DEBOUNCE_MS = 1000;

/** The filter as spec section 5 matches it: Company Id converted to a number, null when not set. */
export interface CustomerFilter {
  CompanyId: number | null;
  Name: string;
  CustomerTypeId: number | null;
}

export function toCustomerFilter(search: CustomerSearch): CustomerFilter {
  const companyId = search.CompanyId === '' ? 0 : Number(search.CompanyId);
  return {
    CompanyId: companyId > 0 ? companyId : null,
    Name: search.Name.trim(),
    CustomerTypeId: search.CustomerTypeId > 0 ? search.CustomerTypeId : null,
  };
}

export type FilterableCustomer = Pick<CustomerListItem, 'CompanyId' | 'Name' | 'CustomerTypeId'>;

/**
 * Spec section 5: a customer matches only if its company id equals the filter (when set), its
 * customer type equals the filter (when set), and its lower-cased name contains the lower-cased
 * filter text.
 */
export function customerMatcher(filter: CustomerFilter): (customer: FilterableCustomer) => boolean {
  const name = filter.Name.toLowerCase();
  const { CompanyId, CustomerTypeId } = filter;
  return (c) =>
    (CompanyId === null || c.CompanyId === CompanyId) &&
    (CustomerTypeId === null || c.CustomerTypeId === CustomerTypeId) &&
    (name === '' || c.Name.toLowerCase().includes(name));
}

export function filterCustomers<T extends FilterableCustomer>(
  customers: readonly T[],
  search: CustomerSearch,
): T[] {
  return customers.filter(customerMatcher(toCustomerFilter(search)));
}
