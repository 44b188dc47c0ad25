/**
 * Demo data for an empty database (SEED_DEMO, design.md section 1): customer types,
 * customers (a few with liquor licenses), items, product links, six months of order history, a few open web orders,
 * two messages and the footer. Deterministic: every run on the same `now` makes the same rows.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.js';
import {
  customerProducts,
  customers,
  customerTypes,
  messages,
  orderLines,
  orders,
  products,
  settings,
} from '../schema.js';
import { bulkInsert } from './bulk-insert.js';
import { addDays, dateInZone } from './dates.js';
import { demoCustomers, demoCustomerTypes, demoFooter, demoLicenses, demoMessages } from './demo-catalog.js';
import { planOrders } from './demo-orders.js';
import { planLinks, planProducts } from './demo-plan.js';

export interface SeedDemoOptions {
  now: Date;
  businessTz: string;
  log?: (msg: string) => void;
}

/** `execute` answers `{ rows }` with node-postgres and with PGlite alike. */
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
          };
        }),
      )
      .returning({ id: customers.id, companyId: customers.companyId });
    const customerId = new Map(customerRows.map((c) => [c.companyId, c.id]));

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
