import type { Page } from '@playwright/test';
import {
  addDays,
  calendarDay,
  dayLabel,
  deliveryDate,
  demo,
  earliestDeliveryDate as earliestDate,
  expect,
  expectAccessible,
  isPhone,
  mdyFrom,
  openCustomerMenu as openMenu,
  pickDeliveryDate as pickDate,
  saveScreen,
  signInCustomer,
  test,
  weekday,
} from './support';

/** The customer ordering journey (spec section 2's customer area), on the desktop and phone projects. */

async function fillContact(page: Page, name = 'Pat Tester') {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone').fill('3125550142');
  await page.getByLabel('Email').fill('pat.tester@example.com');
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const casesInputs = (page: Page) => page.getByRole('textbox', { name: /^Cases of / });

test.describe('customer ordering', () => {
  test('messages, a new order with its checks, history, detail and re-order', async ({ page }) => {
    // One journey through every screen of an order, with axe on each: longer than the default
    // minute. Each step is named in a failure's report.
    test.setTimeout(150_000);
    await signInCustomer(page);

    await test.step('order home: both messages for a type-1 customer, Continue to a new order', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Order Messages' })).toBeVisible();
      await expect(page.getByTestId('order-message')).toHaveCount(2);
      await expect(page.getByText('Holiday schedule:')).toBeVisible();
      await expectAccessible(page);
      await saveScreen(page, 'order-home');
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/order\/form\/0$/);
    });

    const earliest =
      await test.step('step 1: the later steps and Continue wait for a valid step', async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
        await expect(page.getByRole('button', { name: /Select Your Products/ })).toBeDisabled();
        await expect(page.getByRole('button', { name: /Preview Order/ })).toBeDisabled();
        await expect(continueButton(page)).toBeDisabled();
        await expect(page.getByLabel('Reference PO')).toHaveCount(0);
        return earliestDate(page);
      });

    await test.step('step 1: no Sundays, and no Saturdays for type 1', async () => {
      // A Sunday (the first after the earliest date) cannot be picked.
      const sunday = addDays(earliest, 7 - weekday(earliest));
      await deliveryDate(page).click();
      await expect(await calendarDay(page, sunday)).toBeDisabled();
      const saturday = addDays(sunday, -1);
      if (saturday >= earliest && saturday.slice(0, 7) === sunday.slice(0, 7)) {
        await expect(page.getByRole('button', { name: dayLabel(saturday), exact: true })).toBeDisabled();
      }
      await page.keyboard.press('Escape');
      await expect(page.getByText('Delivery Date is required')).toBeVisible();
    });

    await test.step('step 1: the remembered contact, emptied to see the messages', async () => {
      // The last order's contact is filled in (issue 14).
      await expect(page.getByLabel('Name')).not.toHaveValue('');
      await page.getByLabel('Name').fill('');
      await page.getByLabel('Phone').fill('312555');
      await expect(page.getByLabel('Phone')).toHaveValue('(312) 555');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Name').focus();
      await page.getByLabel('Name').blur();
      await expect(page.getByText('Valid Phone number is required')).toBeVisible();
      await expect(page.getByText('Invalid Email')).toBeVisible();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expectAccessible(page);
      await saveScreen(page, 'order-step1-errors');
    });

    await test.step('step 1: a valid date and contact enable Continue', async () => {
      await pickDate(page, earliest);
      await fillContact(page);
      await expect(page.getByLabel('Phone')).toHaveValue('(312) 555-0142');
      await page.getByLabel('Email').blur();
      await expect(page.getByText('Invalid Email')).toHaveCount(0);
      await expect(continueButton(page)).toBeEnabled();
      await saveScreen(page, 'order-step1');
      await continueButton(page).click();
    });

    await test.step('step 2: cases for two products, a negative entry becomes 0, the running total', async () => {
      await expect(casesInputs(page).first()).toBeVisible();
      await expect(continueButton(page)).toBeDisabled();
      await casesInputs(page).nth(0).fill('2');
      await casesInputs(page).nth(1).fill('3');
      await casesInputs(page).nth(2).fill('-4');
      await casesInputs(page).nth(2).blur();
      await expect(casesInputs(page).nth(2)).toHaveValue('0');
      const totals = page.getByTestId('order-totals');
      await expect(totals).toContainText('Products: 2');
      await expect(totals).toContainText('Cases: 5');
      await expectAccessible(page);
      await saveScreen(page, 'order-step2', { fullPage: false });
      await continueButton(page).click();
    });

    await test.step('step 3: only the two lines with a quantity', async () => {
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
      await expect(page.getByTestId('preview-delivery-date')).toHaveText(mdyFrom(earliest));
      await expect(page.getByText('(312) 555-0142')).toBeVisible();
      const previewLines = isPhone(page) ? page.locator('main li') : page.locator('main tbody tr');
      await expect(previewLines).toHaveCount(2);
      await expectAccessible(page);
      await saveScreen(page, 'order-step3');
      await page.getByRole('button', { name: 'Submit' }).click();
    });

    const orderNum = await test.step('the confirmation gives the Web Conf #', async () => {
      const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
      await expect(confirmation).toBeVisible();
      const shown = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
      expect(shown).toMatch(/^W\d+$/);
      await expectAccessible(page);
      await saveScreen(page, 'order-confirmation');
      await confirmation.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/order\/home$/);
      return shown;
    });

    const first = page.getByTestId('order-row').first();
    await test.step('history: the new order first', async () => {
      await openMenu(page, 'Orders History');
      await expect(page.getByRole('heading', { level: 1, name: 'Orders History' })).toBeVisible();
      await expect(first).toContainText(orderNum);
      await expect(first).toContainText(mdyFrom(earliest));
      await expect(first).toContainText('(312) 555-0142');
      await expect(first.getByTestId('order-placed-by')).toHaveText('Shared sign-in');
      await expect(page.getByTestId('order-row')).toHaveCount(isPhone(page) ? 15 : 25);
      await expectAccessible(page);
      await saveScreen(page, 'order-history');
    });

    await test.step('detail of the new order', async () => {
      await first.getByRole('link', { name: `Detail of order ${orderNum}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Order Detail' })).toBeVisible();
      await expect(page.getByTestId('detail-order-num')).toHaveText(orderNum);
      await expect(page.getByText('pat.tester@example.com')).toBeVisible();
      await expect(page.getByTestId('detail-placed-by')).toHaveText('Shared sign-in');
      await expectAccessible(page);
      await saveScreen(page, 'order-detail');
    });

    await test.step('Copy: the same lines, the delivery date cleared', async () => {
      await page.getByRole('link', { name: 'Copy' }).click();
      await expect(page).toHaveURL(/\/order\/form\/0\?copy=\d+$/);
      await expect(page.getByTestId('copied-from')).toContainText(orderNum);
      await expect(page.getByLabel('Name')).toHaveValue('Pat Tester');
      await expect(page.getByLabel('Phone')).toHaveValue('(312) 555-0142');
      await expect(deliveryDate(page)).toHaveText('Pick a delivery date');
      await expect(continueButton(page)).toBeDisabled();
      await pickDate(page, earliest);
      await continueButton(page).click();
      await expect(page.getByTestId('order-totals')).toContainText('Cases: 5');
      await expectAccessible(page);
      await saveScreen(page, 'order-reorder');
    });
  });

  test('the worksheet opens in a new tab and prints without its buttons', async ({ page, context }) => {
    await signInCustomer(page);
    const sheet = await test.step('open the worksheet from the menu', async () => {
      const [opened] = await Promise.all([context.waitForEvent('page'), openMenu(page, 'Order Worksheet')]);
      await opened.waitForLoadState();
      await expect(opened).toHaveURL(/\/worksheet\/\d+\//);
      await expect(opened.getByRole('heading', { level: 1, name: demo.customer.name })).toBeVisible();
      await expect(opened.getByRole('columnheader', { name: 'Product Code / Description' })).toBeVisible();
      return opened;
    });
    const sheetCases = sheet.getByRole('textbox', { name: /^Cases of / });
    await test.step('the Cases boxes are in view, on a phone too (issue 33)', async () => {
      const width = sheet.viewportSize()!.width;
      for (const box of [await sheetCases.first().boundingBox(), await sheetCases.last().boundingBox()]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
    });
    await test.step('a negative entry is cleared, a count shows its total', async () => {
      await sheetCases.first().fill('-3');
      await sheetCases.first().blur();
      await expect(sheetCases.first()).toHaveValue('');
      await sheetCases.first().fill('4');
      await sheetCases.first().blur();
      await expect(sheet.getByTestId(/^worksheet-total-/).first()).not.toHaveText('');
      await expectAccessible(sheet);
      await saveScreen(sheet, 'worksheet');
    });
    await test.step('print: no buttons, no inputs, the count as text', async () => {
      await sheet.emulateMedia({ media: 'print' });
      await expect(sheet.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(sheetCases.first()).toBeHidden();
      await expect(sheet.locator('.ws-print-only').first()).toHaveText('4');
      await saveScreen(sheet, 'worksheet-print');
    });
    await sheet.close();
  });

  test('a delivery date 60 or more days out is red and asks first; No returns to step 1', async ({
    page,
  }) => {
    await signInCustomer(page);
    await page.goto('/order/form/0');
    const earliest = await earliestDate(page);
    let far = addDays(earliest, 63);
    while (weekday(far) === 0 || weekday(far) === 6) far = addDays(far, 1);
    await pickDate(page, far);
    await expect(deliveryDate(page)).toHaveCSS('color', 'rgb(201, 42, 42)');
    await expect(page.getByText(/60 or more days from today/)).toBeVisible();
    await fillContact(page);
    await continueButton(page).click();
    await casesInputs(page).first().fill('1');
    await continueButton(page).click();
    await page.getByRole('button', { name: 'Submit' }).click();

    const warning = page.getByRole('dialog', { name: 'Delivery Date' });
    await expect(warning).toContainText('more than 60 days out');
    await expect(warning).toContainText('Is this correct?');
    await saveScreen(page, 'order-far-date');
    await warning.getByRole('button', { name: 'No' }).click();
    await expect(deliveryDate(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('a reference customer must give a Reference PO of at most 20 characters', async ({ page }) => {
    await signInCustomer(page, demo.reference.number, demo.reference.zip);
    await openMenu(page, 'New Order');
    const po = page.getByLabel('Reference PO');
    await expect(po).toBeVisible();
    await pickDate(page, await earliestDate(page));
    await fillContact(page, 'Riley Buyer');
    await po.focus();
    await po.blur();
    await expect(page.getByText('Reference PO is required')).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    await po.fill('PO-123456789012345678');
    await po.blur();
    await expect(page.getByText('Length of Reference PO must be less than or equal to 20')).toBeVisible();
    await expectAccessible(page);
    await saveScreen(page, 'order-reference-po');
    await po.fill('PO-4471');
    await po.blur();
    await continueButton(page).click();
    await casesInputs(page).first().fill('1');
    await continueButton(page).click();
    await expect(page.getByText('PO-4471')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(confirmation.getByTestId('web-conf-number')).toHaveText(/^W\d+$/);
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/order\/home$/);
  });
});
