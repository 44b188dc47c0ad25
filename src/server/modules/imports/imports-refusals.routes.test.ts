import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { fixturePath } from '#support/import-fixtures/read-fixture.js';
import { multipartFile } from '#support/multipart.js';
import { MAX_REPORTED_REJECTIONS } from '../../../domain/imports.schema.js';
import { customers, products } from '../../db/schema.js';
import { BATCH_ROWS } from './import-runner.js';

const itemLines = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `RF-${from + i}\tRefusal test item ${from + i}\t12\t2\tY\tBTL\tCS\n`,
  ).join('');

describe('files the imports refuse', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const post = (content: string | Buffer, opts: { cookie?: string; field?: string; url?: string } = {}) => {
    const body = multipartFile(content, { field: opts.field });
    return t.app.inject({
      method: 'POST',
      url: opts.url ?? '/api/ItemImport',
      payload: body.payload,
      headers: { ...body.headers, ...(opts.cookie === '' ? {} : { cookie: opts.cookie ?? cookie }) },
    });
  };
  const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

  it('401 for nobody and 403 for a customer, on every import', async () => {
    const customer = await signInCustomer(t.app);
    const before = await productCount();
    for (const url of [
      '/api/ItemImport',
      '/api/CustomerImport',
      '/api/CustomerItemsImport',
      '/api/OrderHistoryImport',
      '/api/AvailabilityImport',
      '/api/PriceImport',
    ]) {
      expect((await post(itemLines(1), { url, cookie: '' })).statusCode).toBe(401);
      expect((await post(itemLines(1), { url, cookie: customer })).statusCode).toBe(403);
    }
    expect(await productCount()).toBe(before);
  });

  it('422 for an option the import does not know, or a dryRun other than 1, and applies nothing (issue 17)', async () => {
    const customerCount = async () => (await t.db.select({ n: count() }).from(customers))[0]!.n;
    const before = { products: await productCount(), customers: await customerCount() };
    const customersFile = '8890\tOption Test Bar\t60601\t1\n';
    const unknown = (name: string) => ({
      ErrorMessage: `Unknown option '${name}': this import takes only dryRun, so nothing was applied`,
      Errors: [{ Field: name, Message: 'is not an option of this import' }],
    });
    const badValue = {
      ErrorMessage: 'The option dryRun takes only the value 1 (a preview), so nothing was applied',
      Errors: [{ Field: 'dryRun', Message: 'must be 1' }],
    };
    for (const [url, file, answer] of [
      ['/api/CustomerImport?dryrun=1', customersFile, unknown('dryrun')],
      ['/api/ItemImport?foo=1', itemLines(3), unknown('foo')],
      ['/api/CustomerItemsImport?dryRun=true', '8890\tRF-0\t\t\t1\n', badValue],
      ['/api/CustomerImport?dryRun=yes', customersFile, badValue],
      ['/api/ItemImport?dryRun=0', itemLines(3), badValue],
      ['/api/ItemImport?dryRun=1&dryRun=1', itemLines(3), badValue],
      [
        '/api/OrderHistoryImport?dryRun',
        '11/02/2026\t1001\tBar\t11/04/2026\tH-OPT\tPat\t\tREG\tRF-0\tx\t12\t0\t1\n',
        badValue,
      ],
    ] as const) {
      const res = await post(file, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual(answer);
    }
    const two = await post(customersFile, { url: '/api/CustomerImport?force=1&dryRun=1' });
    expect(two.statusCode).toBe(422);
    expect(two.json().ErrorMessage).toBe(
      "Unknown option 'force': this import takes only dryRun, so nothing was applied",
    );
    // The guard still comes first: nobody learns about the options.
    expect((await post(customersFile, { url: '/api/CustomerImport?dryRun=2', cookie: '' })).statusCode).toBe(
      401,
    );
    expect({ products: await productCount(), customers: await customerCount() }).toEqual(before);
    // dryRun=1 previews the file and applies nothing either; without an option it is applied.
    const preview = await post(customersFile, { url: '/api/CustomerImport?dryRun=1' });
    expect(preview.json()).toMatchObject({ DryRun: true, Inserted: 1 });
    expect(await customerCount()).toBe(before.customers);
    expect((await post(customersFile, { url: '/api/CustomerImport' })).json()).toMatchObject({ Inserted: 1 });
    expect(await customerCount()).toBe(before.customers + 1);
  });

  it('422 for a binary file, an empty file, a header alone, and a file whose every line is wrong', async () => {
    const before = await productCount();
    const binary = await post(readFileSync(fixturePath('binary.bin')));
    expect(binary.statusCode).toBe(422);
    expect(binary.json().ErrorMessage).toBe(
      'The file is not a tab-separated text file (it contains binary data)',
    );
    for (const empty of ['', '\r\n\n  \n']) {
      expect((await post(empty)).json()).toEqual({ ErrorMessage: 'The file has no lines to import' });
    }
    const headerOnly = await post('Code\tDescription\tUnits\tType\tCase Only\tUnit UOM\tCase UOM\n');
    expect(headerOnly.statusCode).toBe(422);
    const csv = await post('A-1,Apple,12,1,Y,EA,CS\nA-2,Pear,6,1,Y,EA,CS\n');
    expect(csv.statusCode).toBe(422);
    expect(csv.json().ErrorMessage).toMatch(
      /^No line of the file could be imported; the first problem is on line 1: The line has 1 column/,
    );
    expect(csv.json().Errors.map((e: { Field: string }) => e.Field)).toEqual(['Line 1', 'Line 2']);
    expect(await productCount()).toBe(before);
  });

  it('rolls back the batches already written when binary data turns up later in the file', async () => {
    const before = await productCount();
    const content = Buffer.concat([
      Buffer.from(itemLines(BATCH_ROWS[t.database.kind] + 100)),
      Buffer.from([0x00, 0x01, 0x0a]),
    ]);
    const res = await post(content);
    expect(res.statusCode).toBe(422);
    expect(await productCount()).toBe(before);
  });

  it('lists the first rejected lines only, and counts them all', async () => {
    const bad = Array.from(
      { length: MAX_REPORTED_REJECTIONS + 500 },
      (_, i) => `BAD-${i}\tNo units\t\t1\tY\t\t\n`,
    );
    const res = await post(`${bad.join('')}${itemLines(1, 900_000)}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      Lines: MAX_REPORTED_REJECTIONS + 501,
      Inserted: 1,
      RejectedCount: MAX_REPORTED_REJECTIONS + 500,
    });
    expect(report.Rejected).toHaveLength(MAX_REPORTED_REJECTIONS);
    expect(report.Rejected[0]).toEqual({
      Line: 1,
      Message: 'Units per case is required',
      Text: 'BAD-0\tNo units\t\t1\tY\t\t',
    });
    expect(report.Rejected.at(-1).Line).toBe(MAX_REPORTED_REJECTIONS);
  });

  it('400 for a file in another field, 415 for a body that is not multipart', async () => {
    const wrongField = await post(itemLines(1), { field: 'upload' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().ErrorMessage).toBe("The file must be sent in a field named 'file'");
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/ItemImport',
      payload: { file: 'x' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps multipart to the import routes', async () => {
    const body = multipartFile('x');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Footer',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('the upload limit', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploadLimitBytes: 1000 } });
    cookie = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const post = (content: string) => {
    const body = multipartFile(content);
    return t.app.inject({
      method: 'POST',
      url: '/api/ItemImport',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;

  it('answers 413 and applies nothing, whether the file is cut off while streaming or refused up front', async () => {
    const before = await productCount();
    const small = itemLines(5);
    expect(small.length).toBeLessThan(1000);
    const streamed = await post(itemLines(40)); // about 1.5 kB: read until the limit, then refused
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({
      ErrorMessage: 'The file is larger than the upload limit of 1000 bytes',
    });
    const upFront = await post(itemLines(1000)); // about 40 kB: refused on its Content-Length
    expect(upFront.statusCode).toBe(413);
    expect(await productCount()).toBe(before);
    expect((await post(small)).json()).toMatchObject({ Inserted: 5 });
  });
});
