import type { Locator, Page } from '@playwright/test';
import {
  earliestDeliveryDate,
  expect,
  expectAccessible,
  forgetDraft,
  isPhone,
  openCustomerMenu,
  pickDeliveryDate,
  saveScreen,
  signInCustomer,
  test,
} from './support';

/*
 * Issue 19: step 2 as an order guide. Each project orders as its own customer (a restaurant of
 * the demo data, with six months of history), so nothing an earlier journey did (an ERP import
 * for 1001, another project's order or par) changes what this one sees.
 */
const customers = {
  desktop: { number: '2005', zip: '60622' },
  phone: { number: '2006', zip: '60640' },
} as const;

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const totals = (page: Page) => page.getByTestId('order-totals');
const rows = (page: Page) => page.getByTestId(/^product-row-/);

async function productsCount(page: Page): Promise<number> {
  return Number(/Products: (\d+)/.exec((await totals(page).textContent()) ?? '')?.[1] ?? 0);
}

/** Step 1 with the earliest date and a contact, then Continue to the guide. */
async function openGuide(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await pickDeliveryDate(page, await earliestDeliveryDate(page));
  await page.getByLabel('Name').fill('Gia Guide');
  await page.getByLabel('Phone').fill('3125550188');
  await page.getByLabel('Email').fill('gia.guide@example.com');
  await continueButton(page).click();
  await expect(rows(page).first()).toBeVisible();
}

const codeOf = async (row: Locator) => (await row.getAttribute('data-testid'))!.replace('product-row-', '');

test('the order guide: same as last order, two changes, a par, order to par, submit; never a cancelled order again; then from the worksheet', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const who = customers[test.info().project.name as keyof typeof customers] ?? customers.desktop;
  await signInCustomer(page, who.number, who.zip);
  await page.goto('/order/form/0');
  await openGuide(page);

  // The two most ordered products, held by their codes (counting for a par shows fewer rows).
  const firstCode = await codeOf(rows(page).nth(0));
  const secondCode = await codeOf(rows(page).nth(1));
  const first = page.getByTestId(`product-row-${firstCode}`);
  const second = page.getByTestId(`product-row-${secondCode}`);
  const casesOf = (row: Locator) => row.getByRole('textbox', { name: /^Cases of / });

  await test.step('the guide: most ordered first, with the last deliveries and the par', async () => {
    await expect(first).toContainText(/\d+ C|-/);
    await expect(page.getByTestId(`par-${firstCode}`)).toBeVisible();
    await expect(casesOf(first)).toHaveAttribute('inputmode', 'numeric');
    if (isPhone(page)) {
      const plus = first.getByRole('button', { name: `One case more of ${firstCode}` });
      const box = await plus.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await saveScreen(page, 'order-guide');
  });

  // The order "Same as last order" copies, as its note names it (issue 32).
  const copiedNote = /Copied order (\S+), for delivery on (\d\d\/\d\d\/\d{4})\./;
  let lastCopied = '';

  await test.step('same as last order, undone once and done again', async () => {
    const same = page.getByRole('button', { name: 'Same as last order', exact: true });
    await same.click();
    // The note names the order copied and its delivery date, as the app writes dates.
    await expect(page.getByTestId('guide-note')).toContainText(copiedNote);
    lastCopied = copiedNote.exec((await page.getByTestId('guide-note').textContent()) ?? '')![0];
    const undo = page.getByRole('button', { name: 'Undo Same as last order' });
    await expect(undo).toBeVisible();
    await undo.click();
    await expect(undo).toBeHidden();
    await expect(totals(page)).toContainText('Products: 0');
    await same.click();
    await expect(undo).toBeVisible();
    // Products of the last order that can no longer be ordered are named; the button stays.
    await expect(same).toBeEnabled();
  });

  await test.step('two quantities changed, one with the plus button on a phone', async () => {
    await casesOf(first).fill('3');
    if (isPhone(page)) {
      await casesOf(second).fill('1');
      await second.getByRole('button', { name: `One case more of ${secondCode}` }).tap();
    } else {
      await casesOf(second).fill('2');
    }
    await expect(casesOf(first)).toHaveValue('3');
    await expect(casesOf(second)).toHaveValue('2');
    expect(await productsCount(page)).toBeGreaterThanOrEqual(2);
  });

  await test.step('a par set from the row is saved', async () => {
    await page.getByTestId(`par-${firstCode}`).click();
    const dialog = page.getByRole('dialog', { name: 'Par' });
    await dialog.getByLabel('Par (cases)').fill('6');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save par' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`par-${firstCode}`)).toHaveText('Par 6');
  });

  await test.step('order to par from the counts on hand: saved pars only, a suggestion once used', async () => {
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(totals(page)).toContainText('Products: 0');
    await page.getByRole('button', { name: 'Order to par', exact: true }).click();
    await page.getByRole('textbox', { name: new RegExp(`^On hand of ${firstCode} `) }).fill('2');
    // The second product has only a suggested par: no count box, a button to use it.
    const use = page.getByTestId(`use-par-${secondCode}`);
    await expect(use).toHaveText(/^Use par \d+$/);
    const suggested = Number((await use.textContent())!.replace('Use par ', ''));
    await expect(page.getByTestId('suggested-pars')).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'order-guide-count');
    await use.click();
    await expect(page.getByTestId(`par-${secondCode}`)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: new RegExp(`^On hand of ${secondCode} `) })).toHaveValue(
      '',
    );
    await page.getByRole('button', { name: 'Fill to par' }).click();
    await expect(casesOf(first)).toHaveValue('4');
    // No count for the second: 0 on hand, its par (the suggestion it now has) in full.
    await expect(casesOf(second)).toHaveValue(String(suggested));
    // Before: every product with a suggestion was filled from a blank count (23 lines).
    await expect(totals(page)).toContainText('Products: 2');
    await expect(page.getByTestId('guide-note')).toContainText('with only a suggested par');
    await expect(page.getByTestId(`par-${secondCode}`)).toHaveText(`Par ${suggested}`);
    await expect(page.getByRole('button', { name: 'Undo Order to par' })).toBeVisible();
    await expect(continueButton(page)).toBeEnabled();
  });

  await test.step('preview and submit', async () => {
    await continueButton(page).click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(page.locator('main')).toContainText(firstCode);
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/order\/home$/);
  });

  await test.step('the order just placed, cancelled, is never the one "Same as last order" copies', async () => {
    const list = await (await page.request.get(`/api/v1/Orders/${who.number}`)).json();
    const placed = list.Orders[0];
    expect((await page.request.post(`/api/v1/Order/${placed.Id}/Cancel`)).status()).toBe(200);
    await page.goto('/order/form/0');
    await openGuide(page);
    await page.getByRole('button', { name: 'Same as last order', exact: true }).click();
    // Before: the cancelled order's lines, with nothing saying which order they came from.
    await expect(page.getByTestId('guide-note')).toContainText(lastCopied);
    await expect(page.getByTestId('guide-note')).not.toContainText(placed.OrderNum);
    await saveScreen(page, 'order-guide-same-as-last');
    // This form is no order to offer when the worksheet starts one.
    await page.goto('/order/home');
    await forgetDraft(page);
  });

  await test.step("the worksheet's Par column and Start an order from these counts", async () => {
    const [sheet] = await Promise.all([
      context.waitForEvent('page'),
      openCustomerMenu(page, 'Order Worksheet'),
    ]);
    await sheet.waitForLoadState();
    await expect(sheet.getByRole('columnheader', { name: 'Par', exact: true })).toBeVisible();
    const row = sheet.getByTestId(`worksheet-row-${firstCode}`);
    await expect(sheet.getByTestId(`worksheet-par-${firstCode}`)).toHaveText('6');
    await row.getByRole('textbox').fill('1');
    await expectAccessible(sheet);
    await saveScreen(sheet, 'order-guide-worksheet');
    await sheet.getByRole('button', { name: 'Start an order from these counts' }).click();
    await expect(sheet).toHaveURL(/\/order\/form\/0$/);
    await openGuide(sheet);
    // Par 6, 1 counted on the sheet: 5 to order.
    await expect(
      sheet.getByTestId(`product-row-${firstCode}`).getByRole('textbox', { name: /^Cases of / }),
    ).toHaveValue('5');
    await expect(sheet.getByTestId('guide-note')).toContainText('worksheet');
    await expectAccessible(sheet);
    await saveScreen(sheet, 'order-guide-from-worksheet');
  });
});
