import { readdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  applyFilters,
  chooseOption,
  demo,
  expect,
  expectAccessible,
  isPhone,
  openCustomerMenu,
  openFilters,
  saveScreen,
  signInAdmin,
  test,
} from './support';

/**
 * A venue's people (design.md 8.2) on phone and desk, one drawing in two places: staff on
 * 1001's view invite a Counter, make them an Orderer, find the change in the audit trail and
 * remove them, and turn the shared sign-in off and on; an Owner (created by staff, signed in by
 * the mailed code) opens People from the menu and invites a Counter. Each project brings its
 * own people (by email), so the two runs on the one server stay apart.
 */

const OUTBOX = () => `.tmp/e2e-${process.env.E2E_PORT}/outbox`;
const project = () => test.info().project.name;
const email = (who: string) => `${who}-${project()}@example.com`;

type Person = { Id: number; Name: string; Email: string; Role: string };

async function customerId(page: Page, companyId: number): Promise<number> {
  const list = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  return list.find((c) => c.CompanyId === companyId)!.Id;
}

/** Removes this project's people of the venue left by a run that stopped half-way (as staff). */
async function removeLeftovers(request: APIRequestContext, id: number) {
  const people = (await (await request.get(`/api/v1/Customer/${id}/People`)).json()) as Person[];
  for (const p of people.filter((p) => p.Email.endsWith(`-${project()}@example.com`)))
    expect((await request.delete(`/api/v1/Customer/${id}/People/${p.Id}`)).status()).toBe(204);
}

/** The newest sign-in code mailed to `to`, read from the server's outbox (no SMTP in the journeys). */
async function mailedCode(to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const mine = readdirSync(OUTBOX())
      .filter((f) => f.startsWith('sign-in-code-') && f.endsWith(`-${to.replace('@', '_')}.eml`))
      .sort();
    const mail = readFileSync(`${OUTBOX()}/${mine.at(-1)}`, 'utf8');
    code = /^Subject: (\d{6}) is your sign-in code/m.exec(mail)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  return code;
}

const rowOf = (page: Page, name: string) => page.getByTestId('person-row').filter({ hasText: name });

/**
 * Picks a role in a role select: each option is the role, then its line of what it may do. The
 * list opens where the field is, both on the screen (a field at the foot of a scrolled phone
 * page once sent the page elsewhere and its list was hidden).
 */
async function pickRole(page: Page, select: Locator, role: string) {
  await select.click();
  const option = page.getByRole('option', { name: new RegExp(`^${role}`) });
  await expect(option).toBeInViewport();
  await expect(select).toBeInViewport();
  await option.click();
  await expect(select).toHaveValue(role);
}

async function invite(page: Page, name: string, address: string, role: string) {
  const form = page.getByRole('form', { name: 'Invite' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Email' }).fill(address);
  await pickRole(page, form.getByRole('combobox', { name: 'Role' }), role);
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We mailed ${address} a sign-in link` }),
  ).toBeVisible();
  await expect(rowOf(page, name).getByRole('combobox', { name: `Role of ${name}` })).toHaveValue(role);
}

/** Every control a thumb uses on a person's card is 44 px tall or more (phone). */
async function expectThumbSized(row: Locator, name: string) {
  for (const control of [
    row.getByRole('combobox', { name: `Role of ${name}` }),
    row.getByRole('button', { name: `Remove ${name}` }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(44);
    expect(box.width, name).toBeGreaterThanOrEqual(44);
  }
}

const sharedSignIn = (page: Page) => page.getByRole('switch', { name: /Shared sign-in/ });
/** A tap on the switch's label, as a person does (its input is drawn under the track). */
const tapSharedSignIn = (page: Page) => page.locator('label', { hasText: 'Shared sign-in' }).click();

test('staff invite a Counter on 1001’s view, make them an Orderer, find it in the audit trail, remove them, and turn the shared sign-in off and on', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signInAdmin(page);
  const id = await customerId(page, 1001);
  await removeLeftovers(page.request, id);
  const name = `Cy Counter ${project()}`;
  const address = email('cy');
  try {
    // Two more people put the Invite form at the foot of a page a phone scrolls.
    for (const who of ['ann', 'ben']) {
      const made = await page.request.post(`/api/v1/Customer/${id}/People`, {
        data: { Name: `${who} ${project()}`, Email: email(who), Role: 'Orderer' },
      });
      expect(made.status()).toBe(201);
    }
    await page.goto(`/maint/customer/edit/${id}`);
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page).toHaveURL(/\?tab=people$/);

    // The form's own check, then the invitation.
    const form = page.getByRole('form', { name: 'Invite' });
    await form.getByRole('button', { name: 'Invite' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await invite(page, name, address, 'Counter');
    // The same email again: the server's 409, under Email.
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Email' }).fill(address);
    await form.getByRole('button', { name: 'Invite' }).click();
    await expect(form.getByText(`${address} already has access to this venue`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('');
    await form.getByRole('textbox', { name: 'Email' }).fill('');

    if (isPhone(page)) await expectThumbSized(rowOf(page, name), name);
    await expectAccessible(page);
    await saveScreen(page, 'people-staff');

    await pickRole(page, rowOf(page, name).getByRole('combobox', { name: `Role of ${name}` }), 'Orderer');
    await expect(page.getByText(`${name} is now Orderer`)).toBeVisible();

    // The audit trail has staff's change, under "Customer People".
    await page.goto('/maint/audit');
    const filters = await openFilters(page);
    await chooseOption(page, filters, 'Record', 'Customer People');
    await applyFilters(page);
    await expect(page).toHaveURL(/Entity=VenuePerson/);
    const change = page.locator('tbody tr', { hasText: `Changed ${name}'s role` }).first();
    // The desk's Record column (a phone's two columns leave it to the filter).
    if (!isPhone(page)) await expect(change).toContainText('Customer People');
    await expect(change).toContainText('Role: Counter → Orderer');
    await expect(change).toContainText('admin');
    const invited = page.locator('tbody tr', { hasText: `Invited ${name} <${address}> as Counter` });
    await expect(invited.first()).toBeVisible();

    // Back on the view: Remove asks first.
    await page.goto(`/maint/customer/edit/${id}?tab=people`);
    await rowOf(page, name)
      .getByRole('button', { name: `Remove ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remove' });
    await expect(confirm).toContainText(`Remove ${name} (${address}) from ${demo.customer.name}?`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${name} removed`)).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);

    // The shared sign-in: off after its question, and the customer number no longer signs in.
    await expect(sharedSignIn(page)).toBeChecked();
    await tapSharedSignIn(page);
    const off = page.getByRole('dialog', { name: 'Turn off the shared sign-in' });
    await expect(off).toContainText(`Everyone signed in to ${demo.customer.number} ${demo.customer.name}`);
    await saveScreen(page, 'people-shared-off-confirm');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(
      page.getByText(`Shared sign-in off for ${demo.customer.number} ${demo.customer.name}`),
    ).toBeVisible();
    await expect(sharedSignIn(page)).not.toBeChecked();
    const shared = () =>
      request.post('/api/v1/Authenticate', {
        data: { CompanyId: Number(demo.customer.number), Zipcode: Number(demo.customer.zip) },
      });
    const refused = await shared();
    expect(refused.status()).toBe(401);
    expect((await refused.json()).ErrorMessage).toBe(
      'This customer signs in with personal accounts: use your email',
    );
    // On again at once, no question.
    await tapSharedSignIn(page);
    await expect(
      page.getByText(`Shared sign-in on for ${demo.customer.number} ${demo.customer.name}`),
    ).toBeVisible();
    await expect(sharedSignIn(page)).toBeChecked();
    expect((await shared()).status()).toBe(200);
  } finally {
    await page.request.put(`/api/v1/Customer/${id}/SharedSignIn`, { data: { SharedSignIn: true } });
    await removeLeftovers(page.request, id);
  }
});

test('an Owner opens People from the menu and invites a Counter', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAdmin(page);
  const id = await customerId(page, 1001);
  await removeLeftovers(page.request, id);
  const owner = { Name: `Olive Owner ${project()}`, Email: email('olive') };
  const counter = { Name: `Cole Counter ${project()}`, Email: email('cole') };
  try {
    // Staff make the Owner; the Owner signs in by the mailed code, in this browser.
    const made = await page.request.post(`/api/v1/Customer/${id}/People`, {
      data: { ...owner, Role: 'Owner' },
    });
    expect(made.status(), await made.text()).toBe(201);
    expect((await page.request.post('/api/v1/SignIn/Code', { data: { Email: owner.Email } })).status()).toBe(
      202,
    );
    const signedIn = await page.request.post('/api/v1/SignIn/Person', {
      data: { Email: owner.Email, Code: await mailedCode(owner.Email) },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);

    await page.goto('/order/home');
    await openCustomerMenu(page, 'People');
    await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
    await expect(rowOf(page, owner.Name)).toContainText('You');
    await expect(
      rowOf(page, owner.Name).getByRole('combobox', { name: `Role of ${owner.Name}` }),
    ).toHaveValue('Owner');

    // Each role says what it may do.
    await page.getByRole('form', { name: 'Invite' }).getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: /^Counter/ })).toContainText(
      'Counts and prepares the draft; cannot send',
    );
    await saveScreen(page, 'people-roles', { fullPage: false });
    await page.keyboard.press('Escape');

    await invite(page, counter.Name, counter.Email, 'Counter');
    await expect(rowOf(page, counter.Name)).toContainText(counter.Email);
    if (isPhone(page)) await expectThumbSized(rowOf(page, counter.Name), counter.Name);
    await expectAccessible(page);
    await saveScreen(page, 'people-owner');

    // Drawn on the server as well: a reload has them at once.
    await page.reload();
    await expect(rowOf(page, counter.Name)).toBeVisible();
  } finally {
    await signInAdmin(page);
    await removeLeftovers(page.request, id);
  }
});

test('someone else at the venue opening /order/people is told it is the Owner’s', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('Customer Number').fill(demo.customer.number);
  await page.getByLabel('Zip Code').fill(demo.customer.zip);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/order\/home$/);
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'People' }),
  ).toHaveCount(0);
  await page.goto('/order/people');
  await expect(page.getByText("Only the venue's Owner manages its people.")).toBeVisible();
  await expectAccessible(page);
});
