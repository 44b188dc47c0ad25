import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, isPhone, openFilters, saveScreen, signInAdmin, test } from './support';

/*
 * Every staff screen under /maint, and each of its dialog states, checked with axe on both
 * projects (issue 33), with one sign-in and one set of data: what it adds (a user, a holiday)
 * is removed at the end, and the import files are only previewed, never applied. On the phone
 * each screen's controls are also measured: a thumb needs 44 px (WCAG 2.5.5).
 */

/**
 * The controls a thumb uses on a phone, measured on the page as it is: every visible button,
 * link, form field and ARIA control. Exempt, and why:
 * - a link inside running text (a sentence with words around it, as the footer's mail link):
 *   WCAG 2.5.5 and 2.5.8 exempt inline targets, whose size the line of text sets;
 * - a control inside the footer editor's preview frame (the page's query does not enter
 *   frames): it is a picture of the customers' footer, not something staff tap;
 * - the skip link: off-screen until focused by a keyboard, which has no thumb;
 * - what cannot be tapped now: a closed drawer's contents (inert) and what is hidden;
 * - a field's own box inside a larger one that is the target: a checkbox's or a switch's input
 *   inside its label (tapping the label toggles it), a password's input inside the field's
 *   frame with its Show button: the label and the frame are measured instead.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="switch"]',
    ].join(',');
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return (
        r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[inert],[aria-hidden="true"]')
      );
    };
    const inlineInText = (e: Element) => {
      if (e.tagName !== 'A') return false;
      const block = e.parentElement;
      if (!block) return false;
      const own = (e.textContent ?? '').trim();
      const all = (block.textContent ?? '').trim();
      return getComputedStyle(e).display === 'inline' && all.length > own.length;
    };
    const name = (e: Element) =>
      (
        e.getAttribute('aria-label') ||
        (e as HTMLInputElement).labels?.[0]?.textContent ||
        e.textContent ||
        e.getAttribute('placeholder') ||
        e.tagName
      )
        .trim()
        .slice(0, 40);
    const out: string[] = [];
    for (const e of document.querySelectorAll(selector)) {
      if (e.classList.contains('skip-link')) continue;
      // A box a larger label owns (a checkbox's or a switch's): the label is the target.
      const target =
        e.tagName === 'INPUT' && ['checkbox', 'radio'].includes((e as HTMLInputElement).type)
          ? (e.closest('label') ?? e)
          : (e.closest('.mantine-Input-input') ?? e);
      if (!visible(target) || inlineInText(e)) continue;
      const r = target.getBoundingClientRect();
      const iconOnly =
        (e.textContent ?? '').trim() === '' && !['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName);
      if (r.height < 43.5 || (iconOnly && r.width < 43.5)) {
        out.push(`${e.tagName.toLowerCase()} "${name(e)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

test('every staff screen and dialog passes axe, and a phone’s controls are a thumb’s size', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = isPhone(page);
  const problems: string[] = [];
  /** Axe on the page as it is and, on a phone, the targets' sizes; all screens' findings at the end. */
  const check = async (screen: string) => {
    try {
      await expectAccessible(page);
    } catch (e) {
      problems.push(`${screen}: ${String(e).slice(0, 1500)}`);
    }
    if (phone) for (const t of await smallTargets(page)) problems.push(`${screen}: under 44 px: ${t}`);
  };
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const go = async (url: string, ready: () => Promise<void>) => {
    await page.goto(url);
    await ready();
    // Off every control: a hovered one's tooltip is not what the screen shows.
    await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
  };
  const heading = (name: string) => () => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await signInAdmin(page);
  const tag = phone ? 'p' : 'd';
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-a11y-'));
  const userName = `a11y-${tag}`;
  const holiday = { Date: phone ? '2027-06-16' : '2027-06-15', Name: `Axe Day ${tag}` };
  const created = await page.request.post('/api/v1/User', {
    data: { UserName: userName, Name: 'Axe Journey', Password: 'a11y-password-1' },
  });
  expect(created.ok()).toBe(true);
  const addedHoliday = await page.request.post('/api/v1/Holiday', { data: holiday });
  expect(addedHoliday.ok()).toBe(true);

  try {
    await go('/maint/home', heading('Home'));
    await expect(page.getByText(/Welcome/)).toBeVisible();
    await check('home');
    // The Options menu, open.
    await page.getByRole('button', { name: 'Options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Customers' })).toBeVisible();
    await check('Options menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    if (phone) {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(dialog('Maintenance')).toBeVisible();
      await check('navigation drawer');
      await page.keyboard.press('Escape');
      await expect(dialog('Maintenance')).toBeHidden();
    }

    // Items, its filter drawer on a phone, an item.
    await go('/maint/items', () =>
      expect(page.getByRole('table', { name: 'Items' }).locator('tbody tr').first()).toBeVisible(),
    );
    await check('items');
    if (phone) {
      await openFilters(page);
      await check('items filter drawer');
      await page.getByRole('button', { name: 'Close filter panel' }).click();
    }
    await page
      .getByRole('link', { name: /^View item / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Item - View', level: 1 })).toBeVisible();
    await check('item view');
    await saveScreen(page, 'a11y-item-view');

    // Imports: each with a file previewed.
    const preview = async (url: string, which: number, file: string, name: string, content: string) => {
      // Checked with the preview under its uploader, which covers nothing of the rest.
      await go(url, () =>
        expect(page.getByRole('button', { name: 'Preview Import File' }).nth(which)).toBeVisible(),
      );
      const filePath = path.join(dir, file);
      writeFileSync(filePath, content);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Preview Import File' }).nth(which).click();
      await (await chooser).setFiles(filePath);
      await expect(page.getByText(`${file}: preview`)).toBeVisible();
      await check(`${name} import`);
      await page.getByRole('button', { name: 'Discard' }).click();
    };
    await preview(
      '/maint/item/import',
      0,
      'items-a11y.txt',
      'items',
      `A11Y-${tag}-1\tAxe Cola 12oz\t24\t2\tY\tCAN\tCS\nA11Y-${tag}-2\tAxe Pops\tsix\t1\tN\tEA\tCS\n`,
    );
    await preview(
      '/maint/customer/import',
      0,
      'customers-a11y.txt',
      'customers',
      `1001\tBlue Heron Tavern & Grill\t60601\t1\n${phone ? 8751 : 8750}\tAxe Corner Bar\t60601\t77\n`,
    );

    // Customers, the filter drawer, a customer's tabs, an error dialog.
    await go('/maint/customers', () =>
      expect(page.getByRole('link', { name: 'View customer 1001' })).toBeVisible(),
    );
    await check('customers');
    if (phone) {
      await openFilters(page);
      await check('customers filter drawer');
      await page.getByRole('button', { name: 'Close filter panel' }).click();
    }
    await page.getByRole('link', { name: 'View customer 1001' }).click();
    await expect(page.getByRole('heading', { name: 'Customer - View', level: 1 })).toBeVisible();
    const customerUrl = page.url();
    const customerId = Number(customerUrl.match(/edit\/(\d+)/)![1]);
    const remindersOff = page.getByRole('switch', { name: 'Reminders Off?' });
    await expect(remindersOff).toBeEnabled();
    await check('customer view');
    await saveScreen(page, 'a11y-customer-view');
    // A save that fails: the error dialog.
    await page.route(`**/api/v1/Customer/${customerId}/Reminders`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { ErrorMessage: 'The server could not save this.' } })
        : route.fallback(),
    );
    await remindersOff.click({ force: true });
    const error = page.getByRole('dialog');
    await expect(error.getByRole('button', { name: 'OK' })).toBeVisible();
    await check('customer view: error dialog');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(error).toBeHidden();
    await page.unroute(`**/api/v1/Customer/${customerId}/Reminders`);
    await page.getByRole('tab', { name: 'Products' }).click();
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
    await check('customer products');
    await page.getByRole('tab', { name: 'Standing Orders' }).click();
    await expect(page.getByRole('tab', { name: 'Standing Orders' })).toHaveAttribute('aria-selected', 'true');
    await check('customer standing orders');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    const detail = page.getByRole('link', { name: /^Detail of order / }).first();
    await expect(detail).toBeVisible();
    await check('customer orders');
    await saveScreen(page, 'a11y-customer-orders');

    // The maint order detail, and its Cancel confirmation when it may still be cancelled.
    await detail.click();
    await expect(page).toHaveURL(/\/maint\/order\/\d+$/);
    await expect(page.getByTestId('detail-order-num')).toBeVisible();
    await check('order detail');

    // Staff's order for the customer: step 1.
    await go(`/maint/customer/order/${customerId}`, () =>
      expect(page.getByTestId('staff-order-for')).toBeVisible(),
    );
    await expect(page.getByRole('group', { name: 'Next delivery dates' })).toBeVisible();
    await check('staff order');

    const products = (await (await page.request.get('/api/v1/Products')).json()) as { Code: string }[];
    await preview(
      '/maint/customer/importitems',
      0,
      'customer-items-a11y.txt',
      'customer items',
      `6001\t${products[0]!.Code}\t\t\t98\n1001\tNO-SUCH-ITEM\t\t\t1\n`,
    );

    // Customer types and a type's form with its errors shown.
    await go('/maint/customertype', () =>
      expect(page.getByRole('link', { name: /^Edit customer type 1\b/ })).toBeVisible(),
    );
    await check('customer types');
    await page.getByRole('link', { name: /^Edit customer type 1\b/ }).click();
    await expect(page.getByRole('textbox', { name: 'Customer Type Name' })).toHaveValue('Bars & Taverns');
    const minimum = page.getByRole('textbox', { name: 'Minimum Cases' });
    const original = await minimum.inputValue();
    await minimum.fill('2.5');
    await minimum.press('Tab');
    await expect(page.getByText(/Minimum Cases must be/)).toBeVisible();
    // The form with a field's error under it.
    await check('customer type edit');
    await minimum.fill(original);

    // Messages: the list with the footer editor, a delete confirmation, a message's form.
    await go('/maint/ordermessages', () =>
      expect(page.getByRole('table', { name: 'Messages' }).locator('tbody tr').first()).toBeVisible(),
    );
    await check('messages');
    await page
      .getByRole('button', { name: /^Delete message / })
      .first()
      .click();
    await expect(dialog('Delete Message')).toBeVisible();
    await check('messages: delete confirmation');
    await dialog('Delete Message').getByRole('button', { name: 'No' }).click();
    await page
      .getByRole('link', { name: /^Edit message / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/maint\/ordermessage\/edit\/\d+$/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await check('message edit');
    await saveScreen(page, 'a11y-message-edit');
    await page.getByRole('button', { name: 'Start Date', exact: true }).click();
    await expect(dialog('Choose the Start Date')).toBeVisible();
    await check('message edit: date picker');
    await page.keyboard.press('Escape');

    // The audit trail and its filter drawer.
    await go('/maint/audit', () =>
      expect(page.getByRole('table', { name: 'Audit trail' }).locator('tbody tr').first()).toBeVisible(),
    );
    await check('audit');
    if (phone) {
      await openFilters(page);
      await check('audit filter drawer');
      await page.getByRole('button', { name: 'Close filter panel' }).click();
    }

    // Holidays: the date picker open, the orders-on-the-date confirmation, the federal rows, a delete.
    await go('/maint/holidays', () =>
      expect(page.getByRole('table', { name: 'Holidays' })).toContainText(holiday.Name),
    );
    await check('holidays');
    const addForm = page.getByRole('region', { name: 'Add a Holiday' });
    await addForm.getByRole('button', { name: 'Date', exact: true }).click();
    await expect(page.getByRole('dialog', { name: "Choose the holiday's date" })).toBeVisible();
    await check('holidays: date picker');
    await page
      .getByRole('dialog', { name: "Choose the holiday's date" })
      .getByRole('button', { name: /^\d+ / })
      .first()
      .click();
    await addForm.getByRole('textbox', { name: 'Name' }).fill('Axe Check');
    // The orders already on the date, whichever date it is: the dialog as staff see it.
    await page.route('**/api/v1/Holiday/Orders*', (route) =>
      route.fulfill({
        json: [
          {
            Id: 1,
            OrderNum: 'W000001',
            DeliveryDate: '2027-06-17',
            CompanyId: 1001,
            CustomerName: 'Blue Heron Tavern',
            IsWebOrder: true,
          },
          {
            Id: 2,
            OrderNum: '9100001',
            DeliveryDate: '2027-06-17',
            CompanyId: 1002,
            CustomerName: 'Brass Rail Tavern',
            IsWebOrder: false,
          },
        ],
      }),
    );
    await addForm.getByRole('button', { name: 'Add Holiday' }).click();
    await expect(dialog('Orders on this date')).toBeVisible();
    await check('holidays: orders on the date');
    await dialog('Orders on this date').getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog('Orders on this date')).toBeHidden();
    await page.unroute('**/api/v1/Holiday/Orders*');
    await page.getByRole('button', { name: /^Suggest \d+'s US federal holidays$/ }).click();
    await expect(page.getByTestId('federal-row').first()).toBeVisible();
    await check('holidays: federal suggestions');
    await saveScreen(page, 'a11y-holidays-federal');
    await page
      .getByRole('button', { name: /^Date of / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await check('holidays: federal date picker');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', {
        name: `Delete ${holiday.Name} (${holiday.Date.slice(5, 7)}/${holiday.Date.slice(8)}/${holiday.Date.slice(0, 4)})`,
      })
      .click();
    await expect(dialog('Delete Holiday')).toBeVisible();
    await check('holidays: delete confirmation');
    await dialog('Delete Holiday').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('table', { name: 'Holidays' })).not.toContainText(holiday.Name);

    // Regenerate Orders, its filter drawer, the Regenerate confirmation, the Resend one.
    await go('/maint/regenerateorders', () =>
      expect(page.getByRole('table', { name: 'Web orders' }).locator('tbody tr').first()).toBeVisible(),
    );
    await check('regenerate');
    await saveScreen(page, 'a11y-regenerate');
    if (phone) {
      await openFilters(page);
      await check('regenerate filter drawer');
      await page.getByRole('button', { name: 'Close filter panel' }).click();
    }
    await page
      .getByRole('checkbox', { name: /^Select order / })
      .first()
      .check();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog('Regenerate Orders')).toBeVisible();
    await check('regenerate: confirmation');
    await dialog('Regenerate Orders').getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog('Regenerate Orders')).toBeHidden();

    // Users, a delete confirmation, a user's form with its errors.
    await go('/maint/users', () =>
      expect(page.getByRole('table', { name: 'Users' })).toContainText(userName),
    );
    await check('users');
    await page.getByRole('button', { name: `Delete user ${userName}` }).click();
    await expect(dialog('Delete User')).toBeVisible();
    await check('users: delete confirmation');
    await dialog('Delete User').getByRole('button', { name: 'No' }).click();
    await page.getByRole('link', { name: `Edit user ${userName}` }).click();
    await expect(page.getByRole('textbox', { name: /User Name/ })).toHaveValue(userName);
    await page.getByRole('textbox', { name: /User Name/ }).fill('admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User Name already exists')).toBeVisible();
    // The form with a field's error under it.
    await check('user edit');
  } finally {
    // What was found before a step failed, if one did.
    if (problems.length > 0) console.log(problems.join('\n'));
    const users = (await (await page.request.get('/api/v1/Users')).json()) as {
      Id: number;
      UserName: string;
    }[];
    for (const u of users.filter((u) => u.UserName === userName))
      await page.request.delete(`/api/v1/User/${u.Id}`);
    const holidays = (await (await page.request.get('/api/v1/Holidays')).json()) as {
      Id: number;
      Name: string;
    }[];
    for (const h of holidays.filter((h) => h.Name === holiday.Name))
      await page.request.delete(`/api/v1/Holiday/${h.Id}`);
  }
  expect(problems).toEqual([]);
});

test('the staff home passes axe while its cards are still loading, and once they are drawn', async ({
  page,
}) => {
  await signInAdmin(page);
  // The cards' answers are held until axe has looked at their loaders (CI, on a slow machine,
  // caught them named without a role).
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/(Dashboard|SignInAttacks)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  const loaders = page.getByRole('status', { name: /^(Please wait\.\.\.|Loading sign-in attacks)$/ });
  await expect(loaders).toHaveCount(2);
  await expectAccessible(page);
  release();
  await expect(loaders).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  await expectAccessible(page);
});
