import type { OrderDetail, OrderList } from '../../src/domain/order-view.schema';
import {
  expect,
  expectAccessible,
  installTestClock,
  isPhone,
  openCustomerMenu,
  saveScreen,
  signInAdmin,
  signInCustomer,
  test,
} from './support';

/**
 * Standing orders (design.md 8.6, decision 080), on a phone and a desk, on the test clock
 * (Wednesday 11/25/2026 10:00 Central): the bar makes its last order a standing order for
 * Tuesdays (Tuesday 12/01's window opens Saturday, so the server's check places nothing while
 * the journeys run), skips a date and takes it back, staff see it on the customer's view, and
 * the bar deletes it.
 */
test('the bar repeats an order every Tuesday, skips a date, and staff see it', async ({ page, browser }) => {
  await signInCustomer(page);
  const list = (await (await page.request.get('/api/v1/Orders/1001')).json()) as OrderList;
  const order = list.Orders[0];
  expect(order, 'an order of 1001').toBeTruthy();

  // An order's detail offers to repeat it; New starts from the last order: its lines and contact.
  await page.goto(`/order/history/detail/${order!.Id}`);
  await expect(page.getByRole('link', { name: 'Repeat weekly' })).toHaveAttribute(
    'href',
    `/order/standing/new?from=${order!.Id}`,
  );
  await openCustomerMenu(page, 'Standing Orders');
  await expect(page.getByText(/No standing orders yet/)).toBeVisible();
  await page.getByRole('link', { name: 'New standing order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Standing Order' })).toBeVisible();
  const last = (await (await page.request.get('/api/v1/Order/1/Last')).json()) as OrderDetail;
  const withQuantities = last.Products.filter((p) => p.CaseQuantity + p.UnitQuantity > 0);
  await expect(page.getByTestId('standing-line')).toHaveCount(withQuantities.length);
  await expect(page.getByLabel('Name')).toHaveValue(last.Name);
  // Type 1 gets no Saturday deliveries.
  await expect(page.getByRole('checkbox', { name: 'Sat' })).toBeDisabled();
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
    const chip = page.getByRole('checkbox', { name: day });
    if ((await chip.isChecked()) !== (day === 'Tue')) await page.getByText(day, { exact: true }).click();
  }
  await expect(page.getByRole('checkbox', { name: 'Tue' })).toBeChecked();
  await expectAccessible(page);
  await saveScreen(page, 'standing-order-new');
  await page.getByRole('button', { name: 'Save' }).click();

  // The list: every Tuesday, its next 4 dates with their cutoffs.
  await expect(page).toHaveURL(/\/order\/standing$/);
  const card = page.getByRole('region', { name: 'Every Tuesday' });
  const dates = card.getByTestId('standing-date');
  await expect(dates).toHaveCount(4);
  await expect(dates.first()).toHaveText(/^Tue 12\/01\/2026Order by Sun 11\/29\/2026 4:00 PMSkip$/);
  await expect(dates.nth(1)).toContainText('Tue 12/08/2026');

  // A thumb's size on a phone: the date's Skip, the card's Edit and Delete.
  if (isPhone(page))
    for (const control of [
      card.getByRole('button', { name: 'Skip Tue 12/08/2026' }),
      card.getByRole('link', { name: 'Edit' }),
      card.getByRole('button', { name: 'Delete this standing order' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

  // Skip Tuesday 12/08, then take it back.
  await card.getByRole('button', { name: 'Skip Tue 12/08/2026' }).click();
  await expect(dates.nth(1)).toContainText('Skipped');
  await expectAccessible(page);
  await saveScreen(page, 'standing-orders');
  await card.getByRole('button', { name: 'Unskip Tue 12/08/2026' }).click();
  await expect(dates.nth(1)).toContainText('Order by Sun 12/06/2026 4:00 PM');
  await card.getByRole('button', { name: 'Skip Tue 12/08/2026' }).click();
  await expect(dates.nth(1)).toContainText('Skipped');

  // Staff: the customer's Standing Orders tab shows the same dates.
  const staffContext = await browser.newContext();
  await installTestClock(staffContext);
  const staff = await staffContext.newPage();
  await signInAdmin(staff);
  await staff.goto(`/maint/customer/edit/${order!.CustomerId}?tab=standing`);
  const staffCard = staff.getByRole('region', { name: 'Every Tuesday' });
  await expect(staffCard.getByTestId('standing-date').nth(1)).toContainText('Skipped');
  await expectAccessible(staff);
  await staffContext.close();

  // Deleting it leaves none (the next project starts afresh).
  await card.getByRole('button', { name: 'Delete this standing order' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(/No standing orders yet/)).toBeVisible();
});
