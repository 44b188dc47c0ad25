import type { Page, Route } from '@playwright/test';
import {
  earliestDeliveryDate,
  expect,
  expectAccessible,
  forgetDraft,
  openCustomerMenu,
  openCustomerPage,
  pickDeliveryDate,
  saveScreen,
  signInCustomer,
  test,
  weekday,
} from './support';

/** Issue 20's web half (design.md 7.3 and 7.9): the order form as a draft, and a lost answer retried. */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayDate = (iso: string) =>
  `${WEEKDAYS[weekday(iso)]} ${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const casesInputs = (page: Page) => page.getByRole('textbox', { name: /^Cases of / });
const offer = (page: Page) => page.getByRole('region', { name: 'Unsent order' });

async function startOrder(page: Page, name: string) {
  await page.goto('/order/form/0');
  const date = await earliestDeliveryDate(page);
  await pickDeliveryDate(page, date);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone').fill('3125550177');
  await page.getByLabel('Email').fill('drafts@example.com');
  await continueButton(page).click();
  await expect(casesInputs(page).first()).toBeVisible();
  return date;
}

/** The confirmation's Web Conf #, then OK back to the order home. */
async function confirmOrder(page: Page): Promise<string> {
  const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
  await expect(confirmation).toBeVisible();
  const orderNum = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
  return orderNum;
}

test.describe('drafts', () => {
  test('an order typed on one device is offered on another, continued there and sent', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInCustomer(page);
    const date = await startOrder(page, 'Dana Draft');
    await casesInputs(page).nth(0).fill('2');
    // Half typed: kept as it is on the screen.
    await casesInputs(page).nth(1).fill('1.');
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');
    await saveScreen(page, 'draft-saved-form');

    // A second device of the same customer, signed in without forgetting the draft.
    const second = await openCustomerPage(browser, undefined, undefined, { keepDraft: true });
    try {
      await expect(offer(second)).toContainText(
        `You have an unsent order for ${weekdayDate(date)} with 1 product`,
      );
      await expectAccessible(second);
      await saveScreen(second, 'draft-offer-home');
      // A new order offers it too, in place of the empty form.
      await openCustomerMenu(second, 'New Order');
      await expect(offer(second)).toContainText(`for ${weekdayDate(date)} with 1 product`);
      await expect(second.getByLabel('Name')).toHaveCount(0);
      await expectAccessible(second);
      await saveScreen(second, 'draft-offer-form');
      await openCustomerMenu(second, 'Order Messages');
      await offer(second).getByRole('button', { name: 'Continue' }).click();
      await expect(second).toHaveURL(/\/order\/form\/0$/);
      await expect(casesInputs(second).nth(0)).toHaveValue('2');
      await expect(casesInputs(second).nth(1)).toHaveValue('1.');
      await casesInputs(second).nth(1).fill('1');
      await continueButton(second).click();
      await second.getByRole('button', { name: 'Submit' }).click();
      await confirmOrder(second);
      await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
      await second.reload();
      await expect(second.getByRole('link', { name: 'Continue' })).toBeVisible();
      await expect(offer(second)).toHaveCount(0);
    } finally {
      await second.context().close();
    }

    // The first device: no offer either (its form was left, not sent; the order took its draft).
    await page.goto('/order/home');
    await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
    await page.goto('/order/form/0');
    await expect(page.getByLabel('Name')).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
    await forgetDraft(page);
  });

  // Issue 32: tab A types BR-1381=4 and SP-1102=2, tab B continues the same draft and changes
  // it; both said Saved, and A's Submit then B's placed two orders.
  test('two tabs on one draft: the tab whose draft was changed elsewhere says so and reloads it; one order is placed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInCustomer(page);
    const name = `Tess Tabs ${test.info().project.name} ${test.info().repeatEachIndex}`;
    await startOrder(page, name);
    await casesInputs(page).nth(0).fill('4');
    await casesInputs(page).nth(1).fill('2');
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');

    // Tab B: the same browser, the same draft, continued and changed.
    const tabB = await page.context().newPage();
    try {
      await tabB.goto('/order/form/0');
      await offer(tabB).getByRole('button', { name: 'Continue' }).click();
      await expect(casesInputs(tabB).nth(0)).toHaveValue('4');
      await casesInputs(tabB).nth(2).fill('1');
      await expect(tabB.getByTestId('draft-status')).toHaveText('Saved');

      // Tab A still shows its own order, and Saved: its Submit is refused, and it shows B's.
      await expect(page.getByTestId('draft-status')).toHaveText('Saved');
      await continueButton(page).click();
      // A's own autosave of its step may be refused first, and the form reloaded under the
      // message before Submit can be tapped: either way A sends nothing and says so.
      await page
        .getByRole('button', { name: 'Submit' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      const elsewhere = page.getByTestId('draft-elsewhere');
      await expect(elsewhere).toContainText(
        'This draft was changed in another tab or on another device. It has been reloaded.',
      );
      await expect(page.getByRole('dialog', { name: 'Order Confirmation' })).toHaveCount(0);
      await expect(casesInputs(page).nth(2)).toHaveValue('1');
      await expectAccessible(page);
      await saveScreen(page, 'draft-changed-elsewhere', { fullPage: false });

      // B sends it; A's preview, asked afresh, names that order, and A's Submit is refused.
      await continueButton(tabB).click();
      await tabB.getByRole('button', { name: 'Submit' }).click();
      const orderNum = await confirmOrder(tabB);
      await continueButton(page).click();
      // A's preview names that order, unless A's autosave was told first that it was sent (the
      // form then gives way to the notice at once: seen on a loaded machine); either way A is told.
      const existing = page.getByTestId('existing-order');
      await expect(existing.or(elsewhere.filter({ hasText: 'This order was sent' })).first()).toBeVisible();
      if (await existing.isVisible()) await expect(existing).toContainText(orderNum);
      // Here too A's own autosave may be told first that the order was sent.
      await page
        .getByRole('button', { name: 'Submit' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await expect(elsewhere).toContainText('This order was sent from another tab or device.');
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Order Confirmation' })).toHaveCount(0);
      await expectAccessible(page);
    } finally {
      await tabB.close();
    }
    await openCustomerMenu(page, 'Orders History');
    await expect(page.getByTestId('order-row').filter({ hasText: name })).toHaveCount(1);
    // Nothing brought the draft back.
    await openCustomerMenu(page, 'Order Messages');
    await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
  });

  test('an edit followed at once by a reload is kept: the page being left saves it', async ({ page }) => {
    test.setTimeout(90_000);
    await signInCustomer(page);
    await startOrder(page, 'Remy Reload');
    await casesInputs(page).nth(0).fill('2');
    await expect(page.getByTestId('draft-status')).toHaveText('Saved');
    // Within the autosave's second: not saved yet when the page goes.
    await casesInputs(page).nth(1).fill('7');
    await expect(page.getByTestId('draft-status')).toHaveText('Saving…');
    await page.reload();
    // The leaving page's save and the new page's first read of the draft cross on the way: the
    // save must land (the server has the 7), and the form shows it from then on.
    const session = await (await page.request.get('/api/v1/Session')).json();
    await expect
      .poll(async () =>
        JSON.stringify(
          (await (await page.request.get(`/api/v1/Customer/${session.Customer.Id}/Draft`)).json()).Order
            ?.ProductQuantities,
        ),
      )
      .toMatch(/"CaseQuantity":"?7"?[,}]/);
    await page.reload();
    await offer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(casesInputs(page).nth(0)).toHaveValue('2');
    await expect(casesInputs(page).nth(1)).toHaveValue('7');
    await forgetDraft(page);
  });

  test("a submit whose answer is lost, or replaced by a proxy's 502 page, keeps the order, and Retry places it once", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInCustomer(page);
    // The first POST reaches the server, which places the order; then either its answer never
    // comes back, or a proxy answers 502 with its own page in its place (nginx when a process
    // dies with the order in flight, issue 44).
    const failures = {
      lost: (route: Route) => route.abort('failed'),
      'a 502 page': (route: Route) =>
        route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
        }),
    };
    const names: string[] = [];
    for (const [kind, fail] of Object.entries(failures)) {
      // Its own name per project: both projects may share one server (a run without --project).
      const name = `Rory Retry ${kind} ${test.info().project.name}`;
      names.push(name);
      await startOrder(page, name);
      await casesInputs(page).nth(0).fill('3');
      await continueButton(page).click();
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

      const keys: string[] = [];
      await page.route('**/api/v1/Order', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (keys.length === 1) {
          await route.fetch();
          await fail(route);
        } else await route.continue();
      });
      await page.getByRole('button', { name: 'Submit' }).click();
      const error = page.getByRole('dialog', { name: 'Order Error' });
      await expect(error).toContainText('Your order may already be placed.');
      if (kind === 'lost') {
        await expectAccessible(page);
        await saveScreen(page, 'order-retry');
      }
      await error.getByRole('button', { name: 'Retry' }).click();
      const orderNum = await confirmOrder(page);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(keys[1]);
      await page.unroute('**/api/v1/Order');
      await openCustomerMenu(page, 'Orders History');
      await expect(page.getByTestId('order-row').first()).toContainText(orderNum);
    }

    for (const name of names)
      await expect(page.getByTestId('order-row').filter({ hasText: name })).toHaveCount(1);
    // Nothing was saved while the dialog was open, and the order ended the draft: none is offered.
    await openCustomerMenu(page, 'Order Messages');
    await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
  });
});
