import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/server/db/schema.js';
import { exportFileName, orderExportText } from '../../src/server/modules/orders/order-export.js';
import { getOrderDetail } from '../../src/server/modules/orders/orders.service.js';
import type { OrderTestApp } from './order-app.js';

/** The change and cancel tests' steps (design.md 7.10), on an app from `createOrderTestApp`. */

const TZ = 'America/Chicago';

export function orderCalls(t: OrderTestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
    });
  return {
    call,
    /** Places the order and waits for its file to be recorded as written; its Id and Web Conf #. */
    async place(cookie: string, body: object): Promise<{ id: number; orderNum: string }> {
      const res = await call('POST', '/Order', cookie, body);
      if (res.statusCode !== 201) throw new Error(`POST Order: ${res.statusCode} ${res.body}`);
      await t.app.settle();
      const orderNum = res.json().OrderNum as string;
      const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNum, orderNum));
      return { id: row!.id, orderNum };
    },
    change: (cookie: string | null, id: number, body: object) => call('PUT', `/Order/${id}`, cookie, body),
    cancel: (cookie: string | null, id: number) => call('POST', `/Order/${id}/Cancel`, cookie),
    /** The order's export file, or null when there is none. */
    file(orderNum: string): string | null {
      const file = path.join(t.exportDir, exportFileName(orderNum));
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
    /** The export file the order's saved version makes. */
    async savedText(id: number): Promise<string> {
      return orderExportText(await getOrderDetail(t.db, { id }), TZ);
    },
    /** Claimed and temporary files left in the export folder. */
    leftovers(): string[] {
      return existsSync(t.exportDir) ? readdirSync(t.exportDir).filter((f) => f.startsWith('.')) : [];
    },
    /** The outbox's files whose names start with the Web Conf #. */
    mails(orderNum: string): string[] {
      return existsSync(t.outboxDir)
        ? readdirSync(t.outboxDir)
            .filter((f) => f.startsWith(`${orderNum}.`))
            .sort()
        : [];
    },
  };
}
