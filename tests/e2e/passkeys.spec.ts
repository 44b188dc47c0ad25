import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import {
  demo,
  expect,
  expectAccessible,
  isPhone,
  live,
  saveScreen,
  signInPersonByCode,
  test,
} from './support';

/**
 * Passkeys (design.md 8.2, decision 069): a person signed in by their mailed code adds a passkey
 * in Signed-in Devices, signs out, and signs in with it on the login page, no email asked.
 * Chromium's virtual authenticator stands in for the device (a platform authenticator that keeps
 * the passkey and verifies the user). WebAuthn needs a host name, so the journey runs on
 * http://localhost:<port> (the server's PUBLIC_URL), not the config's 127.0.0.1.
 */

const origin = () => `http://localhost:${process.env.E2E_PORT}`;
const devicesDialog = (page: Page) => page.getByRole('dialog', { name: 'Signed-in devices' });
const passkeyList = (page: Page) => devicesDialog(page).getByRole('list', { name: 'Passkeys' });

/** Staff give the person a role at the demo customer, as the Owner or staff would. */
async function invite(request: APIRequestContext, person: { Email: string; Name: string }) {
  const staff = await request.post('/api/v1/Maint/Authenticate', {
    data: { User: demo.admin.user, Password: demo.admin.password },
  });
  expect(staff.status()).toBe(200);
  const customers: { Id: number; CompanyId: number }[] = await (
    await request.get('/api/v1/Customers')
  ).json();
  const venue = customers.find((c) => c.CompanyId === Number(demo.customer.number))!;
  const invited = await request.post(`/api/v1/Customer/${venue.Id}/People`, {
    data: { ...person, Role: 'Orderer' },
  });
  expect(invited.status()).toBe(201);
}

/** A platform authenticator in the page's browser that keeps passkeys and verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const credentialsOf = async ({ cdp, authenticatorId }: { cdp: CDPSession; authenticatorId: string }) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** The customer menu's Signed-in Devices (behind the burger on a phone). */
async function openDevices(page: Page) {
  const entry = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Signed-in Devices' });
  if (isPhone(page)) {
    await expect(async () => {
      if (!(await entry.isVisible())) await page.getByRole('button', { name: 'Toggle menu' }).click();
      await entry.click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  } else {
    await entry.click();
  }
  await expect(devicesDialog(page)).toBeVisible();
}

test('a person adds a passkey, signs out, and signs in with it without their email', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = { Email: `pia.${test.info().project.name}@example.com`, Name: 'Pia Passkey' };
  await invite(request, person);
  const authenticator = await virtualAuthenticator(page);

  // Signed in by the mailed code, the person adds a passkey in Signed-in Devices.
  await signInPersonByCode(page, origin(), person.Email);
  await page.goto(`${origin()}/order/home`);
  await openDevices(page);
  await expect(devicesDialog(page)).toContainText('You have no passkeys yet.');
  await devicesDialog(page).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeyList(page)).toContainText('Chrome on');
  await expect(passkeyList(page)).toContainText('Not used yet');
  const [credential] = await credentialsOf(authenticator);
  // Kept on the device, for this site: signing in asks for no email.
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  await expectAccessible(page);
  await saveScreen(page, 'passkeys-dialog');

  // Signed out, the login page offers the passkey; the tap that wakes the page's scripts signs in.
  await page.keyboard.press('Escape');
  await expect(devicesDialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${origin()}/user/login`);
  await live(page);
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectAccessible(page);
  await saveScreen(page, 'passkey-login');
  // Its scripts not loaded yet (decision 063): this tap is what loads them, and the sign-in starts.
  expect(await page.evaluate(() => document.documentElement.dataset.live)).toBe('form');
  await passkeyButton.click();
  await expect(page).toHaveURL(`${origin()}/order/home`);
  await expect(page.locator('#root').getByRole('banner')).toBeVisible();
  await live(page);
  const session = await (await page.request.get(`${origin()}/api/v1/Session`)).json();
  expect(session).toMatchObject({
    Role: 'customer',
    Person: { Name: person.Name, Email: person.Email },
    Customer: { CompanyId: Number(demo.customer.number) },
  });

  // The dialog shows its use; removed, it is gone from the list.
  await openDevices(page);
  await expect(passkeyList(page)).toContainText('Last used');
  await passkeyList(page)
    .getByRole('button', { name: /^Remove the passkey/ })
    .click();
  await expect(devicesDialog(page)).toContainText('You have no passkeys yet.');
});
