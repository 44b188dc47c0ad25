import type { Page } from '@playwright/test';
import { countdownText } from '../../src/domain/delivery-countdown';
import {
  calendarDay,
  deliveryDate,
  expect,
  expectAccessible,
  isPhone,
  openCustomerPage,
  signInAdmin,
  test,
  testNow,
} from './support';

/**
 * The delivery calendar (design.md 7.2, issue 20) on the journeys' Wednesday 11/25/2026, 10:00
 * AM Central: staff make Monday 11/30 a holiday, the customer (1001, type 1: no Saturdays) sees
 * it disabled in the picker and skipped by the one-tap dates, and the order home counts down to
 * Wednesday's 4 PM cutoff for Friday 11/27.
 */

const HOLIDAY = { iso: '2026-11-30', mdy: '11/30/2026', name: 'Inventory Day' };

/** Full-page screenshots for a person to look at, only when CALENDAR_SHOTS names a folder (never in the repo). */
async function shot(page: Page, name: string) {
  const dir = process.env.CALENDAR_SHOTS;
  if (!dir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}.png`, fullPage: true });
}

/** An order of the signed-in customer's, placed through the API as the form would, for `date`. */
async function placeOrderFor(customer: Page, date: string): Promise<{ Id: number; OrderNum: string }> {
  const session = await (await customer.request.get('/api/v1/Session')).json();
  const own = await (await customer.request.get(`/api/v1/Customer/${session.Customer.Id}`)).json();
  const res = await customer.request.post('/api/v1/Order', {
    data: {
      DeliveryDate: date,
      Name: 'Casey Copper',
      Phone: '3125550177',
      Email: 'casey@example.com',
      ProductQuantities: [{ Code: own.Products[0].Code, CaseQuantity: 2, UnitQuantity: 0 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { OrderNum } = await res.json();
  const list = await (await customer.request.get(`/api/v1/Orders/${session.Customer.CompanyId}`)).json();
  return { Id: list.Orders.find((o: { OrderNum: string }) => o.OrderNum === OrderNum).Id, OrderNum };
}

/** Removes the journey's holiday whatever happened: the journeys share one database. */
async function removeHoliday(page: Page) {
  const list = (await (await page.request.get('/api/v1/Holidays')).json()) as { Id: number; Date: string }[];
  for (const h of list.filter((h) => h.Date === HOLIDAY.iso))
    await page.request.delete(`/api/v1/Holiday/${h.Id}`);
}

test('staff add a holiday; the customer cannot pick it, and the order home counts down to the cutoff', async ({
  page,
  browser,
}) => {
  // Two browsers, three screens and four accessibility checks: more than one journey's minute.
  test.setTimeout(180_000);
  await signInAdmin(page);
  await removeHoliday(page); // left by an earlier run that stopped half-way
  let placed: { Id: number; OrderNum: string } | undefined;
  try {
    if (isPhone(page)) await page.goto('/maint/holidays');
    else
      await page
        .getByRole('navigation', { name: 'Maintenance menu' })
        .getByRole('link', { name: 'Holidays' })
        .click();
    await expect(page.getByRole('heading', { name: 'Holidays', level: 1 })).toBeVisible();
    await expect(page.getByText('No holidays yet: every working day is a delivery day.')).toBeVisible();

    // The customer, in a browser of their own, has an order for Monday already (issue 33).
    const customer = await openCustomerPage(browser);
    placed = await placeOrderFor(customer, HOLIDAY.iso);

    // Add Monday 11/30 with the date picker.
    const addForm = page.getByRole('region', { name: 'Add a Holiday' });
    await addForm.getByRole('button', { name: 'Date', exact: true }).click();
    await (await calendarDay(page, HOLIDAY.iso)).click();
    await addForm.getByRole('textbox', { name: 'Name' }).fill(HOLIDAY.name);
    await addForm.getByRole('button', { name: 'Add Holiday' }).click();
    // Staff see the orders already on that date before the holiday is added.
    const ordersOnDate = page.getByRole('dialog', { name: 'Orders on this date' });
    await expect(ordersOnDate.getByTestId('holiday-orders-count')).toHaveText(
      /^\d+ orders? (is|are) for delivery on Mon 11\/30\/2026\.$/,
    );
    await expect(ordersOnDate.getByRole('list', { name: 'Orders on the holiday' })).toContainText(
      `${placed.OrderNum} - 1001 Blue Heron Tavern`,
    );
    await expectAccessible(page);
    await ordersOnDate.getByRole('button', { name: 'Add Holiday' }).click();
    const table = page.getByRole('table', { name: 'Holidays' });
    const row = table.getByRole('row').filter({ hasText: HOLIDAY.mdy });
    await expect(row).toContainText('Monday');
    await expect(row).toContainText(HOLIDAY.name);

    // Next year's federal holidays, offered for review.
    await page.getByRole('button', { name: "Suggest 2027's US federal holidays" }).click();
    await expect(page.getByTestId('federal-row')).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Add 11 Holidays' })).toBeEnabled();
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await shot(page, 'maint-holidays');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The customer's order says its date became a holiday, and offers Change.
    await customer.goto(`/order/history/detail/${placed.Id}`);
    await expect(customer.getByTestId('order-date-holiday')).toContainText(
      `There are no deliveries on Mon 11/30/2026 (${HOLIDAY.name}). Change the order to another date, or cancel it.`,
    );
    await expect(
      customer.getByTestId('order-change-window').getByRole('link', { name: 'Change' }),
    ).toBeVisible();
    await expectAccessible(customer);
    await customer.goto('/order/home');
    const countdown = customer.getByTestId('delivery-countdown');
    // About 6 h before Wednesday's 4 PM cutoff (the clock runs on from 10:00): the sentence the
    // domain writes at the journeys' now, give or take the minute the screen may lag.
    await expect(countdown).toHaveText(
      /^Order within \d h( \d+ min)? for delivery Friday 11\/27\. After 4:00 PM Central the earliest delivery is Tuesday 12\/01\.$/,
    );
    const dates = [
      { Date: '2026-11-27', OrderBy: '2026-11-25T16:00:00-06:00' },
      { Date: '2026-12-01', OrderBy: '2026-11-29T16:00:00-06:00' },
    ];
    const now = testNow().getTime();
    expect(
      [-60_000, 0, 60_000].map((lag) => countdownText(new Date(now + lag), dates, 'America/Chicago')),
    ).toContain(await countdown.textContent());
    await expect(customer.getByTestId('order-message').first()).toBeVisible();
    await expectAccessible(customer);
    await shot(customer, 'order-home-countdown');

    await customer.getByRole('link', { name: 'Continue' }).click();
    const quick = customer.getByRole('group', { name: 'Next delivery dates' });
    await expect(quick.getByRole('button')).toHaveText([
      'Fri 11/27/2026',
      'Tue 12/01/2026',
      'Wed 12/02/2026',
    ]);
    await deliveryDate(customer).click();
    const holiday = customer.getByRole('button', {
      name: `Mon ${HOLIDAY.mdy}, ${HOLIDAY.name}: no deliveries`,
    });
    await expect(holiday).toBeDisabled();
    await expect(holiday).toHaveAttribute('title', `Mon ${HOLIDAY.mdy}, ${HOLIDAY.name}: no deliveries`);
    await expectAccessible(customer);
    await shot(customer, 'order-form-picker');
    await customer.keyboard.press('Escape');

    // Staff delete it again (after a confirmation); the customer's dates come back.
    await row.getByRole('button', { name: `Delete ${HOLIDAY.name} (${HOLIDAY.mdy})` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Holiday' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('No holidays yet: every working day is a delivery day.')).toBeVisible();
    await customer.goto('/order/home');
    await expect(countdown).toContainText('the earliest delivery is Monday 11/30.');
    await customer.context().close();
  } finally {
    await removeHoliday(page);
    // The journeys share one database: the order made here goes.
    if (placed) await page.request.post(`/api/v1/Order/${placed.Id}/Cancel`);
  }
});
