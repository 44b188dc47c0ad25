import type { Page } from '@playwright/test';
import {
  applyFilters,
  chooseOption,
  expect,
  expectAccessible,
  isPhone,
  openFilters,
  saveScreen,
  signInAdmin,
  test,
} from './support';

/**
 * The audit trail (design.md 7.6, issue 21) on phone and desktop: staff change a customer type's
 * cutoff and find the change, before and after, on /maint/audit filtered to customer types. The
 * journey brings its own type 94 and removes it, so the other journeys' lists stay as they are.
 */

const TYPE = { Id: 94, Name: 'Audit Journey Cafes' };

const removeType = (page: Page) => page.request.delete(`/api/v1/CustomerType/${TYPE.Id}`);

test('staff change a type’s cutoff and find the change on the audit screen, filtered to customer types', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await removeType(page); // left by an earlier run that stopped half-way
  try {
    const created = await page.request.post('/api/v1/CustomerType', {
      data: { ...TYPE, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/maint/customertype/edit/${TYPE.Id}`);
    const cutoff = page.getByRole('textbox', { name: /Cutoff Time/ });
    await expect(cutoff).toHaveValue('16:00');
    await cutoff.fill('1430');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Customer Type ${TYPE.Name} saved`)).toBeVisible();

    // From the maint menu, as staff reach it.
    if (isPhone(page)) await page.goto('/maint/audit');
    else await page.getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page).toHaveURL(/\/maint\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table.locator('tbody tr').first()).toContainText('Customer Type 94');

    const filters = await openFilters(page);
    await chooseOption(page, filters, 'Record', 'Customer Type');
    await filters.getByRole('textbox', { name: 'User Name' }).fill('admin');
    if (isPhone(page)) await expectAccessible(page);
    await applyFilters(page);
    await expect(page).toHaveURL(/Entity=CustomerType/);
    await expect(page).toHaveURL(/User=admin/);

    // Only customer types are listed once the filtered answer is in (the rows of the whole
    // trail stay on screen while it loads, and they hold this update too).
    await expect(table.locator('tbody tr').filter({ hasNotText: 'Customer Type' })).toHaveCount(0);
    const update = table.locator('tbody tr', { hasText: `Updated Customer Type ${TYPE.Id}` }).first();
    await expect(update).toBeVisible();
    await expect(update).toContainText('CutoffHours: 16 → 14');
    await expect(update).toContainText('CutoffMinutes: 0 → 30');
    // Newest first: this run's update comes before its creation (the other project's run, on
    // the same server, left rows of its own type 94 further down).
    const rows = await table.locator('tbody tr').allTextContents();
    const updatedAt = rows.findIndex((r) => r.includes(`Updated Customer Type ${TYPE.Id}`));
    const createdAt = rows.findIndex((r) => r.includes(`Created Customer Type ${TYPE.Id}`));
    expect(createdAt).toBeGreaterThan(updatedAt);

    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await expect(
      table.locator('tbody tr', { hasText: `Updated Customer Type ${TYPE.Id}` }).first(),
    ).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'audit');
  } finally {
    await removeType(page);
  }
});
