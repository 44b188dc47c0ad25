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
