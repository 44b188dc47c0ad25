import type { Page } from '@playwright/test';
import { invitationPath, signInByEmail, staffInvites } from './people-support';
import {
  earliestDeliveryDate,
  expect,
  expectAccessible,
  installTestClock,
  isPhone,
  live,
  pickDeliveryDate,
  saveScreen,
  test,
} from './support';

/**
 * Issue 36 (design.md 8.2): people sign in for themselves. Invited by staff, a person accepts the
 * mailed link, later signs in with a mailed code, switches between venues in the top bar; a
 * Counter prepares the draft and its Owner sends it; one device signs out while another stays in.
 * Each project uses its own customers and people, so phone and desk never meet.
 */
const own = (page: Page, phone: string, desk: string) => (isPhone(page) ? phone : desk);
const casesInputs = (page: Page) => page.getByRole('textbox', { name: /^Cases of / });

test('invited by staff, a person accepts the link, then signs in by a mailed code', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = own(page, 'rita.phone@example.com', 'rita.desk@example.com');
  const staff = await playwright.request.newContext({ baseURL });
  await staffInvites(staff, own(page, '1005', '1006'), { Email: email, Name: 'Rita Novak', Role: 'Orderer' });
  await staff.dispose();

  await page.goto(await invitationPath(email));
  await expect(page.getByRole('heading', { name: "You're invited" })).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'people-invitation');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(/\/order\/home/);
  await live(page);
  await expect(page.getByTestId('person-identity')).toHaveText('Rita Novak · Orderer');

  // Signed out, the same person signs in with a code mailed to them; the link is spent.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await signInByEmail(page, email);
  await expect(page.getByTestId('person-identity')).toHaveText('Rita Novak · Orderer');
  await page.goto(await invitationPath(email));
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/);
});

test('a person with two venues picks one after signing in, then switches in the top bar', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = own(page, 'vera.phone@example.com', 'vera.desk@example.com');
  const [first, second] = own(page, '3003,3004', '3005,3006').split(',') as [string, string];
  const staff = await playwright.request.newContext({ baseURL });
  await staffInvites(staff, first, { Email: email, Name: 'Vera Two', Role: 'Owner' });
  await staffInvites(staff, second, { Email: email, Name: 'Vera Two', Role: 'Orderer' });
  await staff.dispose();

  await signInByEmail(page, email, /\/user\/venue/);
  await expect(page.getByRole('heading', { name: 'Choose a venue' })).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'people-venue-pick');
  await page.getByRole('button', { name: new RegExp(`#${second}`) }).click();
  await expect(page).toHaveURL(/\/order\/home/);
  await live(page);
  await expect(page.getByTestId('customer-identity')).toContainText(second);
  await expect(page.getByTestId('person-identity')).toHaveText('Vera Two · Orderer');

  // The top bar's venue opens the same list, and comes back to the order home at the other venue.
  await page.getByRole('link', { name: 'Switch venue' }).click();
  await expect(page).toHaveURL(/\/user\/venue/);
  await page.getByRole('button', { name: new RegExp(`#${first}`) }).click();
  await expect(page).toHaveURL(/\/order\/home/);
  await live(page);
  await expect(page.getByTestId('customer-identity')).toContainText(first);
  await expect(page.getByTestId('person-identity')).toHaveText('Vera Two · Owner');
});

test("a Counter's draft waits for the Owner, who sends it", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const venue = own(page, '2003', '2004');
  const counter = own(page, 'cal.phone@example.com', 'cal.desk@example.com');
  const owner = own(page, 'olga.phone@example.com', 'olga.desk@example.com');
  const staff = await playwright.request.newContext({ baseURL });
  await staffInvites(staff, venue, { Email: counter, Name: 'Cal Counter', Role: 'Counter' });
  await staffInvites(staff, venue, { Email: owner, Name: 'Olga Owner', Role: 'Owner' });
  await staff.dispose();

  // The Counter fills an order; the last step says who sends it, and has no Submit.
  await signInByEmail(page, counter);
  await page.goto('/order/form/0');
  const date = await earliestDeliveryDate(page);
  await pickDeliveryDate(page, date);
  await page.getByLabel('Name').fill('Cal Counter');
  await page.getByLabel('Phone').fill('3125550142');
  await page.getByLabel('Email').fill(counter);
  await page.getByRole('button', { name: 'Continue' }).click();
  await casesInputs(page).first().fill('3');
  await expect(page.getByTestId('draft-status')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('counter-hint')).toHaveText(
    'Your draft is saved: an Orderer or the Owner sends it.',
  );
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectAccessible(page);
  await saveScreen(page, 'people-counter-step3');

  // The Owner, on another device, is offered the venue's draft and sends it.
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await installTestClock(ownerContext);
  const ownerPage = await ownerContext.newPage();
  try {
    await signInByEmail(ownerPage, owner);
    await expect(ownerPage.getByRole('region', { name: 'Unsent order' })).toContainText('with 1 product');
    await ownerPage
      .getByRole('region', { name: 'Unsent order' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(ownerPage).toHaveURL(/\/order\/form\/0$/);
    // The Counter's order opens where the Counter left it, the review, and the Owner has Submit.
    await expect(ownerPage.getByText('Cal Counter').first()).toBeVisible();
    await expect(ownerPage.getByText('Cases: 3')).toBeVisible();
    await saveScreen(ownerPage, 'people-owner-sends-draft');
    await ownerPage.getByRole('button', { name: 'Submit' }).click();
    const confirmation = ownerPage.getByRole('dialog', { name: 'Order Confirmation' });
    await expect(confirmation).toBeVisible();
    const orderNum = (await confirmation.getByTestId('web-conf-number').textContent())!.trim();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    // Who placed it: the Owner, by name, in the history.
    await ownerPage.goto('/order/history');
    await expect(ownerPage.getByText(orderNum).first()).toBeVisible();
    await expect(ownerPage.getByText('Olga Owner').first()).toBeVisible();
  } finally {
    await ownerContext.close();
  }
});

test('a person signs out on one device while the other stays in', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const email = own(page, 'tess.phone@example.com', 'tess.desk@example.com');
  const staff = await playwright.request.newContext({ baseURL });
  await staffInvites(staff, own(page, '1007', '1008'), { Email: email, Name: 'Tess Two', Role: 'Orderer' });
  await staff.dispose();
  await signInByEmail(page, email);
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await installTestClock(other);
  const otherPage = await other.newPage();
  try {
    await signInByEmail(otherPage, email);
    await otherPage.getByRole('button', { name: 'Logout' }).click();
    await expect(otherPage).toHaveURL(/\/user\/login$/);
    await page.reload();
    await expect(page).toHaveURL(/\/order\/home/);
    await expect(page.getByTestId('person-identity')).toHaveText('Tess Two · Orderer');
  } finally {
    await other.close();
  }
});
