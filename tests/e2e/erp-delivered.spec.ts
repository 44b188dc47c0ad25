import {
  expect,
  expectAccessible,
  openCustomerPage,
  saveScreen,
  signInAdmin,
  test,
  testNow,
} from './support';

interface Line {
  Code: string;
  Description: string;
  CaseQuantity: number;
  UnitQuantity: number;
}

test("a web order the ERP's file lists short before its delivery date: ordered and confirmed side by side, no delivery yet (design.md 7.12, issue 33)", async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  // The customer's newest web order on the first page of their history. The desk's run and the
  // phone's share the server and send the same file: the second finds it already applied.
  const list = await (await page.request.get('/api/v1/Orders/1001')).json();
  const chosen = list.Orders.slice(0, 15).find((o: { IsWebOrder: boolean }) => o.IsWebOrder);
  // Its delivery date has not come on the journeys' day (the demo's web orders are all ahead):
  // the file's lines are the distributor's confirmation, not a delivery (issue 33). The
  // delivered view itself is the component's and the API's tests' (the same view, other words).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(testNow());
  expect(chosen).toBeDefined();
  const order = await (await page.request.get(`/api/v1/Order/${chosen.Id}`)).json();
  const lines: Line[] = order.Products;
  const short = lines.find((l) => l.CaseQuantity >= 2) ?? lines[0]!;
  const date = `${order.DeliveryDate.slice(5, 7)}/${order.DeliveryDate.slice(8, 10)}/${order.DeliveryDate.slice(0, 4)}`;
  const row = (code: string, description: string, cases: number, units: number) =>
    [
      date,
      '1001',
      'Blue Heron Tavern',
      date,
      order.OrderNum,
      'Pat',
      '',
      'REG',
      code,
      description,
      '24',
      units,
      cases,
    ].join('\t');
  // Every line as ordered but one short by a case, and a product the customer did not order.
  const file = [
    ...lines.map((l) =>
      row(l.Code, l.Description, l.Code === short.Code ? l.CaseQuantity - 1 : l.CaseQuantity, l.UnitQuantity),
    ),
    row('E2E-ADDED', 'E2E Added Ginger Beer', 2, 0),
  ].join('\n');
  const res = await page.request.post('/api/OrderHistoryImport', {
    multipart: { file: { name: 'history.txt', mimeType: 'text/plain', buffer: Buffer.from(`${file}\n`) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const report = await res.json();
  expect(report).toMatchObject({ Lines: lines.length + 1, RejectedCount: 0 });
  expect([0, lines.length + 1]).toContain(report.Inserted);

  const customer = await openCustomerPage(browser);
  try {
    await customer.goto('/order/history');
    const listed = customer.getByTestId('order-row').filter({ hasText: order.OrderNum });
    await expect(listed).toBeVisible();
    expect(order.DeliveryDate > today).toBe(true);
    // Nothing is delivered differently before the delivery date.
    await expect(listed.getByTestId('order-differences')).toHaveCount(0);
    await saveScreen(customer, 'erp-delivered-history');
    await listed.getByRole('link', { name: `Detail of order ${order.OrderNum}` }).click();
    await expect(customer).toHaveURL(/\/order\/history\/detail\/\d+$/);

    await expect(customer.getByTestId('delivered')).toHaveCount(0);
    const delivered = customer.getByTestId('confirmed');
    await expect(delivered.getByRole('heading', { name: 'Products ordered and confirmed' })).toBeVisible();
    await expect(delivered.getByText('2 changes')).toBeVisible();
    const cases = short.CaseQuantity;
    await expect(
      delivered
        .getByTestId('delivered-row')
        .filter({ hasText: short.Code })
        .getByTestId('delivered-difference'),
    ).toHaveText(cases >= 2 ? `${cases - 1} of ${cases} cases: 1 short` : /short|not confirmed/);
    await expect(delivered.getByTestId('delivered-row').filter({ hasText: 'E2E-ADDED' })).toContainText(
      'added by the distributor',
    );
    // On a phone the comparison stacks: nothing scrolls sideways.
    const overflow = await customer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(customer);
    await saveScreen(customer, 'erp-delivered-detail');
  } finally {
    await customer.context().close();
  }
});
