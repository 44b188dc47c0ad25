import {
  expect,
  expectAccessible,
  isPhone,
  saveScreen,
  signInCustomer,
  startNewOrder,
  test,
} from './support';

/**
 * Prices (design.md 8.4, decisions 073 and 075), on a phone and a desk: the demo's price book
 * gives each order an estimate at the prices of its delivery date; the history lists it and the
 * detail prices each line, says the invoice is final, and adds up; while ordering, step 2 prices
 * each product for the date and the review gives the estimate the order then keeps.
 */

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

test('the history lists each order’s estimate, and its detail prices each line and adds up to it', async ({
  page,
}) => {
  await signInCustomer(page);
  await page.goto('/order/history');
  const row = page.getByTestId('order-row').first();
  const listed = row.getByTestId('order-estimate');
  await expect(listed).toHaveText(/^\$[\d,]+\.\d\d$/);
  const listedText = (await listed.textContent())!;
  const total = dollars(listedText);
  if (isPhone(page)) await expect(row).toContainText(`Estimate ${listedText}`);
  else await expect(page.getByRole('columnheader', { name: 'Estimate' })).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'prices-history');

  await row.getByRole('link', { name: /^Detail of order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Detail' })).toBeVisible();
  const estimate = page.getByTestId('order-estimate');
  await expect(estimate).toContainText('Estimate: your invoice is final');
  await expect(page.getByTestId('estimated-total')).toHaveText(listedText);
  // Each line's total, in cents, plus the deposits the estimate names, is the estimated total.
  const lineTotals = await page.locator('[data-testid^="line-total-"]').allTextContents();
  expect(lineTotals.length).toBeGreaterThan(0);
  const deposits = /with (\$[\d,.]+) of deposits/.exec((await estimate.textContent())!)?.[1];
  const sum =
    lineTotals.filter((t) => t.startsWith('$')).reduce((s, t) => s + dollars(t), 0) +
    (deposits ? dollars(deposits) : 0);
  expect(sum).toBe(total);
  if (!isPhone(page)) {
    await expect(page.getByRole('columnheader', { name: 'Case Price' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Line Total' })).toBeVisible();
  }
  await expectAccessible(page);
  await saveScreen(page, 'prices-detail');
});

test('each product is priced for the delivery date while ordering; the estimate follows the order to its history', async ({
  page,
}) => {
  await signInCustomer(page);
  await startNewOrder(page, { name: 'Pat Prices', phone: '3125550199', email: 'pat.prices@example.com' });
  // The first product step 2 prices (the demo's book leaves a tenth "Price on invoice").
  const price = page.locator('[data-testid^="price-"]').filter({ hasText: '/case' }).first();
  await expect(price).toBeVisible();
  const code = (await price.getAttribute('data-testid'))!.slice('price-'.length);
  await page.getByLabel(new RegExp(`^Cases of ${code} `)).fill('2');
  const lineTotal = page.getByTestId(`form-line-total-${code}`);
  await expect(lineTotal).toHaveText(/^\$[\d,]+\.\d\d$/);
  const stepTwoLine = (await lineTotal.textContent())!;
  await expect(page.getByTestId('form-estimate').first()).toContainText('Estimate: your invoice is final');
  await expectAccessible(page);
  await saveScreen(page, 'prices-form');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByTestId('order-estimate')).toContainText('Estimate: your invoice is final');
  const total = (await page.getByTestId('estimated-total').textContent())!;
  await expect(page.getByTestId(`line-total-${code}`)).toHaveText(stepTwoLine);
  await expectAccessible(page);
  await saveScreen(page, 'prices-review');

  await page.getByRole('button', { name: 'Submit' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
  const orderNum = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
  // The server's estimate of the order placed is the one the review gave.
  await page.goto('/order/history');
  const row = page.getByTestId('order-row').filter({ hasText: orderNum });
  await expect(row.getByTestId('order-estimate')).toHaveText(total);
});
