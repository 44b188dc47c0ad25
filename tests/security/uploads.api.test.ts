import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { count, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { ApiErrorSchema } from '../../src/domain/auth.schema.js';
import {
  customerProducts,
  customers,
  customerTypes,
  orderLines,
  orders,
  products,
} from '../../src/server/db/schema.js';

/**
 * Hostile uploads on each of the six imports: a clear 4xx in the error shape, and no row
 * changed anywhere. `imports-refusals.routes.test.ts` covers the rest on the items import
 * (nobody/customer, a header alone, a CSV, binary data late in the file, the 413 on
 * Content-Length, the wrong field name, a JSON body, multipart on other routes).
 * The file name decides nothing (decision: the content does, docs/security.md), and never
 * reaches a path: imports stream into the database and write no file.
 */

const urls = [
  '/api/ItemImport',
  '/api/CustomerImport',
  '/api/CustomerItemsImport',
  '/api/OrderHistoryImport',
  '/api/AvailabilityImport',
  '/api/PriceImport',
] as const;
type Url = (typeof urls)[number];

/** One line per kind that would be applied, so that a refusal is the file's fault, not the line's. */
function validLines(productCode: string): Record<Url, string> {
  return {
    '/api/ItemImport': 'UP-900\tUpload test item\t12\t2\tY\tBTL\tCS\n',
    '/api/CustomerImport': '9901\tUpload Test Bar\t60601\t1\n',
    '/api/CustomerItemsImport': `1001\t${productCode}\t01/15/2025\t12/31/2099\t1\n`,
    '/api/OrderHistoryImport':
      '01/06/2025\t1001\tBar\t01/08/2025\tUP-7000\tPat\t\tREG\tUP-1\tCider\t6\t0\t1\n',
    '/api/AvailabilityImport': `${productCode}\t5\tIN\n`,
    '/api/PriceImport': `T1\t${productCode}\t24.99\t\t\t1\t12/01/2026\t12/31/2026\n`,
  };
}
let kinds: Record<Url, string>;

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  Buffer.from('IHDR\tthen\ttabs\n'),
]);

/** About 3 MB of gzip that expands to 3 GB of zeros: 48 gzip members of 64 MB each, concatenated. */
function gzipBomb(): Buffer {
  const member = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: 48 }, () => member));
}

/** A multipart body with any parts, as a browser or a script would frame it. */
function multipartParts(parts: { field: string; fileName?: string; content: string | Buffer }[]) {
  const boundary = `----bevparts${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"` +
        (p.fileName === undefined ? '' : `; filename="${p.fileName}"\r\nContent-Type: text/plain`) +
        '\r\n\r\n',
    ),
    Buffer.from(p.content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function expectClear4xx(res: LightMyRequestResponse, status: number | number[], what: string) {
  expect([status].flat(), `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  expect(ApiErrorSchema.safeParse(res.json()).success, what).toBe(true);
  expect(res.json().ErrorMessage.length, what).toBeGreaterThan(10);
}

/** The files under a folder, relative, so that a stray write shows as a new name. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}

describe('hostile uploads on every import', () => {
  let t: TestApp;
  let small: TestApp;
  let cookie: string;
  let smallCookie: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-uploads-'));

  beforeAll(async () => {
    // One after the other: started together on a busy machine, a plugin can miss Fastify's start timeout.
    t = await createTestApp({ config: { dataDir } });
    small = await createTestApp({ config: { uploadLimitBytes: 2000 } });
    [cookie, smallCookie] = await Promise.all([signInAdmin(t.app), signInAdmin(small.app)]);
    // A product no customer-items line links to customer 1001 yet, so the line would insert.
    const linked = t.db.select({ id: customerProducts.productId }).from(customerProducts);
    const [free] = await t.db
      .select({ code: products.code })
      .from(products)
      .where(notInArray(products.id, linked))
      .limit(1);
    kinds = validLines(free!.code);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), small?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (app: TestApp, url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
    app.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie: app === small ? smallCookie : cookie },
    });

  async function rowCounts(db: TestApp['db']) {
    const tables = { products, customers, customerProducts, orders, orderLines, customerTypes };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [
        name,
        (await db.select({ n: count() }).from(table))[0]!.n,
      ]),
    );
    return Object.fromEntries(entries);
  }

  /** Runs the requests and checks that no table changed. */
  async function unchanged(app: TestApp, work: () => Promise<void>) {
    const before = await rowCounts(app.db);
    await work();
    expect(await rowCounts(app.db)).toEqual(before);
  }

  it.each(urls)('%s: 413 past the upload limit, whether streamed or announced', async (url) => {
    await unchanged(small, async () => {
      const streamed = await upload(small, url, multipartFile(kinds[url].repeat(200)));
      expectClear4xx(streamed, 413, 'streamed');
      expect(streamed.json().ErrorMessage).toMatch(/larger than the upload limit/);
      const announced = await upload(small, url, multipartFile(kinds[url].repeat(2000)));
      expectClear4xx(announced, 413, 'announced');
    });
  });

  it.each(urls)('%s: 422 for a PNG, random bytes, a gzip-compressed file and an empty file', async (url) => {
    await unchanged(t, async () => {
      for (const [what, content] of [
        ['png', png],
        ['random', randomBytes(4096)],
        ['gzip', gzipSync(Buffer.from(kinds[url].repeat(50)))],
        ['empty', Buffer.alloc(0)],
      ] as const) {
        expectClear4xx(await upload(t, url, multipartFile(content, { fileName: `x.${what}` })), 422, what);
      }
    });
  });

  it('never expands a gzip bomb: as a file it is binary (422), as a gzip request body it is refused', async () => {
    const bomb = gzipBomb();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    await unchanged(t, async () => {
      const asFile = await upload(
        t,
        '/api/OrderHistoryImport',
        multipartFile(bomb, { fileName: 'history.tsv.gz' }),
      );
      expectClear4xx(asFile, 422, 'bomb as a file');
      expect(asFile.json().ErrorMessage).toMatch(/binary/);
      // The whole multipart body gzip-compressed, announced with Content-Encoding: the server
      // does not decompress request bodies, so it sees bytes that are not multipart.
      const body = multipartFile(Buffer.from(kinds['/api/OrderHistoryImport'].repeat(1000)));
      const encoded = await t.app.inject({
        method: 'POST',
        url: '/api/OrderHistoryImport',
        payload: Buffer.concat([gzipSync(body.payload), bomb]),
        headers: { ...body.headers, 'content-encoding': 'gzip', cookie },
      });
      expectClear4xx(encoded, 415, 'gzip request body');
    });
    // Expanded, the bomb would take 3 GB; streamed as bytes it costs about its own size.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(1024 * 1024 * 1024);
  });

  it('lets the content decide, not the file name: TSV named .exe or .png is imported, its name kept as a base name', async () => {
    const res = await upload(
      t,
      '/api/ItemImport',
      multipartFile(kinds['/api/ItemImport'], { fileName: 'items.exe' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ FileName: 'items.exe', Inserted: 1 });
    const png = await upload(
      t,
      '/api/CustomerImport',
      multipartFile(kinds['/api/CustomerImport'], { fileName: 'photo.png' }),
    );
    expect(png.json()).toMatchObject({ FileName: 'photo.png', Inserted: 1 });
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['/etc/passwd', 'passwd'],
    ['..\\..\\Windows\\win.ini', 'win.ini'],
    ['C:\\Users\\clerk\\items.txt', 'items.txt'],
  ])(
    'a file name %s never reaches a path: the report says %s and nothing is written',
    async (fileName, base) => {
      const passwd = statSync('/etc/passwd').mtimeMs;
      const filesBefore = filesUnder(dataDir);
      const res = await upload(t, '/api/ItemImport', multipartFile(kinds['/api/ItemImport'], { fileName }));
      expect(res.statusCode).toBe(200);
      expect(res.json().FileName).toBe(base);
      expect(filesUnder(dataDir)).toEqual(filesBefore);
      expect(statSync('/etc/passwd').mtimeMs).toBe(passwd);
    },
  );

  it.each(urls)('%s: 4xx for two files in one request, and for a request with no file part', async (url) => {
    await unchanged(t, async () => {
      const two = multipartParts([
        { field: 'file', fileName: 'a.txt', content: kinds[url] },
        { field: 'file', fileName: 'b.txt', content: kinds[url] },
      ]);
      expectClear4xx(await upload(t, url, two), [400, 413, 422], 'two files');
      const noFile = multipartParts([{ field: 'note', content: 'no file here' }]);
      const res = await upload(t, url, noFile);
      expectClear4xx(res, 400, 'no file');
      expect(res.json().ErrorMessage).toMatch(/No file was sent/);
      const nothing = multipartParts([]);
      expectClear4xx(await upload(t, url, nothing), 400, 'no part at all');
    });
  });

  it.each(urls)(
    '%s: 400 for a multipart body cut short, without its boundary, or not multipart at all',
    async (url) => {
      await unchanged(t, async () => {
        const whole = multipartFile(kinds[url].repeat(20));
        for (const [what, payload] of [
          ['cut short', whole.payload.subarray(0, whole.payload.length - 20)],
          ['no closing boundary', whole.payload.subarray(0, whole.payload.length - 8)],
          ['garbage', Buffer.from('this is not multipart at all\r\n')],
        ] as const) {
          const res = await upload(t, url, { payload: Buffer.from(payload), headers: whole.headers });
          expectClear4xx(res, 400, what);
        }
      });
    },
  );
});
