import type { Locator, Page } from '@playwright/test';
import {
  deliveryDate,
  earliestDeliveryDate,
  expect,
  expectAccessible,
  isPhone,
  mdyFrom,
  pickDeliveryDate,
  saveScreen,
  signInCustomer,
  test,
} from './support';

/*
 * Issue 14's customer screens: the warning for a second order on one date, the history's
 * Status and Cases, the order detail printed alone, a thumb's tap targets, and the sign-in's
 * own field messages.
 */

/** At least 44 x 44 px (WCAG 2.5.5), for every element `locator` finds. */
async function expectTapTargets(locator: Locator, what: string) {
  await expect(locator.first()).toBeVisible();
  const boxes = await locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { w: Math.round(r.width), h: Math.round(r.height) };
    }),
  );
  expect(boxes.length, what).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.h, `${what} height`).toBeGreaterThanOrEqual(44);
    expect(box.w, `${what} width`).toBeGreaterThanOrEqual(44);
  }
}

/** Places an order for `date` through the API with the signed-in customer's cookie; its OrderNum. */
async function placeOrder(page: Page, date: string): Promise<string> {
  const customer = await (await page.request.get('/api/v1/Session')).json();
  const own = await (await page.request.get(`/api/v1/Customer/${customer.Customer.Id}`)).json();
  const product = own.Products.find((p: { IsActive: boolean }) => p.IsActive);
  const res = await page.request.post('/api/v1/Order', {
    data: {
      DeliveryDate: date,
      Name: 'Dana Double',
      Phone: '3125550123',
      Email: 'dana@example.com',
      ProductQuantities: [{ Code: product.Code, CaseQuantity: 1, UnitQuantity: 0 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).OrderNum;
}

test('a second order for the same date is announced at step 1 and on the preview, and can still be placed', async ({
  page,
}) => {
  await signInCustomer(page);
  await page.goto('/order/form/0');
  const date = await earliestDeliveryDate(page);
  const first = await placeOrder(page, date);
  const second = await placeOrder(page, date);
  await page.reload();
  await pickDeliveryDate(page, date);
  const note = page.getByTestId('existing-order');
  // One sentence however many orders (issue 33), each a link, and what Submit would do.
  await expect(note).toContainText(/You already have \d+ orders for /);
  await expect(note).toContainText(`${first} (1 product)`);
  await expect(note).toContainText(`${second} (1 product)`);
  await expect(note).toContainText(/\(\d+ products?\)\. Sending this one places another\.$/);
  await expect(note.locator('p')).toHaveCount(1);
  await expect(note.getByRole('link', { name: first, exact: true })).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'existing-order-step1');

  // The contact of the last order is filled in: straight on to the products.
  await expect(page.getByLabel('Name')).toHaveValue('Dana Double');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('textbox', { name: /^Cases of / })
    .first()
    .fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('existing-order')).toContainText(first);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Order Confirmation' })).toBeVisible();
});

test('the history shows Status and Cases, and an order detail prints alone', async ({ page }) => {
  await signInCustomer(page);
  await page.goto('/order/history');
  const first = page.getByTestId('order-row').first();
  await expect(first.getByTestId('order-status')).toHaveText(/^(Open|Completed|No Delivery)$/);
  if (!isPhone(page)) {
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Cases', 'Status']));
  }
  await expectAccessible(page);

  await first.getByRole('link', { name: /^Detail of order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Detail' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Order Detail' })).toBeVisible();
    await expect(page.getByTestId('detail-order-num')).toBeVisible();
    // No menu, no Logout, no buttons, no footer on paper.
    await expect(page.getByRole('button', { name: /Logout/ })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Copy' })).toBeHidden();
    await expect(page.locator('footer')).toBeHidden();
    await saveScreen(page, 'order-detail-print');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

test('on a phone every control a thumb uses is at least 44 x 44 px', async ({ page }) => {
  test.skip(!isPhone(page), 'tap targets are measured on the phone');
  await signInCustomer(page);
  await expectTapTargets(page.getByRole('button', { name: 'Toggle menu' }), 'menu button');
  // The footer's mail link, in its sentence: 44 px tall (it was 16), the sentence's lines where
  // they were (the first paragraph's height is that of its lines).
  const mail = page.locator('footer a[href^="mailto:"]');
  await expectTapTargets(mail, 'footer mail link');
  const lines = await mail.evaluate((a) => {
    const p = a.closest('p')!;
    return p.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(p).lineHeight);
  });
  expect(Math.abs(lines - Math.round(lines))).toBeLessThan(0.05);
  await page.goto('/order/history');
  await expectTapTargets(page.getByRole('link', { name: /^Detail of order/ }).first(), 'Detail');
  await expectTapTargets(page.getByRole('link', { name: /^Re-Order order/ }).first(), 'Re-Order');
  await page.goto('/order/form/0');
  await expectTapTargets(
    page.getByRole('button', { name: /^(Create New Order|Select Your Products|Preview Order)$/ }),
    'step headers',
  );
  await deliveryDate(page).click();
  const days = page.locator('[data-dates-dropdown] table button:not([data-outside])');
  await expectTapTargets(days, 'calendar days');
  await page.keyboard.press('Escape');
  await pickDeliveryDate(page, await earliestDeliveryDate(page));
  await expectTapTargets(page.getByRole('button', { name: 'Continue' }), 'Continue');
  await expectTapTargets(
    page.getByRole('group', { name: 'Next delivery dates' }).getByRole('button'),
    'date choices',
  );
  await expect(deliveryDate(page)).toHaveText(mdyFrom(await earliestDeliveryDate(page)));
});
