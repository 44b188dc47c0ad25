/**
 * Times the in-browser filters of the staff lists on lists larger than a distributor's (5,000
 * items, 5,000 customers): each keystroke re-filters and re-sorts the whole list. Prints
 * milliseconds per run; judges nothing (machines differ).
 *
 *   npx tsx bench/web/item-filter-bench.ts [--rows 5000] [--repeat 20]
 */
import { sortRows } from '../../src/web/components/data-table/table-rows.js';
import {
  customerTableDefaults,
  type FilterableCustomer,
  filterCustomers,
} from '../../src/web/features/customers/customer-filter.js';
import {
  type FilterableItem,
  filterItems,
  itemTableDefaults,
} from '../../src/web/features/items/item-filter.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const N = option('--rows', 5000);
const REPEAT = option('--repeat', 20);
const words = ['Lager', 'Stout', 'Cola', 'Ice', 'Water', 'Juice', 'Cabernet', 'Keg', 'Can', 'Bottle'];
const items: (FilterableItem & { Id: number })[] = Array.from({ length: N }, (_, i) => ({
  Id: i + 1,
  Code: `${words[i % 10]!.slice(0, 3).toUpperCase()}-${1000 + i}`,
  Description: `${words[i % 10]} ${words[(i * 7) % 10]} ${i % 48} oz`,
  Type: i % 3,
  IsActive: i % 11 !== 0,
}));
const customers: (FilterableCustomer & { Id: number })[] = Array.from({ length: N }, (_, i) => ({
  Id: i + 1,
  CompanyId: 1000 + i,
  Name: `${words[i % 10]} ${words[(i * 3) % 10]} Tavern ${i}`,
  CustomerTypeId: (i % 7) + 1,
}));

function time(label: string, run: () => number, repeat = REPEAT): number {
  run(); // warm-up
  const start = performance.now();
  let found = 0;
  for (let i = 0; i < repeat; i += 1) found = run();
  const ms = (performance.now() - start) / repeat;
  console.log(`${label}: ${ms.toFixed(2)} ms per run (${found} of ${N} rows)`);
  return found;
}

console.log(`Filter speed on ${N} rows, mean of ${REPEAT} runs after one warm-up`);

{
  const none = itemTableDefaults.filters;
  time('items, code "lag"', () => filterItems(items, { ...none, Code: 'lag' }).length);
  time(
    'items, description + frozen + active',
    () => filterItems(items, { ...none, Description: 'cola', Frozen: false, Active: true }).length,
  );
  time('items, no filter + sort by code', () => {
    const rows = filterItems(items, none);
    return sortRows(rows, [{ key: 'Code', header: 'Code', sortBy: true }], { key: 'Code', dir: 'asc' })
      .length;
  });
}

{
  const none = customerTableDefaults.filters;
  time('customers, name "tavern 4"', () => filterCustomers(customers, { ...none, Name: 'tavern 4' }).length);
  time('customers, company id', () => filterCustomers(customers, { ...none, CompanyId: '3456' }).length);
  time('customers, type + name + sort by company id', () => {
    const rows = filterCustomers(customers, { ...none, CustomerTypeId: 3, Name: 'cola' });
    return sortRows(rows, [{ key: 'CompanyId', header: 'Company Id', sortBy: true }], {
      key: 'CompanyId',
      dir: 'asc',
    }).length;
  });
}
