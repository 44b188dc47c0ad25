import { describe, expect, it } from 'vitest';
import { customerTableDefaults, filterCustomers } from './customers/customer-filter';
import { filterItems, itemTableDefaults } from './items/item-filter';
import { toWebOrderQuery } from './regenerate/regenerate-filter';

/**
 * The Items and Customers lists filter in the browser: quotes, `%`, `_`, backslashes and
 * Unicode typed into a filter are text, never patterns. (The server's one LIKE filter, the
 * Web Conf #, and the stored values' round trip are in
 * tests/security/text-values.api.test.ts.)
 */

const items = [
  { Id: 1, Code: 'PCT%1', Description: '100% juice', Type: 2, IsActive: true },
  { Id: 2, Code: 'UND_2', Description: 'under_score', Type: 2, IsActive: true },
  { Id: 3, Code: 'BSL\\3', Description: 'C:\\temp', Type: 2, IsActive: true },
  { Id: 4, Code: 'APO-4', Description: "O'Brien's", Type: 2, IsActive: true },
  { Id: 5, Code: 'PLAIN5', Description: 'Plain water', Type: 2, IsActive: true },
  { Id: 6, Code: 'UNI-6', Description: 'Éclair 😀 עברית', Type: 2, IsActive: true },
  { Id: 7, Code: 'DOT.7', Description: 'a.b (c)+ [d]*', Type: 2, IsActive: true },
];
const itemIds = (f: { Code?: string; Description?: string }) =>
  filterItems(items, { ...itemTableDefaults.filters, ...f }).map((i) => i.Id);

const customers = [
  { Id: 1, CompanyId: 1001, Name: '100% Bar', CustomerTypeId: 1 },
  { Id: 2, CompanyId: 1002, Name: 'Snake_Case Pub', CustomerTypeId: 1 },
  { Id: 3, CompanyId: 1003, Name: 'Back\\slash Inn', CustomerTypeId: 1 },
  { Id: 4, CompanyId: 1004, Name: "O'Brien's Tavern", CustomerTypeId: 1 },
  { Id: 5, CompanyId: 1005, Name: 'Plain Deli', CustomerTypeId: 1 },
  { Id: 6, CompanyId: 1006, Name: 'ÉCOLE Café', CustomerTypeId: 1 },
];
const customerIds = (Name: string) =>
  filterCustomers(customers, { ...customerTableDefaults.filters, Name }).map((c) => c.Id);

describe('typed filter text is text, not a pattern', () => {
  it.each([
    ['%', [1]],
    ['_', [2]],
    ['\\', [3]],
    ["'", [4]],
    ['.', [7]],
    ['(c)+', [7]],
    ['[d]*', [7]],
    ['%_', []],
    ["' OR '1'='1", []],
  ])('item Description %s matches only items holding it', (text, expected) => {
    expect(itemIds({ Description: text })).toEqual(expected);
  });

  it.each([
    ['%', [1]],
    ['_', [2]],
    ['\\', [3]],
  ])('item Code %s matches only codes holding it', (text, expected) => {
    expect(itemIds({ Code: text })).toEqual(expected);
  });

  it.each([
    ['%', [1]],
    ['_', [2]],
    ['\\', [3]],
    ["o'brien", [4]],
    ['école', [6]],
    ['CAFÉ', [6]],
    ['%_\\', []],
  ])('customer Name %s matches only names holding it (any case)', (text, expected) => {
    expect(customerIds(text)).toEqual(expected);
  });

  it('matches Unicode in item descriptions, emoji and right-to-left text included', () => {
    expect(itemIds({ Description: '😀' })).toEqual([6]);
    expect(itemIds({ Description: 'עברית' })).toEqual([6]);
    expect(itemIds({ Description: 'éclair' })).toEqual([6]);
  });

  it('sends the Web Conf # filter to the server as typed (upper-cased), wildcards and all', () => {
    const query = toWebOrderQuery({
      CompanyId: '',
      CustomerTypeId: 0,
      OrderNum: " a%_\\'b ",
      StartDate: '',
      EndDate: '',
      NotExported: false,
    });
    expect(query.OrderNum).toBe("A%_\\'B");
  });
});
