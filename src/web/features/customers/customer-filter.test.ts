import { describe, expect, it } from 'vitest';
import { parseTableSearch } from '../../components/data-table/use-table-search-params';
import {
  type CustomerSearch,
  CustomerSearchSchema,
  customerTableDefaults,
  type FilterableCustomer,
  filterCustomers,
  toCustomerFilter,
} from './customer-filter';

const customers: (FilterableCustomer & { Id: number })[] = [
  { Id: 1, CompanyId: 1001, Name: 'Blue Heron Tavern', CustomerTypeId: 1 },
  { Id: 2, CompanyId: 1002, Name: 'Heron Point Market', CustomerTypeId: 2 },
  { Id: 3, CompanyId: 6001, Name: 'Lakeside Grill', CustomerTypeId: 6 },
  { Id: 4, CompanyId: 10, Name: 'BLUE moon', CustomerTypeId: 1 },
];
const none = customerTableDefaults.filters;
const ids = (f: Partial<CustomerSearch>) => filterCustomers(customers, { ...none, ...f }).map((c) => c.Id);

describe('customer filter (spec section 5)', () => {
  it('keeps everyone with the empty filter', () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
  });

  it('Company Id equals the number typed (not a prefix or substring)', () => {
    expect(ids({ CompanyId: '1001' })).toEqual([1]);
    expect(ids({ CompanyId: '100' })).toEqual([]);
    expect(ids({ CompanyId: '0010' })).toEqual([4]);
  });

  it('Name is contained, case-insensitively', () => {
    expect(ids({ Name: 'heron' })).toEqual([1, 2]);
    expect(ids({ Name: 'BLUE' })).toEqual([1, 4]);
    expect(ids({ Name: 'nobody' })).toEqual([]);
  });

  it('Customer Type equals the filter; 0 (All Customer Types) keeps every type', () => {
    expect(ids({ CustomerTypeId: 1 })).toEqual([1, 4]);
    expect(ids({ CustomerTypeId: 0 })).toEqual([1, 2, 3, 4]);
    expect(ids({ CustomerTypeId: 1, Name: 'moon' })).toEqual([4]);
  });

  it('converts Company Id to a number and treats empty and 0 as not set', () => {
    expect(toCustomerFilter({ CompanyId: '0042', Name: ' x ', CustomerTypeId: 6 })).toEqual({
      CompanyId: 42,
      Name: 'x',
      CustomerTypeId: 6,
    });
    expect(toCustomerFilter({ CompanyId: '0', Name: '', CustomerTypeId: 0 })).toEqual({
      CompanyId: null,
      Name: '',
      CustomerTypeId: null,
    });
  });
});

describe('CustomerSearchSchema in the URL', () => {
  const parse = (q: string) =>
    parseTableSearch(CustomerSearchSchema, new URLSearchParams(q), customerTableDefaults).filters;
  it('reads the filter back', () => {
    expect(parse('CompanyId=1001&Name=heron&CustomerTypeId=2')).toEqual({
      CompanyId: '1001',
      Name: 'heron',
      CustomerTypeId: 2,
    });
  });
  it('ignores a Company Id that is not 1 to 4 digits', () => {
    expect(parse('CompanyId=12345&Name=x').CompanyId).toBe('');
    expect(parse('CompanyId=abc').CompanyId).toBe('');
  });
});
