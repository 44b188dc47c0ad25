import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/**
 * Import files for the bench, in the layouts of spec section 3, from a fixed seed so every
 * run imports the same data: customers 1001.., items B00001.., and order history of 10
 * lines per order, each line a known customer and item.
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const companyId = (i: number) => 1001 + i;
const itemCode = (i: number) => `B${String(i + 1).padStart(5, '0')}`;
const pad = (n: number) => String(n).padStart(2, '0');

async function writeLines(file: string, count: number, line: (i: number) => string): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  for (let i = 0; i < count; ) {
    let chunk = '';
    for (const end = Math.min(count, i + 5_000); i < end; i++) chunk += `${line(i)}\n`;
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

export function writeCustomers(file: string, customers: number) {
  return writeLines(
    file,
    customers,
    (i) => `${companyId(i)}\tBench Customer ${i + 1}\t${60000 + (i % 999)}\t${1 + (i % 7)}`,
  );
}

export function writeItems(file: string, items: number) {
  return writeLines(
    file,
    items,
    (i) =>
      `${itemCode(i)}\tBench Item ${i + 1} 12oz\t${[6, 12, 24][i % 3]}\t${1 + (i % 2)}\t${i % 5 ? 'Y' : 'N'}\tCAN\tCS`,
  );
}

/** `lines` order history lines: orders of 10 distinct items for random customers in 2024-2025. */
export function writeHistory(file: string, lines: number, customers: number, items: number) {
  const rand = mulberry32(20_250_101);
  let order: {
    num: string;
    customer: number;
    date: string;
    delivery: string;
    first: number;
    step: number;
  } | null = null;
  return writeLines(file, lines, (i) => {
    if (i % 10 === 0) {
      const month = 1 + rand(12);
      const day = 1 + rand(26);
      const year = 2024 + rand(2);
      order = {
        num: String(7_000_000 + i / 10),
        customer: companyId(rand(customers)),
        date: `${pad(month)}/${pad(day)}/${year}`,
        delivery: `${pad(month)}/${pad(day + 2)}/${year}`,
        first: rand(items),
        step: 1 + rand(97),
      };
    }
    const o = order!;
    const item = (o.first + (i % 10) * o.step) % items;
    return [
      o.date,
      o.customer,
      `Bench Customer ${o.customer - 1000}`,
      o.delivery,
      o.num,
      'Pat Murphy',
      '3125550142',
      'REG',
      itemCode(item),
      `Bench Item ${item + 1} 12oz`,
      [6, 12, 24][item % 3],
      0,
      1 + rand(20),
    ].join('\t');
  });
}

/**
 * `lines` availability lines (design.md 8.3), one per item B00001..: a third each IN with its
 * cases, LOW with a few cases and a substitute, OUT with blank cases, an expected date and a
 * substitute (the next item).
 */
export function writeAvailability(file: string, lines: number, items: number) {
  return writeLines(file, lines, (i) => {
    const code = itemCode(i % items);
    const substitute = itemCode((i + 1) % items);
    if (i % 3 === 0) return `${code}\t${i % 500}\tIN`;
    if (i % 3 === 1) return `${code}\t${1 + (i % 4)}\tLOW\t\t${substitute}`;
    return `${code}\t\tOUT\t12/${pad(1 + (i % 28))}/2026\t${substitute}`;
  });
}

/**
 * `lines` prices lines (design.md 8.4), written a level at a time as price books are: each level
 * prices every item once, the 7 customer types first (T1..T7), then customers 1001.. one by one.
 * Case prices from $8.00 to $57.99 with deposits of $1.20, a unit price for the items not sold
 * by the case only (every fifth, as writeItems makes them), every third item priced from 5 cases
 * rather than 1, and periods in 2099 so that none has started or ended whatever the clock says.
 */
export function writePrices(file: string, lines: number, items: number, customers: number) {
  return writeLines(file, lines, (i) => {
    const item = i % items;
    const level = Math.floor(i / items);
    if (level >= 7 + customers) throw new Error(`${lines} prices lines need more customers or items`);
    const levelText = level < 7 ? `T${level + 1}` : String(companyId(level - 7));
    const cents = 800 + ((i * 37) % 5000);
    const price = `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
    const unit = item % 5 === 0 ? `${Math.floor(cents / 1200)}.${pad(Math.floor(cents / 12) % 100)}` : '';
    const breakAt = item % 3 === 0 ? 5 : 1;
    return `${levelText}\t${itemCode(item)}\t${price}\t${unit}\t1.20\t${breakAt}\t01/01/2099\t12/31/2099`;
  });
}

/**
 * `lines` invoices lines (design.md 8.4): an invoice of 10 lines for each order of
 * writeHistory's (7000000..), on items of its own choosing (so the check finds short and extra
 * lines as a real month would), case prices from $8.00 to $57.99 with a $1.20 deposit, the last
 * line of every tenth invoice a fee, every other invoice paid.
 */
export function writeInvoices(file: string, lines: number, items: number) {
  return writeLines(file, lines, (i) => {
    const invoice = Math.floor(i / 10);
    const head = `INV${String(invoice + 1).padStart(7, '0')}\t${7_000_000 + invoice}\t12/01/2025\t12/31/2025`;
    const paid = invoice % 2 ? 'Y' : 'N';
    if (i % 10 === 9 && invoice % 10 === 0) return `${head}\t\t\t\t\t\tFuel surcharge\t4.50\t${paid}`;
    const cents = 800 + ((i * 37) % 5000);
    const item = itemCode((invoice * 7 + (i % 10) * 13) % items);
    return `${head}\t${item}\t${1 + (i % 5)}\t0\t${Math.floor(cents / 100)}.${pad(cents % 100)}\t1.20\t\t\t${paid}`;
  });
}
