import type { Locator, Page } from '@playwright/test';
import { businessClock } from '../../src/domain/business-date';
import {
  earliestDeliveryDate as earliestDate,
  firstSelectableDeliveryDate,
} from '../../src/domain/delivery-date';
import { formatWeekdayDate } from '../../src/web/features/order/order-time';
import {
  earliestDeliveryDate,
  expect,
  expectAccessible,
  isPhone,
  mdyFrom,
  pickDeliveryDate,
  saveScreen,
  signInCustomer,
  test,
  testNow,
  withTypeOneCutoffs,
} from './support';

/*
 * Issue 14: the quantity mistakes that changed what was delivered. Each test types the way a
 * customer does (key by key, not `fill`), and failed on the code before the fix.
 */

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const totals = (page: Page) => page.getByTestId('order-totals');

/** Signs in as the demo bar, picks the earliest date, fills step 1 and opens step 2. */
async function openProducts(page: Page) {
  await signInCustomer(page);
  await page.goto('/order/form/0');
  const earliest = await earliestDeliveryDate(page);
  await pickDeliveryDate(page, earliest);
  await page.getByLabel('Name').fill('Quinn Quantity');
  await page.getByLabel('Phone').fill('3125550199');
  await page.getByLabel('Email').fill('quinn@example.com');
  await continueButton(page).click();
  await expect(page.getByRole('textbox', { name: /^Cases of / }).first()).toBeVisible();
  // The first rows are painted at once, the rest in a transition right after (products-step.tsx
  // FIRST_PAINT): the journeys start once the list is whole (the demo bar has 28 products).
  await expect(page.locator('[data-testid^="product-row-"]').nth(8)).toBeAttached();
  return earliest;
}

/** The Cases and Units boxes of the first `n` products sold by the unit as well as the case. */
async function looseProducts(page: Page, n: number) {
  const unitBoxes = page.getByRole('textbox', { name: /^Units of / });
  await expect(unitBoxes.nth(n - 1)).toBeVisible();
  const out: { code: string; cases: Locator; units: Locator; unitsPerCase: number }[] = [];
  for (let i = 0; i < n; i++) {
    const label = (await unitBoxes.nth(i).getAttribute('aria-label'))!;
    const code = label.split(' ')[2]!;
    const row = page.getByTestId(`product-row-${code}`);
    const text = (await row.textContent()) ?? '';
    // The table has a Units/Case cell; the cards say 'Units/Case N'.
    const unitsPerCase = isPhone(page)
      ? Number(/Units\/Case (\d+)/.exec(text)![1])
      : Number(await row.locator('td').nth(2).textContent());
    out.push({
      code,
      cases: page.getByRole('textbox', { name: label.replace(/^Units/, 'Cases') }),
      units: unitBoxes.nth(i),
      unitsPerCase,
    });
  }
  return out;
}

/**
 * A tap on a phone, a click on a desk, into a box that must then have the focus: a tap that
 * lands elsewhere loses what is typed next, and the failure says where the focus went and what
 * was under the box (CI keeps no trace).
 */
async function press(page: Page, box: Locator) {
  if (isPhone(page)) await box.tap();
  else await box.click();
  try {
    await expect(box).toBeFocused({ timeout: 3000 });
  } catch {
    const where = await box.evaluate((el) => {
      const describe = (e: Element | null) =>
        e
          ? `<${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.textContent?.slice(0, 60) ?? ''}>`
          : 'nothing';
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return `focus on ${describe(document.activeElement)}, the box at y ${Math.round(r.y)} of ${window.innerHeight}, under its middle ${describe(top)}`;
    });
    throw new Error(
      `The ${isPhone(page) ? 'tap' : 'click'} did not focus ${await box.getAttribute('aria-label')}: ${where}`,
    );
  }
}

test.describe('quantities', () => {
  test('a decimal in Cases is refused with a message on a numeric keypad, never read as another number', async ({
    page,
  }) => {
    await openProducts(page);
    if (isPhone(page)) {
      // Five products at a time at 390 x 844 under the header and over the form's bar (issue 33:
      // the bar took 124 px and a card 161, and two or three were in view).
      const inView = await page.evaluate(() => {
        const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
        const first = document.querySelector('[data-testid^="product-row-"]')!;
        window.scrollBy(0, first.getBoundingClientRect().top - headerBottom - 4);
        const navTop = document.querySelector('[data-testid="order-nav"]')!.getBoundingClientRect().top;
        return [...document.querySelectorAll('[data-testid^="product-row-"]')].filter((card) => {
          const box = card.getBoundingClientRect();
          return box.top >= headerBottom - 1 && box.bottom <= navTop + 1;
        }).length;
      });
      expect(inView).toBeGreaterThanOrEqual(5);
    }
    const cases = page.getByRole('textbox', { name: /^Cases of / }).first();
    // The phone's keypad: digits only.
    await expect(cases).toHaveAttribute('inputmode', 'numeric');
    await expect(cases).toHaveAttribute('pattern', '[0-9]*');
    await press(page, cases);
    await page.keyboard.type('2.5');
    // Before: the dot was dropped and the box held 25 (600 units of a 24-pack).
    await expect(cases).toHaveValue('2.5');
    await expect(page.getByText('Cases must be a whole number')).toBeVisible();
    await expect(totals(page)).toContainText('Cases: 0');
    await expect(continueButton(page)).toBeDisabled();
    await expect(page.getByText(/fix the boxes marked in red/)).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'quantity-decimal');

    await cases.fill('');
    await page.keyboard.type('2');
    await expect(page.getByText('Cases must be a whole number')).toHaveCount(0);
    await expect(totals(page)).toContainText('Cases: 2');
    await expect(continueButton(page)).toBeEnabled();
  });

  test('Units typed after Cases keep the Cases; the line says the units are ignored, and Continue waits for a choice', async ({
    page,
  }) => {
    await openProducts(page);
    const [line, other] = await looseProducts(page, 2);
    await press(page, line!.cases);
    await page.keyboard.type('5');
    await press(page, line!.units);
    await page.keyboard.type('6');
    // Before: the Cases box was emptied and the order went down to 6 bottles.
    await expect(line!.cases).toHaveValue('5');
    await expect(line!.units).toHaveValue('6');
    const total = 5 * line!.unitsPerCase;
    await expect(page.getByTestId(`ignored-${line!.code}`)).toHaveText(
      `6 units ignored: 5 cases = ${total} units`,
    );
    await expect(totals(page)).toContainText('Cases: 5');
    await expect(totals(page)).toContainText(`Total Units: ${total}`);
    await press(page, other!.cases);
    await page.keyboard.type('2');
    await press(page, other!.units);
    await page.keyboard.type('3');
    // Issue 32: the 6 and 3 units were dropped without a word (the preview showed Units 0);
    // now Continue waits until each line keeps its cases or its units.
    await expect(continueButton(page)).toBeDisabled();
    await expect(page.getByText(/^Units typed beside cases are not ordered/)).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'quantity-units-after-cases');
    await page.getByRole('button', { name: `Keep 5 cases of ${line!.code} `, exact: false }).click();
    await expect(line!.units).toHaveValue('');
    await expect(line!.cases).toHaveValue('5');
    await expect(continueButton(page)).toBeDisabled();
    await page.getByRole('button', { name: `Order 3 units of ${other!.code} `, exact: false }).click();
    await expect(other!.cases).toHaveValue('');
    await expect(other!.units).toHaveValue('3');
    await expect(page.getByTestId(/^ignored-/)).toHaveCount(0);

    await continueButton(page).click();
    const preview = isPhone(page) ? page.locator('main li') : page.locator('main tbody tr');
    await expect(preview).toHaveCount(2);
    // Cases and Units as the preview shows them: a card's line, or the table's cells.
    const quantities = async (code: string) => {
      const row = preview.filter({ hasText: code });
      if (isPhone(page)) return /Cases \d+ · Units \d+/.exec((await row.textContent()) ?? '')?.[0];
      return `Cases ${await row.locator('td').nth(3).textContent()} · Units ${await row.locator('td').nth(4).textContent()}`;
    };
    expect(await quantities(line!.code)).toBe('Cases 5 · Units 0');
    expect(await quantities(other!.code)).toBe('Cases 0 · Units 3');
    await expect(page.getByTestId('order-totals')).toContainText('Cases: 5');
    await expect(page.getByTestId('order-totals')).toContainText(`Total Units: ${total + 3}`);
  });

  test('Enter goes from Cases box to Cases box, never into a Units box', async ({ page }) => {
    await openProducts(page);
    const [loose] = await looseProducts(page, 1);
    const cases = page.getByRole('textbox', { name: /^Cases of / });
    const labels = await cases.evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')!));
    const at = labels.indexOf((await loose!.cases.getAttribute('aria-label'))!);
    expect(labels.length).toBeGreaterThan(at + 2);
    // A list typed with Enter between quantities, from a row sold by the unit as well.
    await press(page, loose!.cases);
    for (const typed of ['4', '7', '9']) {
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
    }
    // Before: the 7 went into the row's Units box (and was ignored), the 9 one product up.
    await expect(loose!.units).toHaveValue('');
    for (const [i, typed] of ['4', '7', '9'].entries()) await expect(cases.nth(at + i)).toHaveValue(typed);
    await expect(totals(page)).toContainText('Products: 3');
    await expect(totals(page)).toContainText('Cases: 20');
  });

  test('fast typing box to box right after each tap, on a slowed CPU, loses nothing', async ({ page }) => {
    await openProducts(page);
    const lines = await looseProducts(page, 3);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      // The second review's sequence: 12, 34, 34 in three Cases boxes, then 5 Units on two of those lines.
      for (const [i, typed] of ['12', '34', '34'].entries()) {
        await press(page, lines[i]!.cases);
        await page.keyboard.type(typed);
      }
      for (const i of [1, 2]) {
        await press(page, lines[i]!.units);
        await page.keyboard.type('5');
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    for (const [i, typed] of ['12', '34', '34'].entries()) await expect(lines[i]!.cases).toHaveValue(typed);
    await expect(totals(page)).toContainText('Products: 3');
    // Before: the Units erased the Cases of lines 2 and 3, leaving only the first line's 12 cases.
    await expect(totals(page)).toContainText('Cases: 80');
    // The 5 units beside cases wait for a choice (issue 32): the cases are kept.
    await expect(continueButton(page)).toBeDisabled();
    for (const i of [1, 2])
      await page.getByRole('button', { name: `Keep 34 cases of ${lines[i]!.code} `, exact: false }).click();
    await continueButton(page).click();
    const preview = isPhone(page) ? page.locator('main li') : page.locator('main tbody tr');
    await expect(preview).toHaveCount(3);
    for (const line of lines) await expect(page.locator('main')).toContainText(line.code);
  });

  test('the cutoff passing on the preview says the new earliest date and moves the order there in one tap', async ({
    page,
    browser,
  }) => {
    // Staff keep type 1's cutoff an hour ahead of the clock while the customer orders, then
    // move it to the start of the current hour while the customer reads the preview: the
    // server now counts the order as late, as when the real cutoff passes. On the journeys'
    // Wednesday 10:00: + 1 day of lead time + 2 = Saturday, which type 1 cannot take: Monday.
    const hour = businessClock(testNow(), 'America/Chicago').hours;
    test.skip(hour === 23, 'needs an hour after the current one on the same day');
    await withTypeOneCutoffs(browser, async (setCutoff) => {
      await setCutoff(hour + 1);
      const earliest = await openProducts(page);
      await press(page, page.getByRole('textbox', { name: /^Cases of / }).first());
      await page.keyboard.type('2');
      await continueButton(page).click();
      await expect(page.getByTestId('preview-delivery-date')).toHaveText(mdyFrom(earliest));

      const moved = firstSelectableDeliveryDate({
        earliest: earliestDate({
          now: testNow(),
          tz: 'America/Chicago',
          leadHours: 24,
          cutoffHours: hour,
          cutoffMinutes: 0,
        }),
        customerTypeId: 1,
      });
      expect(moved > earliest).toBe(true);
      await setCutoff(hour);
      await page.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Order Error' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`The earliest delivery date is now ${formatWeekdayDate(moved)}`);
      await expectAccessible(page);
      await saveScreen(page, 'quantity-cutoff-passed');
      await dialog.getByRole('button', { name: `Move to ${formatWeekdayDate(moved)}` }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('preview-delivery-date')).toHaveText(mdyFrom(moved));
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('dialog', { name: 'Order Confirmation' })).toBeVisible();
    });
  });
});
