import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, isPhone, saveScreen, signInAdmin, test } from './support';

async function choose(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('a customers file is previewed, its changes read, then applied (design.md 7.7)', async ({ page }) => {
  await signInAdmin(page);
  const dir = mkdtempSync(path.join(tmpdir(), 'import-preview-'));
  // Each project its own customers: the journeys share one server.
  const [a, b] = isPhone(page) ? [7711, 7712] : [7701, 7702];
  const first = path.join(dir, 'customers.txt');
  writeFileSync(first, `${a}\tPreview Corner Bar\t60601\t1\n`);
  const second = path.join(dir, 'customers-changed.txt');
  writeFileSync(second, `${a}\tPreview Corner Bar & Grill\t60601\t1\n${b}\tPreview Wine Shop\t60611\t2\n`);

  await page.goto('/maint/customer/import');
  await choose(page, 'Add Import File and Upload', first);
  await expect(page.getByText('customers.txt: uploaded')).toBeVisible();

  await choose(page, 'Preview Import File', second);
  await expect(page.getByText('customers-changed.txt: preview')).toBeVisible();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row').nth(1)).toContainText(
    `Company Id ${a}updateName: Preview Corner Bar → Preview Corner Bar & Grill`,
  );
  await expect(changes.getByRole('row').nth(2)).toContainText(`Company Id ${b}insertName: Preview Wine Shop`);
  // The page never scrolls sideways, on a phone either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await saveScreen(page, 'import-preview');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('customers-changed.txt: uploaded')).toBeVisible();
  await expect(changes).toBeHidden();
  const counts = page.locator('dl');
  await expect(counts).toContainText('Inserted1');
  await expect(counts).toContainText('Updated1');
});
