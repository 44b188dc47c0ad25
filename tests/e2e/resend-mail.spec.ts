import { existsSync, statSync } from 'node:fs';
import { addDays, expect, expectAccessible, saveScreen, signInAdmin, test, testNow } from './support';

/** Without SMTP_URL the e2e server writes each mail into its outbox (README, decision 008). */
const outboxFile = (orderNum: string) => `.tmp/e2e-${process.env.E2E_PORT}/outbox/${orderNum}.eml`;

test('staff see which confirmations are owed and resend two of them', async ({ page }) => {
  await signInAdmin(page);
  // The demo's orders, placed before today, were never mailed (decision 016); the journeys'
  // own orders of today were, and may fill the first page: the list is filtered to before today.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(testNow());
  await page.goto(`/maint/regenerateorders?EndDate=${addDays(today, -1)}`);
  const table = page.getByRole('table', { name: 'Web orders' });
  await expect(table.getByRole('columnheader', { name: 'Mail', exact: true })).toBeVisible();
  const owed = table.locator('tbody tr').filter({ hasText: 'Not mailed' });
  await expect(owed.first()).toBeVisible();
  const nums = (await owed.locator('td:nth-child(2)').allTextContents()).slice(0, 2).map((n) => n.trim());
  expect(nums).toHaveLength(2);
  for (const num of nums) expect(existsSync(outboxFile(num))).toBe(false);

  const resend = page.getByRole('button', { name: 'Resend Confirmation' });
  await expect(resend).toBeDisabled();
  for (const num of nums) await page.getByRole('checkbox', { name: `Select order ${num}` }).check();
  await resend.click();
  const dialog = page.getByRole('dialog', { name: 'Resend Confirmation' });
  for (const num of nums) await expect(dialog.getByRole('list')).toContainText(num);
  await expectAccessible(page);
  await saveScreen(page, 'resend-confirm');
  const sentAt = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  const toast = page.getByText('Confirmation Mails Sent');
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())?.y ?? 0).toBeGreaterThan((page.viewportSize()?.height ?? 800) / 2);
  await expect(page.getByRole('checkbox', { name: `Select order ${nums[0]}` })).not.toBeChecked();
  await saveScreen(page, 'resend-done');
  for (const num of nums) {
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('checkbox', { name: `Select order ${num}` }) });
    await expect(row).toContainText('Mailed');
    await expect(row).not.toContainText('Not mailed');
    expect(statSync(outboxFile(num)).mtimeMs).toBeGreaterThanOrEqual(sentAt - 1000);
  }
});
