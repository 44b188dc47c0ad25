import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The demo data's sign-ins (src/server/db/seed) and the e2e server's admin (playwright.config.ts). */
export const demo = {
  customer: { number: '1001', zip: '60601', name: 'Blue Heron Tavern' },
  reference: { number: '6001', zip: '60611' },
  inactive: { number: '1002', zip: '60602' },
  admin: { user: 'admin', password: 'e2e-admin-password' },
};

export async function signInCustomer(page: Page, number = demo.customer.number, zip = demo.customer.zip) {
  await page.goto('/user/login');
  await page.getByLabel('Customer Number').fill(number);
  await page.getByLabel('Zip Code').fill(zip);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
}

export async function signInAdmin(page: Page, user = demo.admin.user, password = demo.admin.password) {
  await page.goto('/maint/login');
  await page.getByLabel('User Name').fill(user);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await expect(page).toHaveURL(/\/maint\/home$/);
}

/** Axe on the page as it is: no serious or critical violation (WCAG 2 A and AA). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
