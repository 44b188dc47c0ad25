import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  isPhone,
  saveScreen,
  signInAdmin,
  signInCustomer,
  startNewOrder,
  test,
} from './support';

/*
 * The quick order from text (design.md 8.7, issue 41) on a phone and a desk: a message pasted
 * into step 2's quick add, read into lines; the unsure one fixed by picking the product meant;
 * every line added with a tap or the sure ones with one; and the order sent with what was
 * checked, nothing else. Staff paste a customer's message on "Place an order for this customer"
 * the same way. The products are the demo's for 1001 (Blue Heron Tavern) and 7002 (Navy Pier
 * Events & Catering), which no other journey orders for.
 */

const quickAdd = (page: Page) => page.getByRole('region', { name: 'Quick add from a message' });
const lineOf = (page: Page, text: string) =>
  quickAdd(page).getByTestId('quick-line').filter({ hasText: text });

async function readMessage(page: Page, message: string) {
  await page.getByRole('button', { name: 'Quick add from a message' }).click();
  await quickAdd(page).getByLabel('Type or paste your order').fill(message);
  await quickAdd(page).getByRole('button', { name: 'Read the message' }).click();
  await expect(quickAdd(page).getByTestId('quick-line').first()).toBeVisible();
}

test('a customer pastes a message, fixes the unsure line, and sends the order', async ({ page }) => {
  test.setTimeout(120_000);
  await signInCustomer(page);
  await startNewOrder(page, { name: 'Dana Reyes', phone: '3125550142', email: 'dana@example.com' });

  await readMessage(
    page,
    [
      'Hey Mike, for Friday please:',
      '3 cs lake effect tallboys',
      'sunset wheat x2',
      '2 ipa',
      'thanks! - Dana',
    ].join('\n'),
  );
  await expect(quickAdd(page).getByTestId('quick-line')).toHaveCount(5);
  await expect(lineOf(page, 'Hey Mike')).toContainText('Not a product: left out');
  await expect(lineOf(page, 'thanks! - Dana')).toContainText('Not a product: left out');
  await expect(lineOf(page, 'lake effect tallboys')).toContainText('Sure');
  await expect(
    lineOf(page, 'lake effect tallboys').getByRole('combobox', { name: /^Product for/ }),
  ).toHaveValue('Lake Effect IPA 24x16oz Can');
  await expect(lineOf(page, 'sunset wheat x2').getByRole('textbox', { name: /^Cases for/ })).toHaveValue('2');
  // "2 ipa" fits two IPAs: the line asks to be checked, with the other one to pick.
  const ipa = lineOf(page, '2 ipa');
  await expect(ipa).toContainText('Check');
  await expectAccessible(page);
  await saveScreen(page, 'quick-order-read');

  await ipa.getByRole('combobox', { name: /^Product for/ }).click();
  await page.getByRole('option', { name: 'Midwest Hazy IPA 24x16oz Can' }).click();
  await expect(ipa.getByRole('combobox', { name: /^Product for/ })).toHaveValue(
    'Midwest Hazy IPA 24x16oz Can',
  );
  await ipa.getByRole('button', { name: 'Add 2 ipa' }).click();
  await expect(ipa.getByRole('button', { name: 'Added: 2 ipa' })).toBeDisabled();
  // Only the sure lines not yet added: the two left.
  await quickAdd(page).getByRole('button', { name: 'Add the sure lines (2)' }).click();
  await expect(quickAdd(page)).toContainText('3 of 3 products added');
  await expect(quickAdd(page).getByRole('button', { name: 'Add the sure lines (0)' })).toBeDisabled();
  await expectAccessible(page);
  await saveScreen(page, 'quick-order-added');

  // The products' own boxes show what was added, and the preview has those three and no other.
  for (const [product, cases] of [
    ['Lake Effect IPA 24x16oz Can', '3'],
    ['Sunset Wheat 24x12oz Can', '2'],
    ['Midwest Hazy IPA 24x16oz Can', '2'],
  ] as const)
    await expect(
      page.getByRole('textbox', { name: new RegExp(`^Cases of (\\S+ )?${product}$`) }),
    ).toHaveValue(cases);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  const previewLines = isPhone(page) ? page.locator('main li') : page.locator('main tbody tr');
  await expect(previewLines).toHaveCount(3);
  for (const product of [
    'Lake Effect IPA 24x16oz Can',
    'Sunset Wheat 24x12oz Can',
    'Midwest Hazy IPA 24x16oz Can',
  ])
    await expect(previewLines.filter({ hasText: product })).toHaveCount(1);
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
  await expect(confirmation.getByTestId('web-conf-number')).toHaveText(/^W\d+$/);
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
});

test("staff paste a customer's message on Place an order for this customer", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const customers = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  const id = customers.find((c) => c.CompanyId === 7002)!.Id;
  await page.goto(`/maint/customer/edit/${id}`);
  await page.getByRole('link', { name: 'Place an order for this customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/maint/customer/order/${id}$`));
  await page.getByRole('group', { name: 'Next delivery dates' }).getByRole('button').first().click();
  await page.getByLabel('Name').fill('Navy Pier catering');
  await page.getByLabel('Phone').fill('3125550170');
  await page.getByLabel('Email').fill('events@navypier.example.com');
  await page.getByLabel('Reference PO').fill('EVENT-1128');
  await page.getByRole('button', { name: 'Continue' }).click();

  await readMessage(
    page,
    'Hi Mike -- Navy Pier catering, event Sat 11/28 (300 guests)\n10 cs windy city cans\nmerlot 4\nchianti 18 btls',
  );
  await expect(lineOf(page, 'Navy Pier catering')).toContainText('Not a product: left out');
  await expect(lineOf(page, 'chianti 18 btls').getByRole('textbox', { name: /^Units for/ })).toHaveValue(
    '18',
  );
  await quickAdd(page)
    .getByRole('button', { name: /^Add the sure lines/ })
    .click();
  await expect(
    page.getByRole('textbox', { name: /^Cases of (\S+ )?Windy City Lager 24x12oz Can$/ }),
  ).toHaveValue('10');
  await expect(page.getByRole('textbox', { name: /^Units of (\S+ )?Chianti DOCG 12x750ml$/ })).toHaveValue(
    '18',
  );
  await expectAccessible(page);
  await saveScreen(page, 'quick-order-staff');
});
