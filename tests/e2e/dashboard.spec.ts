import type { Dashboard } from '../../src/domain/dashboard.schema';
import { expect, expectAccessible, saveScreen, signInAdmin, test } from './support';

/**
 * The staff dashboard (design.md 7.8, issue 21) on phone and desktop: staff sign in and land on
 * it, it shows the figures GET Dashboard answers for the demo data (read alongside, since the
 * other journeys on this server add orders and imports), a customer who has not ordered yet has
 * a tel: link, and 'needs attention' opens Regenerate Orders (the export row on the orders never
 * exported).
 */
test('staff see the day on the home screen and go from it to what needs attention', async ({ page }) => {
  await signInAdmin(page);
  const answer = (await (await page.request.get('/api/v1/Dashboard')).json()) as Dashboard;

  const days = page.getByRole('list', { name: 'Orders and cases per delivery day' });
  await expect(days.getByRole('listitem')).toHaveCount(7);
  await expect(page.getByTestId('deliveries-chart').locator('svg.recharts-surface').first()).toBeVisible();
  const busiest = answer.OrdersByDeliveryDate.reduce((a, b) => (b.Cases > a.Cases ? b : a));
  await expect(days.getByRole('listitem').nth(answer.OrdersByDeliveryDate.indexOf(busiest))).toContainText(
    `${busiest.Orders} order${busiest.Orders === 1 ? '' : 's'} · ${Math.round(busiest.Cases).toLocaleString('en-US')} cases`,
  );
  await expect(page.getByTestId('web-orders-today')).toHaveText(String(answer.WebOrdersToday));
  await expect(page.getByTestId('same-weekday-average')).toHaveText(String(answer.SameWeekdayAverage));

  // The demo data has customers who usually order for their next date and have not yet.
  const first = answer.NotYetOrdered[0]!;
  const call = page.getByRole('link', { name: new RegExp(`^Call ${first.Name}`) });
  await expect(call).toHaveAttribute('href', `tel:${first.Phone}`);
  const box = (await call.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  // Nothing wider than the screen (a phone scrolls down, never sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await saveScreen(page, 'dashboard');

  await page.getByRole('link', { name: /web orders? not exported: regenerate/ }).click();
  // Filtered to the orders never exported: the same rule as the count.
  await expect(page).toHaveURL(/\/maint\/regenerateorders\?NotExported=true$/);
  const heading = page.getByRole('heading', { name: 'Regenerate Orders', level: 1 });
  await expect(heading).toBeVisible();
  // The whole title, on a phone too: it was cut to "Regenerate…" beside the top bar's icons (issue 33).
  expect(
    await heading.evaluate((h) => h.scrollHeight <= h.clientHeight && h.scrollWidth <= h.clientWidth),
  ).toBe(true);
  await expect(page.getByRole('checkbox', { name: 'Not exported only' })).toBeChecked();
});

/**
 * Backups of the embedded database (design.md 8.8) on the staff home: Back up now writes one
 * while the server keeps answering, and the card shows its time and size.
 */
test('staff take a backup from the home screen and see it on the Backups card', async ({ page }) => {
  await signInAdmin(page);
  const status = page.getByTestId('backup-status');
  await expect(status).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/^Backup backup-\d{8}-\d{6}(-\d+)?\.tar\.gz written \(\d/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(status).toHaveText(/^Last backup \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M, [\d.]+ (MB|kB)$/);
  const listed = (await (await page.request.get('/api/v1/Backups')).json()) as { File: string }[];
  expect(listed.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('backup-trouble')).toHaveCount(0);
  await expectAccessible(page);
  await saveScreen(page, 'dashboard-backups');
});
