import type { APIRequestContext, Page } from '@playwright/test';
import {
  demo,
  expect,
  expectAccessible,
  installTestClock,
  isPhone,
  openCustomerPage,
  settleOnLive,
  signInAdmin,
  signInCustomer,
  test,
  testNow,
} from './support';

/** Issue 17: what an acceptance audit found, seen in the browser. */

async function uploadFile(request: APIRequestContext, url: string, text: string) {
  const res = await request.post(url, {
    multipart: { file: { name: 'import.txt', mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function customerId(page: Page, companyId: number): Promise<number> {
  const customers = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  return customers.find((c) => c.CompanyId === companyId)!.Id;
}

type SheetRow = { Code: string; Description: string; IsOffered: boolean; Products: Record<string, number> };

test('the worksheet marks a product whose link ended and offers it no Cases box (item 3)', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const id = await customerId(page, 1009);
  const sheetOf = async () =>
    ((await (await page.request.get(`/api/v1/Order/${id}/Worksheet/`)).json()) as { Orders: SheetRow[] })
      .Orders;
  // The link of a product with past cases ends before today, as the audit's did (09/02/2026);
  // the other project's run may have ended one already.
  let ended = (await sheetOf()).find((r) => !r.IsOffered);
  if (!ended) {
    const row = (await sheetOf()).find((r) => Object.keys(r.Products).length > 0)!;
    await uploadFile(page.request, '/api/CustomerItemsImport', `1009\t${row.Code}\t\t09/02/2026\t1\n`);
    ended = (await sheetOf()).find((r) => r.Code === row.Code)!;
  }
  expect(ended.IsOffered).toBe(false);

  const customer = await openCustomerPage(browser, '1009', '60610');
  try {
    await customer.goto(`/worksheet/${id}/Old%20Town%20Saloon`);
    const row = customer.getByTestId(`worksheet-row-${ended.Code}`);
    await expect(row).toContainText('No longer offered');
    await expect(row.getByRole('textbox')).toHaveCount(0);
    // The products the customer may order keep their Cases box.
    await expect(customer.getByRole('textbox', { name: /^Cases of / }).first()).toBeVisible();
    await expectAccessible(customer);
  } finally {
    await customer.context().close();
  }
});

test('the top bar clock reads business time with its zone in a browser set to Tokyo (item 4)', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  try {
    await installTestClock(context);
    const page = settleOnLive(await context.newPage());
    await signInCustomer(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');

    // Ten seconds past a whole minute, so the 5-second refresh stays inside that minute.
    const at = new Date(Math.ceil((testNow().getTime() + 60_000) / 60_000) * 60_000 + 10_000);
    await page.clock.pauseAt(at);
    await page.clock.runFor(6_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h12',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const minute = `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}`;
    const clock = page.getByRole('banner').locator('time');
    await expect(clock).toHaveText(
      new RegExp(`^${minute.replaceAll('/', '\\/')}:1[0-6] ${parts.dayPeriod!.toUpperCase()} CT$`),
    );
    // Time runs again (axe and the transitions it waits for need it).
    await page.clock.resume();
    await expect(page.getByLabel('Loading messages')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});

test('a customer number below 1000 shows as 0099 in the top bar and the customers list (item 5)', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  await uploadFile(page.request, '/api/CustomerImport', '0099\tAudit Low Number Bar\t60601\t1\n');
  try {
    const customer = await openCustomerPage(browser, '0099', demo.customer.zip);
    try {
      await expect(customer.getByTestId('customer-identity')).toHaveText('0099Audit Low Number Bar');
    } finally {
      await customer.context().close();
    }

    await page.goto('/maint/customers?CompanyId=0099');
    await expect(page.getByText('Audit Low Number Bar')).toBeVisible();
    if (!isPhone(page)) {
      const row = page.getByRole('row', { name: /Audit Low Number Bar/ });
      await expect(row.getByRole('cell').first()).toHaveText('0099');
    } else {
      await expect(page.getByText('0099', { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'View customer 0099' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    // The journeys share one database: customer 0099 would sort first in the staff lists that
    // other journeys read (maint-lists expects the demo's 1001 there).
    const list = (await (await page.request.get('/api/v1/Customers')).json()) as {
      Id: number;
      CompanyId: number;
    }[];
    const added = list.find((c) => c.CompanyId === 99);
    if (added) expect((await page.request.delete(`/api/v1/Customer/${added.Id}`)).status()).toBe(204);
  }
});
