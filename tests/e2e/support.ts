import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

/**
 * The journeys' clock: the real time moved by the offset playwright.config.ts gave the server,
 * so the browser, the server and the test itself read the same fixed business day.
 */
export function testNow(): Date {
  const offset = Number(process.env.E2E_CLOCK_OFFSET_MS);
  if (!Number.isFinite(offset))
    throw new Error('E2E_CLOCK_OFFSET_MS is not set (playwright.config.ts sets it)');
  return new Date(Date.now() + offset);
}

/** Puts a browser context on the journeys' clock; time then runs on from there. */
export async function installTestClock(context: BrowserContext) {
  await context.clock.install({ time: testNow() });
}

/**
 * Waits until a page the server drew is live (issue 34, `html[data-live]`): hydrated (`true`), or
 * a sign-in page that works as a form until its first touch or key brings its scripts (`form`).
 * Before that, a screen's buttons are markup without handlers. A page the browser draws by
 * itself (the staff site, the offline template) has no server state and is live at once.
 */
export async function live(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('app-state') || document.documentElement.dataset.live !== undefined,
  );
}

/** Waits until the page is React's (hydrated), a sign-in page's scripts included. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
}

const settled = new WeakSet<Page>();

/**
 * Every `goto` and `reload` of `page` settles once the page is live (but for `waitUntil:
 * 'commit'`, for a journey that acts before): a journey never taps a button the server drew
 * before React has taken it. Returns the page.
 */
export function settleOnLive(page: Page): Page {
  if (settled.has(page)) return page;
  settled.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await live(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await live(page);
    return response;
  };
  return page;
}

/**
 * Playwright's `test` with every page on the journeys' clock, and every page of its context (a
 * second tab too) settled on live pages.
 */
export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    await installTestClock(context);
    if (javaScriptEnabled !== false) context.on('page', settleOnLive);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) settleOnLive(page);
    await use(page);
  },
});

/** The demo data's sign-ins (src/server/db/seed) and the e2e server's admin (playwright.config.ts). */
export const demo = {
  customer: { number: '1001', zip: '60601', name: 'Blue Heron Tavern' },
  reference: { number: '6001', zip: '60611' },
  inactive: { number: '1002', zip: '60602' },
  /** The demo's grocer (customer type Grocery, whose minimum is 10 cases). */
  grocer: {
    number: '5001',
    zip: '60618',
    contact: { name: 'Gina Grocer', phone: '3125550166', email: 'gina@example.com' },
  },
  admin: { user: 'admin', password: 'e2e-admin-password' },
};

export async function signInCustomer(
  page: Page,
  number = demo.customer.number,
  zip = demo.customer.zip,
  { keepDraft = false } = {},
) {
  await page.goto('/user/login');
  await page.getByLabel('Customer Number').fill(number);
  await page.getByLabel('Zip Code').fill(zip);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
  // A form the server drew may be posted before its scripts ran (issue 34): then the order home
  // comes as a page the server drew too. Signed in means that page is live; a journey that
  // pauses the clock next (page.clock) would otherwise hold its start.
  await expect(page.locator('#root').getByRole('banner')).toBeVisible();
  await live(page);
  if (!keepDraft) await forgetDraft(page);
}

/**
 * Deletes the signed-in customer's draft (design.md 7.3): a journey that typed an order and
 * left it would otherwise have the next one's new order offer it instead of an empty form.
 */
export async function forgetDraft(page: Page) {
  const session = await (await page.request.get('/api/v1/Session')).json();
  const res = await page.request.delete(`/api/v1/Customer/${session.Customer.Id}/Draft`);
  expect(res.status()).toBe(204);
}

export async function signInAdmin(page: Page, user = demo.admin.user, password = demo.admin.password) {
  await page.goto('/maint/login');
  await page.getByLabel('User Name').fill(user);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await expect(page).toHaveURL(/\/maint\/home$/);
}

/**
 * Whether this run checks accessibility: E2E_ACCESSIBILITY=0 leaves axe out, for a quick local
 * run (CI runs the journeys once, with axe: decision 034).
 */
export const checksAccessibility = process.env.E2E_ACCESSIBILITY !== '0';

/** Axe on the page as it is: no violation of any impact (WCAG 2 A and AA, and axe's best practices). */
export async function expectAccessible(page: Page) {
  if (!checksAccessibility) return;
  // A dialog still fading in has the colours of its half-way opacity: axe would measure those
  // (a contrast "violation" that nobody sees once the transition ends). Let transitions finish,
  // and stay finished for a moment: Mantine starts a transition a frame after the element
  // appears (its "pre-entering" frame runs no animation), so one quiet look is not enough (CI
  // failed on a half-faded dialog's OK button). Polled from here, not with the page's timers,
  // which page.clock may hold. Endless animations (a loader's spin) are left alone.
  for (let quiet = 0, tries = 0; quiet < 3 && tries < 200; tries++) {
    const busy = await page.evaluate(() =>
      document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        ),
    );
    quiet = busy ? 0 : quiet + 1;
    if (quiet < 3) await new Promise((r) => setTimeout(r, 40));
  }
  // Legacy mode runs axe in the page itself: the default opens a blank page in the context for
  // each run to merge the frames' results, half of each run's time (CI: issue 18), and it is
  // only needed for cross-origin frames, which the app has none of. Only violations are
  // collected: the passes' details are thrown away anyway.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  // Every impact: landmarks and heading order are "moderate" to axe, and they are what a
  // screen-reader user navigates by (issue 14).
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

/**
 * Screens are for people to open: CI's clone is thrown away after the run, so CI takes none
 * (a full-page shot of a long phone page costs seconds) unless E2E_SCREENS=1 asks for them.
 */
const takesScreens = process.env.E2E_SCREENS === '1' || !process.env.CI;

/** A full-page screenshot at `test-results/screens/<name>-<project>.png` (not in CI). */
export async function saveScreen(page: Page, name: string, { fullPage = true } = {}) {
  if (!takesScreens) return;
  // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}-${test.info().project.name}.png`, fullPage });
}

/**
 * A second browser (its own cookies) signed in as a customer, for journeys where staff change
 * something and a customer sees it. Close its context when done.
 */
export async function openCustomerPage(
  browser: Browser,
  number = demo.customer.number,
  zip = demo.customer.zip,
  options: { keepDraft?: boolean } = {},
) {
  const context = await browser.newContext();
  await installTestClock(context);
  const page = settleOnLive(await context.newPage());
  await signInCustomer(page, number, zip, options);
  return page;
}

/**
 * The admin filter panel of the current screen: inline on wide screens; on phones the header's
 * Filter button opens the right-hand drawer first. Fill fields inside the returned locator.
 */
export async function openFilters(page: Page) {
  if (!isPhone(page)) return page.getByRole('region', { name: 'Filters' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const drawer = page.getByRole('complementary', { name: 'Filters' });
  await expect(drawer.getByRole('button', { name: 'Update' })).toBeVisible();
  return drawer;
}

/** Phones apply the filter with the drawer's Update button; wide screens apply it after the debounce. */
export async function applyFilters(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Update' }).click();
}

/** Picks `option` in the Mantine Select labelled `label` inside `scope`. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// The order form's date picker and the customer menu (tests/e2e/ordering.spec.ts).

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM-DD' from the form's 'MM/DD/YYYY'. */
export const isoFrom = (mdy: string) => `${mdy.slice(6, 10)}-${mdy.slice(0, 2)}-${mdy.slice(3, 5)}`;
export const mdyFrom = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
export const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** The calendar's name for a day button ('D MMMM YYYY'). */
export const dayLabel = (iso: string) =>
  `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/**
 * Opens a customer menu entry (behind the burger on a phone). One that changes the route returns
 * once the route has changed, so the caller acts on the page it asked for, not on the one it left
 * while the next page's data was on its way.
 */
export async function openCustomerMenu(page: Page, entry: string) {
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: entry });
  let href: string | null = null;
  let newTab = false;
  const click = async () => {
    href = await link.getAttribute('href', { timeout: 3_000 });
    newTab = (await link.getAttribute('target', { timeout: 3_000 })) === '_blank';
    await link.click({ timeout: 3_000 });
  };
  if (isPhone(page)) {
    // The drawer slides in, and the route a previous entry started closes it when its loader
    // answers: clicked while it moves, the link is "outside of the viewport", and a drawer opened
    // just before that close is gone again (both seen in CI). Open it and click until it takes.
    await expect(async () => {
      if (!(await link.isVisible())) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await click();
    }).toPass({ timeout: 30_000 });
  } else {
    await click();
  }
  const pathname = new URL(href ?? '/', page.url()).pathname;
  if (!newTab) await page.waitForURL((url) => url.pathname === pathname);
  // Off the menu: a hovered menu entry is not what axe should judge.
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
}

export const deliveryDate = (page: Page) => page.getByRole('button', { name: 'Delivery Date' });

/** The earliest delivery date the form offers, read from its hint. */
export async function earliestDeliveryDate(page: Page): Promise<string> {
  const hint = await page.getByText(/^Earliest delivery date: /).textContent();
  return isoFrom(hint!.replace('Earliest delivery date: ', '').trim());
}

/** The calendar's button for `iso`, moving on a month at a time until it is shown. */
export async function calendarDay(page: Page, iso: string): Promise<Locator> {
  const day = page.getByRole('button', { name: dayLabel(iso), exact: true });
  // count() does not wait: let the calendar open before deciding the day is not on it (a slow
  // render otherwise looked like a later month, and the loop paged past the day).
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  for (let i = 0; i < 4 && (await day.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  return day;
}

export async function pickDeliveryDate(page: Page, iso: string) {
  await deliveryDate(page).click();
  await (await calendarDay(page, iso)).click();
  await expect(deliveryDate(page)).toHaveText(mdyFrom(iso));
}

/** Step 1 of a new order: the earliest delivery date and the contact, then on to the products. */
export async function startNewOrder(page: Page, contact: { name: string; phone: string; email: string }) {
  await page.goto('/order/form/0');
  await pickDeliveryDate(page, await earliestDeliveryDate(page));
  await page.getByLabel('Name').fill(contact.name);
  await page.getByLabel('Phone').fill(contact.phone);
  await page.getByLabel('Email').fill(contact.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The back-office file of a web order, in the e2e server's EXPORT_DIR (playwright.config.ts). */
export const exportFile = (orderNum: string) => `.tmp/e2e-${process.env.E2E_PORT}/exports/${orderNum}.txt`;

/** The journeys' server's outbox (playwright.config.ts's DATA_DIR): mails without SMTP_URL. */
const outboxDir = () => `.tmp/e2e-${process.env.E2E_PORT}/outbox`;

/**
 * Signs a person in by mailed code (design.md 8.2) through the API, in the page's own cookies at
 * `origin`: asks for a code, reads it from the mail in the outbox (its subject), and sends it.
 * Answers the sign-in's answer ({ Person, Venues }).
 */
export async function signInPersonByCode(page: Page, origin: string, email: string) {
  const asked = await page.request.post(`${origin}/api/v1/SignIn/Code`, { data: { Email: email } });
  expect(asked.status()).toBe(202);
  // The outbox's file name for the mail (src/server/modules/mail/mailer.ts), its time in it.
  const suffix = `-${email.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`;
  const latestCode = () => {
    if (!existsSync(outboxDir())) return '';
    const file = readdirSync(outboxDir())
      .filter((f) => f.startsWith('sign-in-code-') && f.endsWith(suffix))
      .sort()
      .at(-1);
    if (!file) return '';
    const mail = readFileSync(path.join(outboxDir(), file), 'utf8');
    return /^Subject: (\d{6}) is your sign-in code/m.exec(mail)?.[1] ?? '';
  };
  await expect.poll(latestCode, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  const res = await page.request.post(`${origin}/api/v1/SignIn/Person`, {
    data: { Email: email, Code: latestCode() },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Lets `work` set customer type 1's cutoff hour as staff would, then puts the demo's 16:00 back. */
export async function withTypeOneCutoffs(
  browser: Browser,
  work: (setCutoff: (hours: number) => Promise<void>) => Promise<void>,
) {
  const staff = await browser.newContext();
  const save = (CutoffHours: number) =>
    staff.request.post('/api/v1/CustomerType', {
      data: { Id: 1, Name: 'Bars & Taverns', LeadHours: 24, CutoffHours, CutoffMinutes: 0, Footer: '' },
    });
  try {
    const signedIn = await staff.request.post('/api/v1/Maint/Authenticate', {
      data: { User: demo.admin.user, Password: demo.admin.password },
    });
    expect(signedIn.ok()).toBe(true);
    await work(async (hours) => {
      expect((await save(hours)).ok()).toBe(true);
    });
  } finally {
    expect((await save(16)).ok()).toBe(true);
    await staff.close();
  }
}
