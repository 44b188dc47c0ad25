import { expect, expectAccessible, saveScreen, signInAdmin, test } from './support';

/**
 * Orders taken by phone (design.md 7.5, issue 21) on phone and desktop: staff open a customer,
 * place an order for them on the customer's own form with the lead time overridden and a reason,
 * and find "Entered by admin" on the order, and admin as who placed it in Regenerate Orders. On
 * the journeys' Wednesday 11/25/2026 at 10:00, a type-4 customer (24 h lead, 15:00 cutoff) may
 * first order for Friday 11/27: Thursday is inside its lead time. Customer 4003 is no other
 * journey's.
 */
const CUSTOMER = { companyId: 4003, label: '4003 Sunrise Gas & Go' };
const THURSDAY = 'Thu 11/26/2026';
const REASON = 'Called before 10, driver has room on Thursday';

test('staff place an order for a customer with the lead time overridden, and see who entered it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const customers = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  const id = customers.find((c) => c.CompanyId === CUSTOMER.companyId)!.Id;

  await page.goto(`/maint/customer/edit/${id}`);
  await page.getByRole('link', { name: 'Place an order for this customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/maint/customer/order/${id}$`));
  await expect(page.getByTestId('staff-order-for')).toContainText(CUSTOMER.label);

  await test.step('step 1: the override offers Thursday, with a required reason', async () => {
    const quickDates = page.getByRole('group', { name: 'Next delivery dates' });
    await expect(quickDates).toBeVisible();
    await expect(quickDates.getByRole('button', { name: THURSDAY })).toHaveCount(0);
    await page.getByRole('switch', { name: /Override lead time/ }).click({ force: true });
    await quickDates.getByRole('button', { name: THURSDAY }).click();
    await page.getByLabel('Name').fill('Sam Ortiz');
    await page.getByLabel('Phone').fill('3125550199');
    await page.getByLabel('Email').fill('sam@sunrise.example.com');
    const reason = page.getByRole('textbox', { name: /^Reason/ });
    await reason.fill(' ');
    await reason.blur();
    await expect(page.getByText('Override Reason is required to override the lead time')).toBeVisible();
    await reason.fill(REASON);
    await reason.blur();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expectAccessible(page);
    await saveScreen(page, 'staff-order-step1');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('step 2 and the preview: who it is for, and why the date', async () => {
    const cases = page.getByRole('textbox', { name: /^Cases of / });
    await cases.first().fill('2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('preview-order-for')).toHaveText(CUSTOMER.label);
    await expect(page.getByTestId('preview-delivery-date')).toHaveText('11/26/2026');
    await expect(page.getByText(REASON)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
  });

  const orderNum =
    await test.step('the confirmation names the customer; OK lands on their orders', async () => {
      const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
      await expect(confirmation).toContainText(`The order for ${CUSTOMER.label} has been submitted.`);
      const shown = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
      await confirmation.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(new RegExp(`/maint/customer/edit/${id}\\?tab=orders$`));
      return shown;
    });

  await test.step('"Entered by admin" on the customer\'s orders and on the order', async () => {
    const row = page.getByTestId('order-row').filter({ hasText: orderNum });
    // Who placed it (design.md 8.2), in 7.5's words for a staff order.
    await expect(row.getByTestId('order-placed-by')).toHaveText('Entered by admin');
    await expectAccessible(page);
    await saveScreen(page, 'staff-order-customer-orders');
    await row.getByRole('link', { name: `Detail of order ${orderNum}` }).click();
    await expect(page).toHaveURL(/\/maint\/order\/\d+$/);
    await expect(page.getByTestId('detail-order-num')).toHaveText(orderNum);
    await expect(page.getByTestId('detail-placed-by')).toHaveText('Entered by admin');
    await expectAccessible(page);
    await saveScreen(page, 'staff-order-detail');
  });

  await test.step('Regenerate Orders: placed by admin', async () => {
    await page.goto(`/maint/regenerateorders?OrderNum=${orderNum}`);
    const table = page.getByRole('table', { name: 'Web orders' });
    await expect(table.getByRole('columnheader', { name: 'Placed By' })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: orderNum });
    const placedBy = row.getByRole('cell', { name: 'admin', exact: true });
    await expect(placedBy).toBeVisible();
    // On a phone the table swipes sideways: the screenshot shows the column, at the right edge
    // (at the left the sticky order number would cover it).
    await placedBy.evaluate((cell) => cell.scrollIntoView({ block: 'nearest', inline: 'end' }));
    await saveScreen(page, 'staff-order-regenerate');
  });
});
