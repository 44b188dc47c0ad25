import type { Page } from '@playwright/test';
import {
  demo,
  expect,
  expectAccessible,
  isPhone,
  openCustomerPage,
  saveScreen,
  signInAdmin,
  signInCustomer,
  test,
} from './support';

/**
 * Issue 36: a session per device (decision 066). Signing out ends this device's session only;
 * the list of signed-in devices ends another one, or all of them.
 */

const devicesDialog = (page: Page) => page.getByRole('dialog', { name: 'Signed-in devices' });
const rows = (page: Page) => devicesDialog(page).getByRole('listitem');

/** The customer menu's Signed-in Devices (behind the burger on a phone). */
async function openDevices(page: Page) {
  const entry = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Signed-in Devices' });
  if (isPhone(page)) {
    await expect(async () => {
      if (!(await entry.isVisible())) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await entry.click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  } else {
    await entry.click();
  }
  await expect(devicesDialog(page)).toBeVisible();
}

/** Whether a customer page still opens signed in (the order home), or lands on the login. */
async function signedIn(page: Page) {
  await page.goto('/order/home');
  return !/\/user\/login/.test(page.url());
}

test('a customer signs out one device while the other stays in, ends another from the list, then all', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { number, zip } = demo.reference;
  await signInCustomer(page, number, zip);
  const other = await openCustomerPage(browser, number, zip);
  try {
    // Logout on the other device: this one stays in.
    await other.getByRole('button', { name: 'Logout' }).click();
    await expect(other).toHaveURL(/\/user\/login/);
    expect(await signedIn(page)).toBe(true);

    // Back in on the other device; this one lists both and ends the other's session.
    await signInCustomer(other, number, zip);
    await openDevices(page);
    await expect(rows(page).filter({ hasText: 'This device' })).toHaveCount(1);
    const count = await rows(page).count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(rows(page).first()).toContainText('Last seen');
    await expectAccessible(page);
    await saveScreen(page, 'devices-dialog');
    // The most recent other device is the one just signed in.
    await rows(page)
      .filter({ hasNotText: 'This device' })
      .first()
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(rows(page)).toHaveCount(count - 1);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(page)).toBe(true);

    // Sign out everywhere: this device too, and the other once more signed in.
    await signInCustomer(other, number, zip);
    await openDevices(page);
    await devicesDialog(page).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/user\/login/);
    expect(await signedIn(other)).toBe(false);
  } finally {
    await other.context().close();
  }
});

test('staff see their signed-in devices in Options and sign this one out', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Signed-in Devices' }).click();
  const mine = rows(page).filter({ hasText: 'This device' });
  await expect(mine).toHaveCount(1);
  await expectAccessible(page);
  await saveScreen(page, 'devices-dialog-staff');
  await mine.getByRole('button', { name: 'Sign out' }).click();
  // Where Logout lands (spec section 2: the customer home route, whose guard shows its login).
  await expect(page).toHaveURL(/\/user\/login/);
  await page.goto('/maint/home');
  await expect(page).toHaveURL(/\/maint\/login/);
});
