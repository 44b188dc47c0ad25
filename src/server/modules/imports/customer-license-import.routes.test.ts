import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { customers } from '../../db/schema.js';

/**
 * The customers file's license columns (design.md 8.2, decision 067): optional columns 5 and 6,
 * LICENSE_NUMBER and LICENSE_EXPIRES. A 4-column file imports as it always did and leaves a
 * license as it is; a line that has a column sets it, a blank cell clears it.
 */
describe('customers file: the liquor license columns', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const upload = (content: string, query = '') => {
    const body = multipartFile(content, { fileName: 'customers.txt' });
    return t.app.inject({
      method: 'POST',
      url: `/api/CustomerImport${query}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
  };
  const lines = (...rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\r\n')}\r\n`;
  const license = async (companyId: number) => {
    const [row] = await t.db
      .select({ number: customers.licenseNumber, expires: customers.licenseExpires })
      .from(customers)
      .where(eq(customers.companyId, companyId));
    return row;
  };
  const bar = ['8901', 'License Bar', '60601', '1'];
  const shop = ['8902', 'License Shop', '60602', '3'];

  it('imports 6 columns, and GET Customer carries the license, the expiry as YYYY-MM-DD', async () => {
    const res = await upload(lines([...bar, 'IL-1001-A', '06/30/2027'], [...shop, '', '']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Lines: 2, Inserted: 2, Updated: 0, Unchanged: 0, Rejected: [] });
    const [row] = await t.db.select().from(customers).where(eq(customers.companyId, 8901));
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${row!.id}`,
      headers: { cookie: admin },
    });
    expect(answer.json()).toMatchObject({
      CompanyId: 8901,
      LicenseNumber: 'IL-1001-A',
      LicenseExpires: '2027-06-30',
    });
    expect(await license(8902)).toEqual({ number: null, expires: null });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Customers', headers: { cookie: admin } })
    ).json() as { CompanyId: number; LicenseNumber: string | null; LicenseExpires: string | null }[];
    expect(list.find((c) => c.CompanyId === 8902)).toMatchObject({
      LicenseNumber: null,
      LicenseExpires: null,
    });
  });

  it('an old 4-column file imports exactly as before: same counts, and the license stays', async () => {
    const same = await upload(lines(bar, shop));
    expect(same.json()).toMatchObject({ Lines: 2, Inserted: 0, Updated: 0, Unchanged: 2, Rejected: [] });
    const renamed = await upload(lines(['8901', 'License Bar & Grill', '60601', '1']));
    expect(renamed.json()).toMatchObject({ Inserted: 0, Updated: 1, Unchanged: 0 });
    expect(await license(8901)).toEqual({ number: 'IL-1001-A', expires: '2027-06-30' });
    // Its preview lists the fields it always listed, nothing about a license.
    const preview = await upload(
      lines(['8901', 'License Bar', '60601', '1'], ['8903', 'New Bar', '60603', '1']),
      '?dryRun=1',
    );
    expect(preview.json().Changes).toEqual([
      {
        Line: 1,
        Key: 'Company Id 8901',
        Action: 'update',
        Fields: [{ Field: 'Name', Before: 'License Bar & Grill', After: 'License Bar' }],
      },
      {
        Line: 2,
        Key: 'Company Id 8903',
        Action: 'insert',
        Fields: [
          { Field: 'Name', Before: null, After: 'New Bar' },
          { Field: 'Zipcode', Before: null, After: 60603 },
          { Field: 'CustomerTypeId', Before: null, After: 1 },
        ],
      },
    ]);
  });

  it('5 columns change the number and keep the expiry; blank cells clear; the preview shows both', async () => {
    const preview = await upload(lines([...bar, 'IL-2002-B']), '?dryRun=1');
    expect(preview.json().Changes).toEqual([
      {
        Line: 1,
        Key: 'Company Id 8901',
        Action: 'update',
        Fields: [
          { Field: 'Name', Before: 'License Bar & Grill', After: 'License Bar' },
          { Field: 'LicenseNumber', Before: 'IL-1001-A', After: 'IL-2002-B' },
        ],
      },
    ]);
    expect(await license(8901)).toEqual({ number: 'IL-1001-A', expires: '2027-06-30' });

    expect((await upload(lines([...bar, 'IL-2002-B']))).json()).toMatchObject({ Updated: 1 });
    expect(await license(8901)).toEqual({ number: 'IL-2002-B', expires: '2027-06-30' });

    expect((await upload(lines([...bar, 'IL-2002-B', '2027-06-30']))).json()).toMatchObject({ Unchanged: 1 });
    expect((await upload(lines([...bar, 'IL-2002-B', '20280131']))).json()).toMatchObject({ Updated: 1 });
    expect(await license(8901)).toEqual({ number: 'IL-2002-B', expires: '2028-01-31' });

    expect((await upload(lines([...bar, '', '']))).json()).toMatchObject({ Updated: 1 });
    expect(await license(8901)).toEqual({ number: null, expires: null });
  });

  it('a bad date rejects its line with the reason; the other lines are applied', async () => {
    const res = await upload(lines([...bar, 'IL-3003', '31/12/2027'], [...shop, 'IL-4004', '12/31/2027']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Lines: 2,
      Updated: 1,
      RejectedCount: 1,
      Rejected: [
        {
          Line: 1,
          Message: "License Expires '31/12/2027' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
          Text: '8901\tLicense Bar\t60601\t1\tIL-3003\t31/12/2027',
        },
      ],
    });
    expect(await license(8901)).toEqual({ number: null, expires: null });
    expect(await license(8902)).toEqual({ number: 'IL-4004', expires: '2027-12-31' });
  });

  it('reads a header line naming LICENSE_NUMBER and LICENSE_EXPIRES, in its own order', async () => {
    const res = await upload(
      lines(
        ['LICENSE_EXPIRES', 'COMPANY_ID', 'CUSTOMER_NAME', 'ZIP_CODE', 'CUST_TYPE_ID', 'LICENSE_NUMBER'],
        ['2029-02-28', '8901', 'License Bar', '60601', '1', 'IL-5005'],
      ),
    );
    expect(res.json()).toMatchObject({ Lines: 1, Updated: 1, Rejected: [] });
    expect(await license(8901)).toEqual({ number: 'IL-5005', expires: '2029-02-28' });

    // A header without LICENSE_NUMBER leaves the number alone.
    const expiresOnly = await upload(
      lines(
        ['COMPANY_ID', 'CUSTOMER_NAME', 'ZIP_CODE', 'CUST_TYPE_ID', 'LICENSE_EXPIRES'],
        [...bar, '2029-03-31'],
      ),
    );
    expect(expiresOnly.json()).toMatchObject({ Updated: 1 });
    expect(await license(8901)).toEqual({ number: 'IL-5005', expires: '2029-03-31' });
  });
});
