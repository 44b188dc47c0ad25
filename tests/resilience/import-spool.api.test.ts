import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { multipartFrame } from '#support/multipart.js';

/**
 * Uploads that have not finished arriving never hold the database (issue 15, item 6): on
 * PGlite an upload sending slowly held the one connection and every customer waited; on
 * PostgreSQL 10 stalled uploads took the whole pool. The file is now received into
 * DATA_DIR/spool first. Twelve uploads stopped halfway, then a customer and /healthz.
 */
const UPLOADS = 12;

describe('uploads in progress do not hold the database', () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-spool-'));
    t = await createTestApp({ config: { dataDir: dir } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const spoolFiles = () => {
    const spool = path.join(dir, 'spool');
    return existsSync(spool) ? readdirSync(spool) : [];
  };

  it(`answers customers and /healthz while ${UPLOADS} uploads wait halfway, then imports each`, async () => {
    const admin = await signInAdmin(t.app);
    const customer = await signInCustomer(t.app);
    const uploads = Array.from({ length: UPLOADS }, (_, u) => {
      const lines = Array.from(
        { length: 300 },
        (_, i) => `SP${u}-${i}\tSpool item ${i}\t12\t2\tY\tBTL\tCS\n`,
      ).join('');
      const boundary = `----bevspool${u}`;
      const { head, tail } = multipartFrame(boundary, { fileName: 'items.txt' });
      const body = Buffer.concat([head, Buffer.from(lines), tail]);
      let finish!: () => void;
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/ItemImport',
            headers: {
              cookie: admin,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': body.length,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          },
        );
        req.on('error', reject);
        const half = Math.floor(body.length / 2);
        req.write(body.subarray(0, half));
        finish = () => req.end(body.subarray(half));
      });
      return { answer, finish: () => finish() };
    });
    try {
      // Every upload has begun arriving on the server.
      await vi.waitFor(() => expect(spoolFiles()).toHaveLength(UPLOADS), { timeout: 15_000 });
      const [orders, health] = await Promise.all([
        fetch(`${base}/api/v1/Orders/1001`, { headers: { cookie: customer } }),
        fetch(`${base}/healthz`),
      ]);
      expect(orders.status).toBe(200);
      expect(health.status).toBe(200);
    } finally {
      for (const u of uploads) u.finish();
    }
    const answers = await Promise.all(uploads.map((u) => u.answer));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.text)).toMatchObject({ Lines: 300, Inserted: 300 });
    }
    expect(spoolFiles()).toEqual([]);
  });
});
