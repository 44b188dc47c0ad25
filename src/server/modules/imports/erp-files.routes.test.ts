import { readFileSync } from 'node:fs';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { fixturePath } from '#support/import-fixtures/read-fixture.js';
import { multipartFile } from '#support/multipart.js';
import { customers, orderLines, orders, products } from '../../db/schema.js';

/**
 * Files written the way real ERPs write them (issue 43), each one a fixture under
 * import-fixtures/erp, imported as a distributor's staff would.
 */
describe('ERP files as real ERPs write them', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
    const res = await upload('/api/CustomerImport', fixture('customers-8001-8003.txt'));
    expect(res.json()).toMatchObject({ Inserted: 3, RejectedCount: 0 });
    expect((await upload('/api/ItemImport', fixture('items.txt'))).json()).toMatchObject({ Inserted: 3 });
    const links = await upload('/api/CustomerItemsImport', fixture('customer-items-8003.txt'));
    expect(links.json()).toMatchObject({ Inserted: 3 });
  });
  afterAll(async () => t.close());

  const upload = (url: string, content: string | Buffer, fileName = 'erp.txt') => {
    const body = multipartFile(content, { fileName });
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const fixture = (name: string) => readFileSync(fixturePath(`erp/${name}`));
  const orderOf = async (orderNum: string) => {
    const [row] = await t.db
      .select({ id: orders.id, companyId: customers.companyId })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.orderNum, orderNum));
    return row;
  };
  const linesOf = async (orderNum: string) => {
    const order = await orderOf(orderNum);
    if (!order) return [];
    const lines = await t.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.code));
    return lines.map((l) => [l.code, l.caseQuantity, l.unitQuantity]);
  };
  const messages = (report: { Rejected: { Line: number; Message: string }[] }) =>
    report.Rejected.map((r) => [r.Line, r.Message]);

  describe('one order number never crosses customers', () => {
    it('in one file: the line of the second customer is refused, naming both', async () => {
      const file = fixture('order-one-number-two-customers.txt');
      const preview = (await upload('/api/OrderHistoryImport?dryRun=1', file)).json();
      const expected = [
        [
          2,
          "Order DUP-1 is customer 8001's; this line names customer 8002, and an order number cannot belong to two customers",
        ],
      ];
      expect(messages(preview)).toEqual(expected);
      const report = (await upload('/api/OrderHistoryImport', file)).json();
      expect(report).toMatchObject({ Lines: 3, Inserted: 2, RejectedCount: 1 });
      expect(messages(report)).toEqual(expected);
      expect(await orderOf('DUP-1')).toMatchObject({ companyId: 8001 });
      expect(await linesOf('DUP-1')).toEqual([['FX-100', 3, 0]]);
      expect(await orderOf('OWN-2')).toMatchObject({ companyId: 8002 });
    });

    it('across files: a second file naming the order for another customer moves nothing', async () => {
      expect(
        (await upload('/api/OrderHistoryImport', fixture('order-dup-first-file.txt'))).json(),
      ).toMatchObject({ Inserted: 2 });
      const second = fixture('order-dup-second-file.txt');
      const expected = {
        Line: 1,
        Message:
          "Order DUP-2 is customer 8001's; this line names customer 8002, and an order number cannot belong to two customers",
      };
      const preview = await upload('/api/OrderHistoryImport?dryRun=1', second);
      // Every line refused: the whole file is.
      expect(preview.statusCode).toBe(422);
      expect(preview.json().Errors).toEqual([{ Field: 'Line 1', Message: expected.Message }]);
      const res = await upload(
        '/api/OrderHistoryImport',
        Buffer.concat([second, fixture('order-one-number-two-customers.txt')]),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().Rejected[0]).toMatchObject(expected);
      expect(await orderOf('DUP-2')).toMatchObject({ companyId: 8001 });
      expect(await linesOf('DUP-2')).toEqual([
        ['FX-100', 3, 0],
        ['FX-101', 2, 0],
      ]);
    });
  });

  describe('a header line is read, not skipped', () => {
    it('maps known names in another order: 5 cases stay 5 cases', async () => {
      const res = await upload(
        '/api/OrderHistoryImport',
        fixture('order-history-header-cases-before-units.txt'),
      );
      expect(res.json()).toMatchObject({ Lines: 1, Inserted: 1, RejectedCount: 0 });
      expect(await linesOf('HDR-1')).toEqual([['FX-100', 5, 0]]);
    });

    it('refuses a file whose header names an unknown column, or misses one, naming them', async () => {
      const unknown = await upload('/api/ItemImport', fixture('items-header-unknown-name.txt'));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().ErrorMessage).toMatch(
        /^The header line names a column this file does not have: 'Colour'; it has no column UNIT_UOM\. /,
      );
      const missing = await upload('/api/ItemImport', fixture('items-header-missing-name.txt'));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().ErrorMessage).toMatch(/^The header line has no column CASE_UOM\. /);
    });

    it('reads a first line that is not a header as data, and rejects it with its reason', async () => {
      const report = (await upload('/api/ItemImport', fixture('items-first-line-12pk.txt'))).json();
      expect(report).toMatchObject({ Lines: 3, Inserted: 2, RejectedCount: 1 });
      expect(messages(report)).toEqual([
        [1, "Units per case must be a whole number from 1 to 9999 (found '12PK')"],
      ]);
    });
  });

  it('a re-exported order replaces its lines, in the preview too, and the report counts those removed', async () => {
    expect(
      (await upload('/api/OrderHistoryImport', fixture('order-reexport-first.txt'))).json(),
    ).toMatchObject({
      Inserted: 3,
    });
    const second = fixture('order-reexport-second.txt');
    const note =
      'One line was removed from an order the file lists without it: an order in an order history file is the whole order';
    const preview = (await upload('/api/OrderHistoryImport?dryRun=1', second)).json();
    expect(preview).toMatchObject({ Unchanged: 2, Notes: [note] });
    expect(await linesOf('REX-1')).toHaveLength(3);
    const report = (await upload('/api/OrderHistoryImport', second)).json();
    expect(report).toMatchObject({ Lines: 2, Inserted: 0, Updated: 0, Unchanged: 2, Notes: [note] });
    expect(await linesOf('REX-1')).toEqual([
      ['FX-100', 4, 0],
      ['FX-101', 3, 0],
    ]);
    // Read again, the file changes nothing more.
    expect((await upload('/api/OrderHistoryImport', second)).json()).toMatchObject({
      Unchanged: 2,
      Notes: [],
    });
  });

  it('credits are stored as returns, shown as returns in the history, and never count in the guide', async () => {
    const customer = await signInCustomer(t.app, 8003, 60603);
    const guide = async () => {
      const [c] = await t.db.select().from(customers).where(eq(customers.companyId, 8003));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/Customer/${c!.id}/OrderGuide?date=2026-11-27`,
        headers: { cookie: customer },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(
      (await upload('/api/OrderHistoryImport', fixture('order-history-purchases.txt'))).json(),
    ).toMatchObject({ Inserted: 2 });
    const before = await guide();
    expect(before.Products.find((p: { Code: string }) => p.Code === 'FX-100').History).toMatchObject({
      '2026-11-16': 3,
      '2026-11-18': 4,
    });

    const report = (await upload('/api/OrderHistoryImport', fixture('order-history-credits.txt'))).json();
    expect(report).toMatchObject({ Lines: 5, Inserted: 4, RejectedCount: 1 });
    expect(messages(report)).toEqual([[5, 'Units and Cases must both be returns (negative) or both not']]);
    const returned = await t.db
      .select({ num: orders.orderNum, isReturn: orderLines.isReturn, cases: orderLines.caseQuantity })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.orderNum, ['BUY-1', 'CRED-1', 'NEG-1', 'NEG-2', 'NEG-3']))
      .orderBy(asc(orders.orderNum));
    expect(returned).toEqual([
      { num: 'BUY-1', isReturn: false, cases: 3 },
      { num: 'CRED-1', isReturn: true, cases: 5 },
      { num: 'NEG-1', isReturn: true, cases: 2 },
      { num: 'NEG-2', isReturn: true, cases: 2 },
      { num: 'NEG-3', isReturn: true, cases: 2 },
    ]);
    expect(await guide()).toEqual(before);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders/8003',
      headers: { cookie: customer },
    });
    const listed = history.json().Orders as { OrderNum: string; IsReturn: boolean; Id: number }[];
    expect(listed.find((o) => o.OrderNum === 'CRED-1')?.IsReturn).toBe(true);
    expect(listed.find((o) => o.OrderNum === 'BUY-1')?.IsReturn).toBe(false);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Order/${listed.find((o) => o.OrderNum === 'NEG-2')!.Id}`,
      headers: { cookie: customer },
    });
    expect(detail.json()).toMatchObject({
      IsReturn: true,
      Products: [{ Code: 'FX-101', Cases: 2, IsReturn: true }],
    });
  });

  it('decides the encoding for the file: a line cut in the middle of a character is rejected with its number', async () => {
    const report = (await upload('/api/ItemImport', fixture('items-utf8-cut-character.txt'))).json();
    expect(report).toMatchObject({ Lines: 3, Inserted: 2, RejectedCount: 1 });
    expect(messages(report)).toEqual([
      [
        2,
        'The line is not valid UTF-8, the encoding of the rest of the file (a character is cut, or the line was pasted from a file saved in another encoding)',
      ],
    ]);
    const stored = await t.db
      .select({ code: products.code, description: products.description })
      .from(products)
      .where(inArray(products.code, ['FX-300', 'FX-301', 'FX-302']))
      .orderBy(asc(products.code));
    expect(stored).toEqual([
      { code: 'FX-300', description: 'Jägermeister Café Olé' },
      { code: 'FX-302', description: 'Café Crème' },
    ]);
  });

  describe('the quieter faults', () => {
    it("strips a DOS export's Ctrl-Z at the end of the file", async () => {
      for (const name of ['items-dos-ctrl-z.txt', 'items-dos-ctrl-z-no-break.txt']) {
        const report = (await upload('/api/ItemImport', fixture(name))).json();
        expect(report, name).toMatchObject({ RejectedCount: 0 });
      }
      const stored = await t.db
        .select({ code: products.code, caseUom: products.caseUom })
        .from(products)
        .where(inArray(products.code, ['FX-500', 'FX-501', 'FX-502']))
        .orderBy(asc(products.code));
      expect(stored).toEqual([
        { code: 'FX-500', caseUom: 'CS' },
        { code: 'FX-501', caseUom: 'CS' },
        { code: 'FX-502', caseUom: 'CS' },
      ]);
    });

    it('lists the unknown item codes of a history file with their line numbers', async () => {
      const report = (
        await upload('/api/OrderHistoryImport', fixture('order-history-unknown-items.txt'))
      ).json();
      expect(report).toMatchObject({ Inserted: 5 });
      expect(report.Notes).toEqual([
        '3 lines name items this site does not know; they were kept with the item numbers and descriptions from the file: GONE-1 (lines 2, 5), GONE-2 (line 3)',
      ]);
    });

    it('says what a CR-only file and a UTF-16 file without a byte order mark are, and how to save them', async () => {
      const mac = await upload('/api/ItemImport', fixture('items-cr-only.txt'));
      expect(mac.statusCode).toBe(422);
      expect(mac.json().ErrorMessage).toMatch(
        /^The lines of the file end with a carriage return alone \(CR\)/,
      );
      const wide = await upload('/api/ItemImport', fixture('items-utf16le-no-bom.txt'));
      expect(wide.statusCode).toBe(422);
      expect(wide.json().ErrorMessage).toMatch(/^The file looks like UTF-16 text without a byte order mark/);
    });

    it('signs in a customer who gives the ZIP+4 the customers file had', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Authenticate',
        payload: { CompanyId: 8001, Zipcode: '60601-1234' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('reports that never contradict themselves (issue 33)', () => {
    it('never calls a refused line applied: a repeated line the import refused has no note', async () => {
      const report = (
        await upload('/api/OrderHistoryImport', fixture('order-repeated-line-refused.txt'))
      ).json();
      expect(messages(report)).toEqual([
        [
          2,
          "Order DUP-3 is customer 8001's; this line names customer 8002, and an order number cannot belong to two customers",
        ],
      ]);
      // The repeat whose lines were both taken is still noted; the one whose later line was refused is not.
      expect(report.Notes.filter((n: string) => / is also on line /.test(n))).toEqual([
        'Line 4: Order DUP-4 item FX-101 is also on line 3; line 4 is applied',
      ]);
      expect(await linesOf('DUP-3')).toEqual([['FX-100', 3, 0]]);
    });

    it('says in a preview that applying will create an unknown customer type, not that it was created', async () => {
      const file = fixture('customers-unknown-type.txt');
      const preview = (await upload('/api/CustomerImport?dryRun=1', file)).json();
      expect(preview.Notes).toEqual([
        "Customer type 77 does not exist: applying this file will create it as 'Customer Type 77' with a lead time of 24 hours and a cutoff of 16:00. Give it its name and rules under Customer Types afterwards.",
      ]);
      const applied = (await upload('/api/CustomerImport', file)).json();
      expect(applied.Notes).toEqual([
        "Customer type 77 did not exist: it was created as 'Customer Type 77' with a lead time of 24 hours and a cutoff of 16:00. Give it its name and rules under Customer Types.",
      ]);
    });
  });
});
