import { checksAccessibility, expect, expectAccessible, isPhone, test } from './support';

/**
 * The check every journey relies on (tests/e2e/support.ts, `expectAccessible`) finds what it
 * must: a faint text on the page and an image without a name inside a same-origin frame (the
 * footer editor's preview is one). It runs axe in legacy mode (issue 18), so this proves that
 * mode still looks inside frames.
 */
test('the accessibility check fails on a faint text and on an unnamed image in a frame', async ({ page }) => {
  test.skip(isPhone(page), 'the check is the same on every viewport');
  test.skip(!checksAccessibility, 'E2E_ACCESSIBILITY=0: this run checks no accessibility');
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAccessible(page);

  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'A faint line';
    faint.style.cssText = 'color:#d0d0d0;background:#ffffff';
    document.querySelector('main')?.append(faint);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/color-contrast \(serious\)/);

  await page.evaluate(() => document.querySelector('main p:last-child')?.remove());
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'Preview';
    frame.srcdoc =
      '<main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></main>';
    document.querySelector('main')?.append(frame);
  });
  await expect(page.frameLocator('iframe[title="Preview"]').locator('img')).toBeAttached();
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt \(critical\)/);
});
