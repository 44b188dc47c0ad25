import { addDays } from '../../src/domain/business-date.js';
import type { Db } from '../../src/server/db/client.js';
import { customerProducts, customers, orderLines, orders, products } from '../../src/server/db/schema.js';

/**
 * A customer of their own for the order guide's tests, so its figures come from data the test
 * chose: products, links (with dates), and imported orders delivered `n` days before `today`.
 */
export interface GuideProductSpec {
  code: string;
  description: string;
  units?: number;
  caseOnly?: boolean;
  active?: boolean;
  start?: string | null;
  end?: string | null;
}

export async function guideCustomer(db: Db, companyId: number, zipcode: number, specs: GuideProductSpec[]) {
  const [customer] = await db
    .insert(customers)
    .values({ companyId, customerTypeId: 2, name: `Guide Test ${companyId}`, zipcode })
    .returning();
  const rows = await db
    .insert(products)
    .values(
      specs.map((s) => ({
        code: s.code,
        description: s.description,
        units: s.units ?? 24,
        isCaseOnly: s.caseOnly ?? true,
        isActive: s.active ?? true,
      })),
    )
    .returning();
  await db.insert(customerProducts).values(
    specs.map((s, i) => ({
      customerId: customer!.id,
      productId: rows[i]!.id,
      startDate: s.start ?? null,
      endDate: s.end ?? null,
      orderNo: i,
    })),
  );
  return { id: customer!.id, productIds: new Map(specs.map((s, i) => [s.code, rows[i]!.id])) };
}

let orderNumber = 7_700_000;

/** An imported order delivered `daysBefore` days before `today` (negative: after it) with its lines. */
export async function guideOrder(
  db: Db,
  customerId: number,
  today: string,
  daysBefore: number,
  lines: [code: string, cases: number, units?: number][],
) {
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      orderNum: String(orderNumber++),
      source: 'import',
      orderType: 'REG',
      deliveryDate: addDays(today, -daysBefore),
      status: 99,
    })
    .returning();
  await db.insert(orderLines).values(
    lines.map(([code, cases, units]) => ({
      orderId: order!.id,
      code,
      description: code,
      caseQuantity: cases,
      unitQuantity: units ?? 0,
    })),
  );
}

/**
 * The guide tests' customer (company 4701, zip 60701): three products offered today, one
 * inactive, one whose link ended yesterday, one whose link starts in two weeks; and imported
 * orders every week for nine weeks before today, one three days ago of an item only the ERP
 * knows, one today and one next week (neither counts: the guide looks at the days before today).
 */
export async function standardGuideCustomer(db: Db, today: string) {
  const c = await guideCustomer(db, 4701, 60701, [
    { code: 'G-1', description: 'Zeta Lager' },
    { code: 'G-2', description: 'alpha Ale', units: 12, caseOnly: false },
    { code: 'G-3', description: 'Mid Stout' },
    { code: 'G-4', description: 'Inactive Cola', active: false },
    { code: 'G-5', description: 'Ended Cider', end: addDays(today, -1) },
    { code: 'G-6', description: 'Seasonal Bock', start: addDays(today, 14) },
  ]);
  for (let week = 1; week <= 9; week++) {
    const lines: [string, number, number?][] = [['G-1', 2]];
    if (week === 1) lines.push(['G-2', 0, 6]); // units only: ordered, no cases
    if (week === 2) lines.push(['G-2', 3]);
    if (week === 3) lines.push(['G-3', 0, 0]); // a line of zeros: not ordered
    await guideOrder(db, c.id, today, 7 * week, lines);
  }
  await guideOrder(db, c.id, today, 7, [['G-1', 1]]); // a second order for the same date
  await guideOrder(db, c.id, today, 3, [['OLD-1', 4]]);
  await guideOrder(db, c.id, today, 0, [['G-1', 50]]);
  await guideOrder(db, c.id, today, -7, [['G-3', 9]]);
  return c;
}
