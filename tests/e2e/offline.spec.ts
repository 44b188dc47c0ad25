import type { Page } from '@playwright/test';
import {
  demo,
  earliestDeliveryDate,
  expect,
  isPhone,
  pickDeliveryDate,
  saveScreen,
  signInCustomer,
  test,
} from './support';

/**
 * Counting and ordering in the walk-in cooler (issue 39, design.md 8.5): the venue's guide, pars
 * and draft stay on the device after a visit, and the app opens from the service worker with no
 * network at all.
 */

/** The query keys the device keeps for its last sign-in (features/offline/device-data.ts). */
function keptKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const request = indexedDB.open('bev-device');
    await new Promise((resolve) => {
      request.onsuccess = resolve;
    });
    const db = request.result;
    if (!db.objectStoreNames.contains('venues')) return [];
    const all = db.transaction('venues').objectStore('venues').getAll();
    await new Promise((resolve) => {
      all.onsuccess = resolve;
    });
    db.close();
    return (all.result as { Queries: { queries: { queryKey: unknown[] }[] } }[]).flatMap((v) =>
      v.Queries.queries.map((q) => String(q.queryKey[0])),
    );
  });
}

/** Signed in, with a service worker in control and the venue's guide kept on the device. */
async function visitOnline(page: Page) {
  await signInCustomer(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => keptKeys(page))
    .toEqual(expect.arrayContaining(['session', 'orderGuide', 'customers']));
}

test('the app opens with no network as the venue left it: the guide with its age, counts and quantities', async ({
  page,
  context,
}) => {
  await visitOnline(page);

  await context.setOffline(true);
  await page.goto('/order/form/0');
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(demo.customer.name);
  await pickDeliveryDate(page, await earliestDeliveryDate(page));
  await page.getByLabel('Name').fill('Pat Manager');
  await page.getByLabel('Phone').fill('3125550100');
  await page.getByLabel('Email').fill('pat@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('guide-read-at')).toHaveText(
    /^Offline: your guide as of (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:\d{2} (AM|PM)$/,
  );
  // The guide's figures are there: last deliveries and suggested pars from the device.
  await expect(page.getByRole('button', { name: /^Par of .*: not set$/ }).first()).toBeVisible();
  await page.locator('input[data-quantity]').first().fill('3');
  await expect(page.getByTestId('order-totals')).toContainText(/1\s*product|Products:\s*1/);
  await saveScreen(page, 'offline-guide', { fullPage: false });

  // The status bar moves the top bar down: the menu is still in reach.
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Orders History' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

test('signing out leaves nothing of the venue on the device', async ({ page, context }) => {
  await visitOnline(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect.poll(() => keptKeys(page)).toEqual([]);

  // With no network and nothing kept, the order form says the connection is needed.
  await context.setOffline(true);
  await page.goto('/order/form/0');
  await expect(page.getByRole('heading', { name: 'Internet Connection Required' })).toBeVisible();
  await expect(page.getByText(demo.customer.name)).toHaveCount(0);
});
