import { describe, expect, it } from 'vitest';
import { WebOrderFilterSchema } from '../../../domain/regenerate.schema';
import { parseTableSearch } from '../../components/data-table/use-table-search-params';
import {
  orderNumLabel,
  RegenerateSearchSchema,
  regenerateFilterDelay,
  regenerateTableDefaults,
  toWebOrderQuery,
} from './regenerate-filter';

const none = regenerateTableDefaults.filters;

describe('orderNumLabel', () => {
  it("reads 'Reference PO #' for customer types 6 and 7 only", () => {
    expect(orderNumLabel(6)).toBe('Reference PO #');
    expect(orderNumLabel(7)).toBe('Reference PO #');
    expect(orderNumLabel(0)).toBe('Web Order Confirmation #');
    expect(orderNumLabel(1)).toBe('Web Order Confirmation #');
  });
});

describe('toWebOrderQuery', () => {
  it('leaves everything out for the empty filter', () => {
    expect(toWebOrderQuery(none)).toEqual({});
  });

  it('sends Company Id as a number, the type unless All, the order number uppercased, and the dates', () => {
    const query = toWebOrderQuery({
      CompanyId: '0042',
      CustomerTypeId: 6,
      OrderNum: ' w0001 ',
      StartDate: '2025-01-01',
      EndDate: '2025-01-31',
      NotExported: false,
    });
    expect(query).toEqual({
      CompanyId: '42',
      CustomerTypeId: '6',
      OrderNum: 'W0001',
      StartDate: '2025-01-01',
      EndDate: '2025-01-31',
    });
    // What the screen sends is what the server's schema accepts.
    expect(WebOrderFilterSchema.safeParse(query).success).toBe(true);
  });

  it('asks the server for the orders never exported (the list is capped: a page would miss some)', () => {
    const query = toWebOrderQuery({ ...none, NotExported: true });
    expect(query).toEqual({ NotExported: 'true' });
    expect(WebOrderFilterSchema.parse(query)).toEqual({ NotExported: true });
  });
});

describe('RegenerateSearchSchema in the URL', () => {
  const parse = (q: string) =>
    parseTableSearch(RegenerateSearchSchema, new URLSearchParams(q), regenerateTableDefaults).filters;
  it('reads the filter, uppercasing the order number', () => {
    expect(parse('OrderNum=w12&CustomerTypeId=7&StartDate=2025-02-01')).toEqual({
      ...none,
      OrderNum: 'W12',
      CustomerTypeId: 7,
      StartDate: '2025-02-01',
    });
  });
  it('reads NotExported=true, and falls back to all orders for anything else', () => {
    expect(parse('NotExported=true')).toEqual({ ...none, NotExported: true });
    expect(parse('NotExported=maybe')).toEqual(none);
  });
  it('drops dates that are not YYYY-MM-DD', () => {
    expect(parse('StartDate=02/01/2025&EndDate=2025-02-30')).toEqual(none);
  });
});

describe('regenerateFilterDelay', () => {
  it('waits 1000 ms for Company Id and 600 ms for the rest', () => {
    expect(regenerateFilterDelay('CompanyId')).toBe(1000);
    expect(regenerateFilterDelay('OrderNum')).toBe(600);
    expect(regenerateFilterDelay('StartDate')).toBe(600);
  });
});
