import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { statementsDuring } from '#support/statements.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { compareDelivered, differenceCount } from '../../../domain/delivered.js';
import { estimateOrder, pricesOn } from '../../../domain/order-estimate.js';
import {
  OrderListSchema,
  OrderSummarySchema,
  WorksheetRowSchema,
  WorksheetSchema,
} from '../../../domain/order-view.schema.js';
import type { PriceRow } from '../../../domain/prices.js';
import { customers, orderDeliveredLines, orderLines, orders, prices, products } from '../../db/schema.js';
import { toSummary } from './orders.service.js';

/**
 * The ordering paths reach the database a known number of times per request: the guard reads
 * the caller's account (one statement, as on every route: decision 031), then the route its
 * data in two statements (an order and its lines), or a few whatever the number of orders or
 * products (the order list, the worksheet); POST Order reads its context (the customer, then what the body names)
 * and saves in one transaction before its answer, and marks its file and its mail after. These tests count the statements the database receives, so a
 * change that adds a round trip fails here, and they check that an inactive customer loses
 * access on the next request.
 */

describe('statements per request on the ordering hot paths', () => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  let customerId: number;
  const now = TEST_NOW;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-queries-'));
    t = await createTestApp({
      now: () => now,
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
    cookie = await signInCustomer(t.app);
    customerId = (await customerByCompany(t.db, 1001)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const linesOf = (orderIds: number[]) =>
    t.db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds));
  const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });

  // The guard's read of the device's session with the whole account (decision 066).
  const isAccountRead = (text: string) => /^select .* from "sessions" inner join "customers" on/.test(text);

  it('GET Orders/{companyId}: the account, the customer, the orders with their counts, and what files delivered', async () => {
    let status = 0;
    const seen = await statementsDuring(t.database, async () => {
      status = (await get('/api/v1/Orders/1001')).statusCode;
    });
    expect(status).toBe(200);
    const kinds = seen.map((text) =>
      isAccountRead(text)
        ? 'account'
        : /from "customers" where/.test(text)
          ? 'customer'
          : /from "orders" inner join "customers"[\s\S]*left join "order_lines"[\s\S]*group by/.test(text)
            ? 'orders with their counts'
            : /from "order_delivered_lines" where "order_delivered_lines"."order_id" in/.test(text)
              ? 'delivered lines of the orders due'
              : /from "order_lines" where "order_lines"."order_id" in/.test(text)
                ? 'their ordered lines'
                : text,
    );
    // However many orders the customer has: one statement for all their lines' counts, then, if
    // web orders are due, one for what files delivered for them all, and, if any was listed, one
    // for those orders' lines (order-history-delivered.routes.test.ts checks the counts).
    expect(kinds.slice(0, 3)).toEqual(['account', 'customer', 'orders with their counts']);
    expect(kinds.slice(3)).toEqual(
      ['delivered lines of the orders due', 'their ordered lines'].slice(0, kinds.length - 3),
    );
  });

  it('GET Order/{id}/Worksheet/: the account, the customer, the dates, then the cases and the products at once', async () => {
    let status = 0;
    const seen = await statementsDuring(t.database, async () => {
      status = (await get(`/api/v1/Order/${customerId}/Worksheet/`)).statusCode;
    });
    expect(status).toBe(200);
    const kinds = seen.map((text) =>
      isAccountRead(text)
        ? 'account'
        : /from "customers" where/.test(text)
          ? 'customer'
          : /^\s*select distinct "delivery_date" from "orders"/.test(text)
            ? 'dates'
            : /group by "order_lines"."code", "orders"."delivery_date"/.test(text)
              ? 'cases'
              : /from "customer_products" inner join "products"/.test(text)
                ? 'offered products'
                : text,
    );
    // However many products and dates: the cases and the offered products in one statement each
    // (and, for products no longer offered, up to three more: none for this customer).
    expect(kinds.slice(0, 3)).toEqual(['account', 'customer', 'dates']);
    expect(kinds.slice(3).sort()).toEqual(['cases', 'offered products']);
  });

  it('GET Order/{id}: the account, the order, its lines; a customer gets what an admin gets', async () => {
    const own = await t.db
      .select({ id: orders.id, source: orders.source })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(new Set(own.map((o) => o.source))).toEqual(new Set(['web', 'import']));
    const admin = await signInAdmin(t.app);
    for (const { id } of own) {
      let res: Awaited<ReturnType<typeof get>> | undefined;
      const seen = await statementsDuring(t.database, async () => {
        res = await get(`/api/v1/Order/${id}`);
      });
      expect(res!.statusCode).toBe(200);
      expect(seen).toHaveLength(3);
      expect(isAccountRead(seen[0]!)).toBe(true);
      const reference = await get(`/api/v1/Order/${id}`, admin);
      expect(res!.json()).toEqual(reference.json());
    }
    // Another customer's order is 404 as an unknown one is, and never read.
    const [foreign] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(customers.companyId, 6001))
      .limit(1);
    expect((await get(`/api/v1/Order/${foreign!.id}`)).statusCode).toBe(404);
    expect((await get('/api/v1/Order/2000000000')).statusCode).toBe(404);
  });

  it('POST Order: read, then save in one transaction (claiming the first mail); after the answer, one UPDATE marks the file, one checks the version the mail is of and one marks the mail', async () => {
    const body = await validOrderBody(t.db, 1001, now);
    let status = 0;
    let orderNum = '';
    const seen = await statementsDuring(t.database, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Order',
        payload: body,
        headers: { cookie, 'idempotency-key': `count-${Date.now()}` },
      });
      status = res.statusCode;
      orderNum = res.json().OrderNum;
      await t.app.settle();
    });
    expect(status).toBe(201);
    const kinds = seen
      .map((text) =>
        isAccountRead(text)
          ? 'account'
          : /^\s*begin\s*$/i.test(text)
            ? 'begin'
            : /^\s*commit\s*$/i.test(text)
              ? 'commit'
              : /from "customers" left join "customer_types"/.test(text)
                ? 'customer and type'
                : /from "orders" where .*"idempotency_key"/.test(text)
                  ? 'earlier order with the key'
                  : /from "holidays"/.test(text)
                    ? 'holiday'
                    : /from "customer_products"/.test(text)
                      ? 'products'
                      : /^\s*update "order_drafts"/.test(text)
                        ? 'draft ended'
                        : /^\s*insert into "orders"[\s\S]*"mail_sending_until"/.test(text)
                          ? 'save and claim mail'
                          : /^\s*insert into "order_lines"/.test(text)
                            ? 'lines'
                            : /^\s*update "orders" set "exported_at"/.test(text)
                              ? 'file written'
                              : /^\s*update "orders" set "mail_sending_until" = "orders"."mail_sending_until"/.test(
                                    text,
                                  )
                                ? 'mail version checked'
                                : /^\s*update "orders" set "mailed_at"/.test(text)
                                  ? 'mail sent'
                                  : text,
      )
      // PGlite's driver commits without a statement of its own; PostgreSQL's sends one.
      .filter((kind) => kind !== 'commit');
    // The read: the account, the customer and their type, then what the body names, at once.
    const begin = kinds.indexOf('begin');
    expect(kinds.slice(0, 2)).toEqual(['account', 'customer and type']);
    expect(kinds.slice(2, begin).sort()).toEqual(['earlier order with the key', 'holiday', 'products']);
    // The save, in one transaction: the draft ended, the order claimed for its first mail, its lines.
    const answered = begin + 4;
    expect(kinds.slice(begin, answered)).toEqual(['begin', 'draft ended', 'save and claim mail', 'lines']);
    // After the answer, the file's mark and the mail's in whichever order they finish; the mail
    // is sent only while the order is still the version it was composed from (issue 32).
    expect(kinds.slice(answered).sort()).toEqual(['file written', 'mail sent', 'mail version checked']);
    expect(kinds.indexOf('mail version checked')).toBeLessThan(kinds.indexOf('mail sent'));
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    expect(row!.exportedAt?.getTime()).toBe(now.getTime());
    expect(row).toMatchObject({
      mailAttempts: 1,
      mailSendingUntil: null,
      mailNextAttemptAt: null,
      mailError: null,
    });
    expect(row!.mailedAt).toBeInstanceOf(Date);
  });

  it('still answers 401 to a customer made inactive, on the next request to each hot path', async () => {
    const other = await signInCustomer(t.app, 6001, 60611);
    const { id } = await customerByCompany(t.db, 6001);
    const body = await validOrderBody(t.db, 6001, now);
    await t.db.update(customers).set({ isActive: false }).where(eq(customers.id, id));
    try {
      expect((await get('/api/v1/Orders/6001', other)).statusCode).toBe(401);
      expect((await get(`/api/v1/Order/${id}/Worksheet/`, other)).statusCode).toBe(401);
      // Another customer's data: 401 as well (not 404): the account is checked first.
      expect((await get('/api/v1/Orders/1001', other)).statusCode).toBe(401);
      expect((await get(`/api/v1/Order/${customerId}/Worksheet/`, other)).statusCode).toBe(401);
      const [ownOrder] = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerId, id))
        .limit(1);
      expect((await get(`/api/v1/Order/${ownOrder!.id}`, other)).statusCode).toBe(401);
      expect((await get('/api/v1/Order/2000000000', other)).statusCode).toBe(401);
      // Checked before the id or the body: a malformed one gets 401 too, not a validation answer.
      expect((await get('/api/v1/Order/abc', other)).statusCode).toBe(401);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Order',
        payload: { DeliveryDate: 12, ProductQuantities: 'none' },
        headers: { cookie: other },
      });
      expect(malformed.statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Order',
        payload: body,
        headers: { cookie: other },
      });
      expect(res.statusCode).toBe(401);
      // The session ends: the answer clears the cookie.
      expect(res.cookies.find((c) => c.name === 'bev_session')?.value).toBe('');
    } finally {
      await t.db.update(customers).set({ isActive: true }).where(eq(customers.id, id));
    }
  });

  it('answers GET Orders exactly as the schema says, every order with its line figures', async () => {
    // A history file lists one of the customer's web orders (design.md 7.12): its first line with
    // a case more, one product added, the others left out. Its mark must be the domain's count of those differences.
    // One delivered yesterday: before its delivery date a file's lines are a confirmation (issue 33).
    const today = businessToday(now, 'America/Chicago');
    const [placed] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.source, 'web')))
      .limit(1);
    const [web] = await t.db
      .update(orders)
      .set({ deliveryDate: addDays(today, -1) })
      .where(eq(orders.id, placed!.id))
      .returning();
    const [first] = await linesOf([web!.id]);
    const historyLine = (code: string, cases: number) =>
      `${web!.deliveryDate}\t1001\tBar\t${web!.deliveryDate}\t${web!.orderNum}\tPat\t\tREG\t${code}\tX\t6\t0\t${cases}\n`;
    const file = multipartFile(historyLine(first!.code, first!.caseQuantity + 1) + historyLine('ADDED-1', 2));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/OrderHistoryImport',
      payload: file.payload,
      headers: { ...file.headers, cookie: await signInAdmin(t.app) },
    });
    expect(imported.json()).toMatchObject({ Inserted: 2, RejectedCount: 0 });

    const res = await get('/api/v1/Orders/1001');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = OrderListSchema.strict().parse(res.json());
    for (const o of body.Orders) OrderSummarySchema.strict().parse(o);
    // The reference, read another way: the rows through Drizzle, the figures counted here,
    // shaped by the query builder's own mapping.
    const rows = await t.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createDate), desc(orders.id));
    const lines = await linesOf(rows.map((r) => r.id));
    const deliveredRows = await t.db
      .select()
      .from(orderDeliveredLines)
      .where(
        inArray(
          orderDeliveredLines.orderId,
          rows.map((r) => r.id),
        ),
      );
    const [bar] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    const book = new Map<string, PriceRow[]>();
    for (const pr of await t.db
      .select({ code: products.code, row: prices })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(or(eq(prices.customerId, customerId), eq(prices.customerTypeId, bar!.customerTypeId)))) {
      book.set(pr.code, [
        ...(book.get(pr.code) ?? []),
        {
          level: pr.row.customerId === null ? 'Type' : 'Customer',
          minCases: pr.row.minCases,
          fromDate: pr.row.fromDate,
          toDate: pr.row.toDate,
          casePrice: pr.row.casePrice,
          unitPrice: pr.row.unitPrice,
          depositPerCase: pr.row.depositPerCase,
        },
      ]);
    }
    expect(book.size).toBeGreaterThan(0);
    expect(body.Orders).toEqual(
      rows.map((r) => {
        const own = lines.filter((l) => l.orderId === r.id);
        const totalCases = own.reduce((sum, l) => sum + l.caseQuantity, 0);
        const delivered = deliveredRows.filter((d) => d.orderId === r.id);
        const deliveryDifferences =
          delivered.length && r.deliveryDate <= today
            ? differenceCount(
                compareDelivered(
                  own.map((l) => ({
                    ...l,
                    Code: l.code,
                    Description: '',
                    Cases: l.caseQuantity,
                    Units: l.unitQuantity,
                  })),
                  delivered.map((d) => ({
                    ...d,
                    Code: d.code,
                    Description: '',
                    Cases: d.cases,
                    Units: d.units,
                  })),
                ),
              )
            : null;
        return toSummary({
          ...r,
          personName: null,
          companyId: 1001,
          productCount: own.length,
          isReturn: own.length > 0 && own.every((l) => l.isReturn),
          totalCases,
          deliveryDifferences,
          // The demo's price book, read here row by row, estimated by the domain's rules.
          estimatedTotal: estimateOrder(
            pricesOn(book, r.deliveryDate),
            own.map((l) => ({
              Code: l.code,
              CaseQuantity: l.caseQuantity,
              UnitQuantity: l.unitQuantity,
              IsReturn: l.isReturn,
            })),
          ).EstimatedTotal,
        });
      }),
    );
    expect(body.DeliveryDates).toEqual([...new Set(rows.map((r) => r.deliveryDate))].sort().reverse());
    // Every ordered line differs (a case more, or left out of the file: not delivered), plus the added one.
    const ordered = await linesOf([web!.id]);
    expect(body.Orders.find((o) => o.Id === web!.id)?.DeliveryDifferences).toBe(ordered.length + 1);
    expect(body.Orders.filter((o) => o.DeliveryDifferences === null).length).toBeGreaterThan(0);
  });

  it('answers the worksheet exactly as the schema says, with the cases of the 5 last delivery dates', async () => {
    const res = await get(`/api/v1/Order/${customerId}/Worksheet/`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const sheet = WorksheetSchema.strict().parse(res.json());
    for (const row of sheet.Orders) WorksheetRowSchema.strict().parse(row);
    const today = businessToday(now, 'America/Chicago');
    expect(sheet).toMatchObject({ CustomerId: customerId, CompanyId: 1001, Today: today });
    // The reference: every past delivery date of the customer, the last five kept.
    const rows = await t.db.select().from(orders).where(eq(orders.customerId, customerId));
    const dates = [...new Set(rows.map((r) => r.deliveryDate).filter((d) => d < today))].sort().slice(-5);
    expect(sheet.DeliveryDates).toEqual(dates);
    const lines = await linesOf(rows.filter((r) => dates.includes(r.deliveryDate)).map((r) => r.id));
    const expected = new Map<string, Record<string, number>>();
    for (const l of lines) {
      const date = rows.find((r) => r.id === l.orderId)!.deliveryDate;
      const byDate = expected.get(l.code) ?? {};
      byDate[date] = (byDate[date] ?? 0) + l.caseQuantity;
      expected.set(l.code, byDate);
    }
    expect(sheet.Orders.length).toBeGreaterThan(0);
    let withHistory = 0;
    for (const row of sheet.Orders) {
      const want = Object.fromEntries(Object.entries(expected.get(row.Code) ?? {}).filter(([, n]) => n > 0));
      expect(row.Products, row.Code).toEqual(want);
      if (Object.keys(want).length) withHistory++;
    }
    expect(withHistory).toBeGreaterThan(0);
  });

  it('lets an admin read any customer and answers 404 for an unknown company', async () => {
    const admin = await signInAdmin(t.app);
    expect((await get('/api/v1/Orders/1001', admin)).statusCode).toBe(200);
    expect((await get(`/api/v1/Order/${customerId}/Worksheet/`, admin)).statusCode).toBe(200);
    expect((await get('/api/v1/Orders/9998', admin)).statusCode).toBe(404);
    expect((await get('/api/v1/Order/999999/Worksheet/', admin)).statusCode).toBe(404);
  });
});
