import type { Page } from '@playwright/test';
import {
  addDays,
  deliveryDate,
  earliestDeliveryDate,
  expect,
  expectAccessible,
  mdyFrom,
  openCustomerPage,
  pickDeliveryDate,
  saveScreen,
  signInAdmin,
  signInCustomer,
  test,
  testNow,
  weekday,
} from './support';

/*
 * Liquor licences (design.md 8.2, decision 067) on phone and desktop. The demo data dates the
 * licences from the server's today (the journeys' Wednesday 11/25/2026 unless E2E_NOW moves it):
 * 3002's last valid day is 12 days on and 7003's was 9 days ago, so every date below is counted
 * from the server's clock, never from the machine's. No other journey signs in as either. Both
 * projects share one server: what a run changes it puts back (3002's licence), and a staff order
 * for 7003 on a date that already has one only gets the form's note.
 */
const SOON = {
  number: '3002',
  zip: '60613',
  name: 'Wrigleyville Wine & Spirits',
  type: 3,
  license: 'IL-PKG-301164',
};
const EXPIRED = { number: '7003', zip: '60611', name: 'Magnificent Mile Suites', license: 'IL-1H-700385' };
const REASON = 'Renewal faxed to the office on Monday, copy on file';

/** The server's business date ('YYYY-MM-DD' in Chicago), on the journeys' clock. */
const businessToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(testNow());
const soonExpires = () => addDays(businessToday(), 12);
const expiredOn = () => addDays(businessToday(), -9);
/** Design.md 8.2's refusal, with the licence's last day. */
const refusal = (expires: string) =>
  `Your liquor license expired on ${mdyFrom(expires)}: please send the renewal to your distributor`;

async function customerId(page: Page, companyId: string): Promise<number> {
  const customers = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  return customers.find((c) => c.CompanyId === Number(companyId))!.Id;
}

/** The signed-in customer's web orders, by number: what an order placed would add to. */
async function webOrders(page: Page, companyId: string): Promise<string[]> {
  const list = (await (await page.request.get(`/api/v1/Orders/${companyId}`)).json()) as {
    Orders: { OrderNum: string }[];
  };
  return list.Orders.map((o) => o.OrderNum).filter((n) => n.startsWith('W'));
}

/** 3002's line of the customers file with its licence's last day, as the ERP sends it (staff's import). */
async function importSoonLicense(admin: Page, expires: string) {
  const line = [SOON.number, SOON.name, SOON.zip, String(SOON.type), SOON.license, mdyFrom(expires)];
  const res = await admin.request.post('/api/CustomerImport', {
    multipart: {
      file: { name: 'customers.txt', mimeType: 'text/plain', buffer: Buffer.from(`${line.join('\t')}\r\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).Rejected).toEqual([]);
}

/** A day on or after `from` that is delivered to (not a Sunday), moving by `step` days. */
const deliveryDay = (from: string, step: 1 | -1) => {
  let day = from;
  while (weekday(day) === 0) day = addDays(day, step);
  return day;
};

test('staff see the licences to renew on the dashboard, and each opens the customer with its licence', async ({
  page,
}) => {
  await signInAdmin(page);
  const list = page.getByRole('list', { name: 'Liquor licenses expiring' });
  const expired = list.getByRole('listitem').filter({ hasText: EXPIRED.name });
  const soon = list.getByRole('listitem').filter({ hasText: SOON.name });
  await expect(expired).toContainText(`${EXPIRED.number} · License ${EXPIRED.license}`);
  await expect(expired).toContainText(`Expired on ${mdyFrom(expiredOn())}`);
  await expect(expired.getByText('Expired', { exact: true })).toBeVisible();
  await expect(soon).toContainText(`${SOON.number} · License ${SOON.license}`);
  await expect(soon).toContainText(`Expires ${mdyFrom(soonExpires())}, in 12 days`);
  await expect(soon.getByText('Expired', { exact: true })).toHaveCount(0);
  // The expired first: their orders are refused until the renewal comes.
  const names = await list.getByRole('link').allTextContents();
  expect(names.indexOf(EXPIRED.name)).toBeLessThan(names.indexOf(SOON.name));
  // Nothing wider than the screen (a phone scrolls down, never sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await list.scrollIntoViewIfNeeded();
  await saveScreen(page, 'licenses-dashboard');

  await soon.getByRole('link', { name: SOON.name }).click();
  await expect(page).toHaveURL(new RegExp(`/maint/customer/edit/${await customerId(page, SOON.number)}$`));
  await expect(page.getByRole('textbox', { name: 'License Number' })).toHaveValue(SOON.license);
  const expires = page.getByRole('textbox', { name: 'License Expires' });
  await expect(expires).toHaveValue(mdyFrom(soonExpires()));
  await expect(page.getByText(`Expires ${mdyFrom(soonExpires())}, in 12 days`)).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'licenses-customer-soon');

  await page.goBack();
  await expired.getByRole('link', { name: EXPIRED.name }).click();
  await expect(page).toHaveURL(new RegExp(`/maint/customer/edit/${await customerId(page, EXPIRED.number)}$`));
  await expect(page.getByRole('textbox', { name: 'License Number' })).toHaveValue(EXPIRED.license);
  await expect(expires).toHaveValue(mdyFrom(expiredOn()));
  await expect(page.getByText(`Expired on ${mdyFrom(expiredOn())}`)).toBeVisible();
  await expectAccessible(page);
});

test('a customer whose licence has expired reads why under the date, and nothing is placed', async ({
  page,
}) => {
  await signInCustomer(page, EXPIRED.number, EXPIRED.zip);
  const before = await webOrders(page, EXPIRED.number);
  await page.goto('/order/form/0');
  await pickDeliveryDate(page, await earliestDeliveryDate(page));
  await page.getByLabel('Name').fill('Morgan Suites');
  await page.getByLabel('Phone').fill('3125550188');
  await page.getByLabel('Email').fill('morgan@suites.example.com');
  await page.getByRole('textbox', { name: /^Reference PO/ }).fill('PO-7003-LIC');

  const message = page.getByText(refusal(expiredOn()));
  await expect(message).toBeVisible();
  await expect(deliveryDate(page)).toHaveAccessibleDescription(new RegExp(refusal(expiredOn())));
  // Step 1 waits: the order cannot go on to the products.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByText('Fill in the fields above to continue.')).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'licenses-customer-refused');
  expect(await webOrders(page, EXPIRED.number)).toEqual(before);
});

test('the last valid day is fine, the day after is not, and the server refuses a licence that ended meanwhile', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const customer = await openCustomerPage(browser, SOON.number, SOON.zip);
  try {
    const before = await webOrders(customer, SOON.number);
    await customer.goto('/order/form/0');
    await customer.getByLabel('Name').fill('Robin Wrigley');
    await customer.getByLabel('Phone').fill('3125550144');
    await customer.getByLabel('Email').fill('robin@wrigleyville.example.com');

    // The delivery date is what counts: the licence's last day is a delivery day, the next is not.
    const lastDay = deliveryDay(soonExpires(), -1);
    await pickDeliveryDate(customer, deliveryDay(addDays(soonExpires(), 1), 1));
    await expect(customer.getByText(refusal(soonExpires()))).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await pickDeliveryDate(customer, lastDay);
    await expect(customer.getByText(refusal(soonExpires()))).toHaveCount(0);
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer
      .getByRole('textbox', { name: /^Cases of / })
      .first()
      .fill('2');
    await customer.getByRole('button', { name: 'Continue' }).click();
    await expect(customer.getByTestId('preview-delivery-date')).toHaveText(mdyFrom(lastDay));

    // The ERP's file says the licence ended yesterday while the customer was on the preview.
    const yesterday = addDays(businessToday(), -1);
    await importSoonLicense(page, yesterday);
    await customer.getByRole('button', { name: 'Submit' }).click();
    const error = customer.getByRole('dialog', { name: 'Order Error' });
    await expect(error).toContainText(refusal(yesterday));
    await expectAccessible(customer);
    await saveScreen(customer, 'licenses-server-refused', { fullPage: false });
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(error).toBeHidden();
    // Still on the preview, with nothing placed.
    await expect(customer.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(await webOrders(customer, SOON.number)).toEqual(before);
  } finally {
    await importSoonLicense(page, soonExpires());
    await customer.context().close();
  }
});

test('staff ordering for a customer whose licence has expired override it with a reason, and the order goes through', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const id = await customerId(page, EXPIRED.number);
  const label = `${EXPIRED.number} ${EXPIRED.name}`;
  await page.goto(`/maint/customer/edit/${id}`);
  await page.getByRole('link', { name: 'Place an order for this customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/maint/customer/order/${id}$`));
  await expect(page.getByTestId('staff-order-for')).toContainText(label);

  await test.step('step 1: the date is refused until the override, which asks for a reason', async () => {
    // Offered at once: the licence has expired, so every date is after it.
    const override = page.getByRole('switch', { name: /Override expired license/ });
    await expect(override).toBeVisible();
    await expect(
      page.getByText(`Deliver after the liquor license's last day, ${mdyFrom(expiredOn())}`),
    ).toBeVisible();
    await pickDeliveryDate(page, await earliestDeliveryDate(page));
    await page.getByLabel('Name').fill('Morgan Suites');
    await page.getByLabel('Phone').fill('3125550188');
    await page.getByLabel('Email').fill('morgan@suites.example.com');
    await page.getByRole('textbox', { name: /^Reference PO/ }).fill('PO-7003-STAFF');
    await expect(page.getByText(refusal(expiredOn()))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await saveScreen(page, 'licenses-staff-refused');

    await override.click({ force: true });
    await expect(override).toBeChecked();
    await expect(page.getByText(refusal(expiredOn()))).toHaveCount(0);
    const reason = page.getByRole('textbox', { name: /^Reason/ });
    await reason.fill(' ');
    await reason.blur();
    await expect(page.getByText('Override Reason is required to override the license expiry')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await reason.fill(REASON);
    await reason.blur();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expectAccessible(page);
    await saveScreen(page, 'licenses-staff-override');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('step 2 and the preview: the override named with its reason', async () => {
    await page
      .getByRole('textbox', { name: /^Cases of / })
      .first()
      .fill('2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('preview-order-for')).toHaveText(label);
    await expect(page.getByText('License overridden')).toBeVisible();
    await expect(page.getByText(REASON)).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'licenses-staff-preview');
    await page.getByRole('button', { name: 'Submit' }).click();
  });

  const orderNum = await test.step("placed: the confirmation, then the customer's orders", async () => {
    const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(confirmation).toContainText(`The order for ${label} has been submitted.`);
    const shown = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/maint/customer/edit/${id}\\?tab=orders$`));
    await expect(page.getByTestId('order-row').filter({ hasText: shown })).toBeVisible();
    return shown;
  });

  await test.step('the audit trail says what the override let through, and why', async () => {
    await page.goto('/maint/audit');
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table.locator('tbody tr', { hasText: `Placed order ${orderNum}` })).toContainText(
      `delivery after the license expired on ${mdyFrom(expiredOn())}: ${REASON}`,
    );
  });
});
