import type { Page } from '@playwright/test';
import { demo, expect, live, signInCustomer, test } from './support';

/**
 * Issue 34: the customer pages are drawn on the server by the same React components the browser
 * then hydrates. Each page hydrates what was drawn (no mismatch), on a phone and a desk, and
 * what a customer types before the scripts have run is kept.
 */

/** What the console says about a page the browser could not hydrate as drawn. */
function watchHydration(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) faults.push(m.text());
  });
  page.on('pageerror', (e) => faults.push(e.message));
  return faults;
}

test('every customer page hydrates what the server drew, with its data in the markup', async ({ page }) => {
  const faults = watchHydration(page);
  await signInCustomer(page);
  const session = await (await page.request.get('/api/v1/Session')).json();
  const customer = session.Customer as { Id: number; Name: string };
  const list = await (await page.request.get(`/api/v1/Orders/${demo.customer.number}`)).json();
  const order = list.Orders[0] as { Id: number; OrderNum: string };
  expect(order).toBeTruthy();

  const pages = [
    { url: '/order/home', heading: /Order Messages?/, drawn: 'Continue' },
    { url: '/order/form/0', heading: 'New Order', drawn: 'Delivery Date' },
    // A Re-Order and a change: the form with the order it opens on (its own products first).
    { url: `/order/form/0?copy=${order.Id}`, heading: 'New Order', drawn: 'Delivery Date' },
    { url: `/order/form/0?change=${order.Id}`, heading: 'Change Order', drawn: order.OrderNum },
    { url: '/order/history', heading: 'Orders History', drawn: order.OrderNum },
    { url: `/order/history/detail/${order.Id}`, heading: 'Order Detail', drawn: order.OrderNum },
    // Standing orders (design.md 8.6): the list, and a new one's form from the last order.
    { url: '/order/standing', heading: 'Standing Orders', drawn: 'Standing Orders' },
    { url: '/order/standing/new', heading: 'New Standing Order', drawn: 'Delivery days' },
    {
      url: `/worksheet/${customer.Id}/${encodeURIComponent(customer.Name)}`,
      heading: customer.Name,
      drawn: 'Order Worksheet',
    },
  ];
  for (const p of pages) {
    // The page as the server sends it, before any script: the screen and its data are there.
    const html = await (await page.request.get(p.url)).text();
    const markup = html.slice(0, html.indexOf('id="app-state"'));
    expect(markup, p.url).toContain(customer.Name.replace(/&/g, '&amp;'));
    expect(markup, p.url).toContain(p.drawn);

    await page.goto(p.url);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    await expect(page.getByText(p.drawn).first()).toBeVisible();
  }
  expect(faults).toEqual([]);
});

test('what a customer types in the first step before the scripts run is kept', async ({ page }) => {
  await signInCustomer(page);
  // A phone's CPU, and the page's scripts held back until the customer has typed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const faults = watchHydration(page);

  await page.goto('/order/form/0', { waitUntil: 'commit' });
  const name = page.getByRole('textbox', { name: 'Name' });
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await expect(name).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.live)).toBeUndefined();
  await name.fill('Sam Lee');
  await phone.fill('(312) 555-0199');
  await phone.focus();

  release();
  await live(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(name).toHaveValue('Sam Lee');
  await expect(phone).toHaveValue('(312) 555-0199');
  // React holds what was typed, not what it drew: a key typed now goes on from it.
  await name.press('End');
  await name.pressSequentially('s');
  await expect(name).toHaveValue('Sam Lees');
  expect(faults).toEqual([]);
});
