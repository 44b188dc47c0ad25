/**
 * Demo data for an empty database (SEED_DEMO, design.md section 1): customer types,
 * customers (a few with liquor licenses), items, their prices, product links, six months of order history, a few open web orders,
 * two messages and the footer. Deterministic: every run on the same `now` makes the same rows.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.js';
import {
  availability,
  availabilityFile,
  customerProducts,
  customers,
  customerTypes,
  messages,
  orderLines,
  orders,
  people,
  prices,
  products,
  settings,
  venuePeople,
} from '../schema.js';
import { bulkInsert } from './bulk-insert.js';
import { addDays, dateInZone } from './dates.js';
import {
  demoCustomers,
  demoCustomerTypes,
  demoFooter,
  demoLicenses,
  demoMessages,
  demoPaymentTerms,
  demoPeople,
} from './demo-catalog.js';
import { planOrders } from './demo-orders.js';
import { planLinks, planProducts } from './demo-plan.js';
import { planPrices } from './demo-prices.js';

export interface SeedDemoOptions {
  now: Date;
  businessTz: string;
  log?: (msg: string) => void;
}

/** `execute` answers `{ rows }` with node-postgres and with PGlite alike. */
/** A customer's items, the most ordered first (then by code): what their guide lists first. */
function usualCodes(
  planned: readonly { companyId: number; lines: readonly { code: string }[] }[],
  companyId: number,
) {
  const times = new Map<string, number>();
  for (const o of planned)
    if (o.companyId === companyId) for (const l of o.lines) times.set(l.code, (times.get(l.code) ?? 0) + 1);
  return [...times].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([code]) => code);
}

async function webOrderNumbers(tx: Tx, count: number): Promise<string[]> {
  if (count === 0) return [];
  const result = (await tx.execute(
    sql`select nextval('web_order_num_seq')::text as n from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: { n: string }[] };
  return result.rows
    .map((r) => Number(r.n))
    .sort((a, b) => a - b)
    .map((n) => `W${n}`);
}

/**
 * Seeds the demo data in one transaction when the database has no customers yet.
 * Returns false, changing nothing, when it already has some.
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<boolean> {
  const started = performance.now();
  const summary = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: customers.id }).from(customers).limit(1);
    if (existing.length > 0) return null;

    const today = dateInZone(opts.now, opts.businessTz);
    const plannedProducts = planProducts();
    const plannedLinks = planLinks(plannedProducts, today);
    const plannedOrders = planOrders(plannedProducts, plannedLinks, opts);

    // Types and items staff may already have set up are kept as they are.
    await tx
      .insert(customerTypes)
      .values([...demoCustomerTypes])
      .onConflictDoNothing();
    const customerRows = await tx
      .insert(customers)
      .values(
        demoCustomers.map((c) => {
          const license = demoLicenses.get(c.companyId);
          return {
            ...c,
            ...(license
              ? { licenseNumber: license.number, licenseExpires: addDays(today, license.days) }
              : {}),
            paymentTerms: demoPaymentTerms.get(c.companyId) ?? null,
          };
        }),
      )
      .returning({ id: customers.id, companyId: customers.companyId });
    const customerId = new Map(customerRows.map((c) => [c.companyId, c.id]));

    for (const person of demoPeople) {
      const [row] = await tx
        .insert(people)
        .values({ name: person.name, email: person.email, createdAt: opts.now })
        .returning({ id: people.id });
      await tx.insert(venuePeople).values(
        person.venues.map((v) => ({
          personId: row!.id,
          customerId: customerId.get(v.companyId)!,
          role: v.role,
          addedAt: opts.now,
        })),
      );
    }

    await tx
      .insert(products)
      .values(plannedProducts.map(({ category: _c, rank: _r, ...p }) => p))
      .onConflictDoNothing({ target: products.code });
    const productRows = await tx
      .select()
      .from(products)
      .where(
        inArray(
          products.code,
          plannedProducts.map((p) => p.code),
        ),
      );
    const product = new Map(productRows.map((p) => [p.code, p]));

    await bulkInsert(
      tx,
      customerProducts,
      plannedLinks.map(({ companyId, code, ...link }) => ({
        ...link,
        customerId: customerId.get(companyId)!,
        productId: product.get(code)!.id,
      })),
    );

    // The price book (design.md 8.4), for the products the seed itself added.
    await bulkInsert(
      tx,
      prices,
      planPrices(plannedProducts, plannedLinks, today)
        .filter((pr) => product.has(pr.code))
        .map(({ level, code, ...pr }) => ({
          ...pr,
          productId: product.get(code)!.id,
          ...('companyId' in level
            ? { customerId: customerId.get(level.companyId)! }
            : { customerTypeId: level.customerTypeId }),
        })),
    );

    const webOrders = plannedOrders.filter((o) => o.source === 'web');
    const webNums = await webOrderNumbers(tx, webOrders.length);
    webOrders.forEach((o, i) => {
      o.orderNum = webNums[i]!;
    });
    // Oldest first, so order ids rise with the order date as they would in real life.
    const chronological = [...plannedOrders].sort((a, b) => a.createDate.getTime() - b.createDate.getTime());
    await bulkInsert(
      tx,
      orders,
      chronological.map(({ companyId, lines: _l, orderNum, ...o }) => ({
        ...o,
        orderNum: orderNum!,
        customerId: customerId.get(companyId)!,
      })),
    );
    // The database had no customers, hence no orders: every order in it now is one of ours.
    const orderRows = await tx.select({ id: orders.id, orderNum: orders.orderNum }).from(orders);
    const orderId = new Map(orderRows.map((o) => [o.orderNum, o.id]));
    const lines = chronological.flatMap((o) =>
      o.lines.map((line) => {
        const p = product.get(line.code)!;
        return {
          ...line,
          orderId: orderId.get(o.orderNum!)!,
          productId: p.id,
          description: p.description,
          unitsPerCase: p.units,
          isCaseOnly: p.isCaseOnly,
        };
      }),
    );
    await bulkInsert(tx, orderLines, lines);

    // A morning's availability file (design.md 8.3): the bar's three most ordered items are out
    // (one with a substitute of its kind, back in 4 days), low, and out with no date.
    const usual = usualCodes(plannedOrders, 1001).slice(0, 3);
    const [outCode, lowCode, goneCode] = usual;
    if (outCode && lowCode && goneCode) {
      const kind = plannedProducts.find((p) => p.code === outCode)!.category;
      const substitute = plannedProducts.find(
        (p) => p.category === kind && !usual.includes(p.code) && product.has(p.code),
      );
      await tx.insert(availability).values([
        {
          productId: product.get(outCode)!.id,
          status: 'OUT',
          cases: 0,
          expectedDate: addDays(today, 4),
          substituteId: substitute ? product.get(substitute.code)!.id : null,
        },
        { productId: product.get(lowCode)!.id, status: 'LOW', cases: 3 },
        { productId: product.get(goneCode)!.id, status: 'OUT', cases: 0 },
      ]);
      await tx
        .insert(availabilityFile)
        .values({ id: 1, appliedAt: new Date(opts.now.getTime() - 20 * 60_000) });
    }

    const startDate = addDays(today, -30);
    const endDate = addDays(today, 90);
    await tx.insert(messages).values(demoMessages.map((m) => ({ ...m, startDate, endDate, isActive: true })));
    // Another part of the app may have created the settings row already; fill it only if blank.
    await tx
      .insert(settings)
      .values({ id: 1, footer: demoFooter })
      .onConflictDoUpdate({
        target: settings.id,
        set: { footer: demoFooter },
        where: sql`${settings.footer} = ''`,
      });

    return {
      customers: customerRows.length,
      products: plannedProducts.length,
      links: plannedLinks.length,
      orders: orderRows.length,
      webOrders: webOrders.length,
      lines: lines.length,
    };
  });

  if (!summary) {
    opts.log?.('Demo data skipped: the database already has customers');
    return false;
  }
  const ms = Math.round(performance.now() - started);
  opts.log?.(
    `Demo data: ${summary.customers} customers, ${summary.products} items, ${summary.links} product links, ` +
      `${summary.orders} orders (${summary.webOrders} web) with ${summary.lines} lines, in ${ms} ms`,
  );
  return true;
}
