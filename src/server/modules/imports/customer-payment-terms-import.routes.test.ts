import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { customers } from '../../db/schema.js';

/**
 * The customers file's payment terms (design.md 8.4): optional column 7, PAYMENT_TERMS, `COD`,
 * `EFT` or `NET{n}` in any case. A line that has the column sets them, a blank cell clears
 * them; a shorter line leaves them as they are. GET Customer carries `PaymentTerms`.
 */
describe('customers file: the payment terms column', () => {
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
  const terms = async (companyId: number) => {
    const [row] = await t.db
      .select({ terms: customers.paymentTerms })
      .from(customers)
      .where(eq(customers.companyId, companyId));
    return row?.terms;
  };
  const bar = ['8911', 'Terms Bar', '60601', '1', 'IL-1', '2027-06-30'];
  const shop = ['8912', 'Terms Shop', '60602', '3', '', ''];

  it('imports 7 columns in any case, and GET Customer and the list carry PaymentTerms', async () => {
    const res = await upload(lines([...bar, 'cod'], [...shop, 'Net 30']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Lines: 2, Inserted: 2, Rejected: [] });
    const [row] = await t.db.select().from(customers).where(eq(customers.companyId, 8911));
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${row!.id}`,
      headers: { cookie: admin },
    });
    expect(one.json()).toMatchObject({ CompanyId: 8911, PaymentTerms: 'COD' });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Customers', headers: { cookie: admin } })
    ).json() as { CompanyId: number; PaymentTerms: string | null }[];
    expect(list.find((c) => c.CompanyId === 8912)?.PaymentTerms).toBe('NET30');
  });

  it('a 6-column line leaves the terms; a blank cell clears them; the preview shows the change', async () => {
    const six = await upload(lines(bar));
    expect(six.json()).toMatchObject({ Unchanged: 1, Updated: 0 });
    expect(await terms(8911)).toBe('COD');

    const preview = await upload(lines([...bar, 'EFT']), '?dryRun=1');
    expect(preview.json().Changes).toEqual([
      {
        Line: 1,
        Key: 'Company Id 8911',
        Action: 'update',
        Fields: [{ Field: 'PaymentTerms', Before: 'COD', After: 'EFT' }],
      },
    ]);
    expect(await terms(8911)).toBe('COD');

    expect((await upload(lines([...shop, '']))).json()).toMatchObject({ Updated: 1 });
    expect(await terms(8912)).toBeNull();
  });

  it('refuses a line with other terms, with the reason, and applies the others', async () => {
    const res = await upload(lines([...bar, 'CASH'], [...shop, 'NET15']));
    expect(res.json()).toMatchObject({
      Updated: 1,
      Rejected: [
        {
          Line: 1,
          Message: "Payment Terms must be COD, EFT or NET followed by 1 to 365 days (NET30) (found 'CASH')",
        },
      ],
    });
    expect(await terms(8911)).toBe('COD');
    expect(await terms(8912)).toBe('NET15');
  });
});
