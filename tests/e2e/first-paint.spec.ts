import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, isPhone, saveScreen, signInCustomer, test } from './support';

/**
 * A new order's first step, drawn by the shell from the early answers before the app's
 * JavaScript is there (issue 22, decision 056): in React's boxes, and a working form whose date,
 * boxes and focus React's form takes over. The app's chunk is held back here, as a slow phone
 * network holds it; the service worker is blocked so that every script comes from the network
 * (where the journey can hold it), not from the worker's cache.
 */
test.use({ serviceWorkers: 'block' });

/** Holds the app's chunk until `release()`; the shell is all there is meanwhile. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The boxes of what both forms draw, in page coordinates, by what they are to the customer. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const shell = document.getElementById('app-shell');
    const root = shell ?? document.getElementById('root')!;
    const all = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)];
    const text = (selector: string, wanted: string) =>
      all(selector).filter((e) => e.textContent?.trim() === wanted);
    const box = (e: Element | undefined) => {
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return [r.x, r.y + window.scrollY, r.width, r.height].map((n) => Math.round(n * 10) / 10);
    };
    const found: Record<string, number[] | null> = {};
    const labels = ['Delivery Date', 'Name', 'Phone', 'Email'];
    for (const label of labels) {
      const labelElement = (all('label') as HTMLLabelElement[]).find(
        (l) => l.textContent?.replace('*', '').trim() === label,
      );
      found[`label ${label}`] = box(labelElement);
      const control = labelElement && document.getElementById(labelElement.htmlFor);
      found[`box ${label}`] = box(control ?? undefined);
    }
    for (const [i, b] of all('[aria-label="Next delivery dates"] button').entries())
      found[`next date ${i + 1}`] = box(b);
    for (const step of ['1', '2', '3'])
      found[`step ${step}`] = box(text(shell ? '.sf-step-icon' : '.mantine-Stepper-stepIcon', step)[0]);
    found['earliest date'] = box(all(shell ? '.sf-desc' : '.mantine-InputWrapper-description')[0]);
    found.hint = box(text('p', 'Fill in the fields above to continue.')[0]);
    found.Continue = box(all('button').find((b) => b.textContent?.trim() === 'Continue'));
    const footer = all(shell ? '.sh-footer p' : 'footer p');
    found['footer, first paragraph'] = box(footer[0]);
    found['footer, last paragraph'] = box(footer.at(-1));
    return found;
  });
}

test("a new order's first step paints from the shell in the boxes React then draws", async ({ page }) => {
  await signInCustomer(page);
  const release = await holdTheApp(page);
  await page.goto('/order/form/0');
  const shellForm = page.locator('#app-shell form');
  await expect(shellForm).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  await saveScreen(page, 'order-form-first-paint');
  await expectAccessible(page);
  const shell = await boxes(page);

  release();
  await expect(page.locator('#app-shell')).toHaveCount(0);
  await expect(page.locator('#root').getByRole('form', { name: 'New order' })).toBeVisible();
  const react = await boxes(page);

  // Every box is found, on both, and is where React puts it, to a pixel.
  expect(Object.keys(shell).length).toBeGreaterThan(15);
  expect(Object.entries(shell).filter(([, b]) => b === null)).toEqual([]);
  for (const [what, box] of Object.entries(react)) {
    expect(box, `React's ${what}`).not.toBeNull();
    const drawn = shell[what];
    for (const [i, side] of ['x', 'y', 'width', 'height'].entries())
      expect(
        Math.abs((drawn?.[i] ?? Number.NaN) - box![i]!),
        `${what}: ${side} ${drawn} against ${box}`,
      ).toBeLessThanOrEqual(1);
  }
});

test("what is done in the shell's first step before the app is there, React's form takes over", async ({
  page,
}) => {
  await signInCustomer(page);
  const release = await holdTheApp(page);
  await page.goto('/order/form/0');
  const shell = page.locator('#app-shell');
  await expect(shell.getByRole('form', { name: 'New order' })).toBeVisible();

  // The second of the next dates, a name typed over the last order's, the caret left mid-name.
  const second = shell.getByRole('group', { name: 'Next delivery dates' }).getByRole('button').nth(1);
  const date = (await second.textContent())!.slice(4);
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(shell.getByRole('button', { name: 'Delivery Date' })).toHaveText(date);
  const name = shell.getByRole('textbox', { name: 'Name' });
  await name.fill('Pat Early');
  await name.press('Home');
  for (let i = 0; i < 3; i++) await name.press('ArrowRight');

  release();
  await expect(shell).toHaveCount(0);
  const form = page.locator('#root').getByRole('form', { name: 'New order' });
  const reactName = form.getByRole('textbox', { name: 'Name' });
  await expect(reactName).toHaveValue('Pat Early');
  await expect(reactName).toBeFocused();
  await expect(form.getByRole('button', { name: 'Delivery Date' })).toHaveText(date);
  // The caret came over where it was: the next keys go on from there.
  await page.keyboard.type('ty');
  await expect(reactName).toHaveValue('Patty Early');
  // The last order's phone and email, as the shell showed them; React's form goes on.
  await expect(form.getByRole('textbox', { name: 'Phone' })).not.toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Email' })).not.toHaveValue('');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Select Your Products' })).toBeAttached();
  await expect(page.getByRole('textbox', { name: /^Cases of / }).first()).toBeVisible();
});

test("offline while React's form is on its way: the banner over the shell's form, and nothing typed lost", async ({
  page,
}) => {
  await signInCustomer(page);
  // React's frame is there; the form's code is held back, so the shell's form stands in. Then
  // the network drops and that request fails; the router asks for the code again once it is
  // back.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requests = 0;
  await page.route(/\/assets\/order-form\.route-[\w-]+\.js$/, async (route: Route) => {
    requests += 1;
    if (requests > 1) return route.continue();
    await released;
    return route.abort('internetdisconnected');
  });
  await page.goto('/order/form/0');
  const shellForm = page.locator('#app-shell').getByRole('form', { name: 'New order' });
  await expect(shellForm).toBeVisible();
  const status = page.locator('#root [data-app-status]');
  await expect(status).toBeAttached();
  await shellForm.getByRole('textbox', { name: 'Name' }).fill('Cellar Pat');

  await page.context().setOffline(true);
  await expect(status.getByText('You are offline.', { exact: false })).toBeVisible();
  release();
  await expect.poll(() => requests).toBe(1);
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(shellForm).toBeVisible();

  await page.context().setOffline(false);
  await expect(status.getByText('You are offline.', { exact: false })).toHaveCount(0);
  const form = page.locator('#root').getByRole('form', { name: 'New order' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Cellar Pat');
  expect(requests).toBe(2);
});

test("a tap on the shell's date field opens React's calendar once the app is there", async ({ page }) => {
  await signInCustomer(page);
  const release = await holdTheApp(page);
  await page.goto('/order/form/0');
  const shell = page.locator('#app-shell');
  await shell.getByRole('button', { name: 'Delivery Date' }).click();
  release();
  await expect(shell).toHaveCount(0);
  // The calendar: a month to page through, on a phone and a desk alike.
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (isPhone(page)) await saveScreen(page, 'order-form-calendar-after-first-paint', { fullPage: false });
});
