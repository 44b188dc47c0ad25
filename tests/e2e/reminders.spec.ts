import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { stopToken } from '../../src/server/modules/reminders/stop-token';
import { expect, expectAccessible, saveScreen, settleOnLive, signInAdmin, test } from './support';

/**
 * Cutoff reminders (design.md 7.4, issue 20) on phone and desktop: staff give a customer type
 * Reminder Hours and turn a customer's reminders off and on again on the customer view; the
 * customer's stop link (signed with the run's secret) turns them off with a page that says so.
 * The journey brings its own type 93 and customer 9390 (no orders: never due) and removes them,
 * so the other journeys' lists and data stay as they are.
 */

const TYPE = { Id: 93, Name: 'Reminder Journey Pubs' };
const CUSTOMER = { CompanyId: 9390, Name: 'Reminder Journey Pub' };

async function removeJourneyData(page: Page) {
  const list = (await (await page.request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  for (const c of list.filter((c) => c.CompanyId === CUSTOMER.CompanyId))
    await page.request.delete(`/api/v1/Customer/${c.Id}`);
  await page.request.delete(`/api/v1/CustomerType/${TYPE.Id}`);
}

const remindersOff = (page: Page) => page.getByRole('switch', { name: /Reminders Off/ });

test('staff set Reminder Hours on a type and Reminders Off on a customer; the stop link turns reminders off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await removeJourneyData(page); // left by an earlier run that stopped half-way
  try {
    const type = await page.request.post('/api/v1/CustomerType', {
      data: { ...TYPE, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 },
    });
    expect(type.status()).toBe(201);
    const created = await page.request.post('/api/v1/Customer', {
      data: { ...CUSTOMER, CustomerTypeId: TYPE.Id, Zipcode: 60601 },
    });
    expect(created.status()).toBe(201);
    const customerId = ((await created.json()) as { Id: number }).Id;

    // Reminder Hours on the type's edit screen.
    await page.goto(`/maint/customertype/edit/${TYPE.Id}`);
    const hours = page.getByRole('textbox', { name: 'Reminder Hours' });
    await expect(hours).toHaveValue('0');
    await hours.fill('80');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Reminder Hours must be a whole number from 0 to 72 (0 is off)'),
    ).toBeVisible();
    await hours.fill('24');
    await expectAccessible(page);
    await saveScreen(page, 'reminders-type-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Customer Type ${TYPE.Name} saved`)).toBeVisible();
    await page.goto(`/maint/customertype/edit/${TYPE.Id}`);
    await expect(page.getByRole('textbox', { name: 'Reminder Hours' })).toHaveValue('24');

    // Reminders Off on the customer view: saved when switched, still so after a reload.
    await page.goto(`/maint/customer/edit/${customerId}`);
    await expect(remindersOff(page)).toBeEnabled();
    await expect(remindersOff(page)).not.toBeChecked();
    await page.locator('label', { hasText: 'Reminders Off?' }).click();
    await expect(page.getByText(`Reminders off for ${CUSTOMER.CompanyId} ${CUSTOMER.Name}`)).toBeVisible();
    await page.reload();
    await expect(remindersOff(page)).toBeChecked();
    await expectAccessible(page);
    await saveScreen(page, 'reminders-customer-view');
    await page.locator('label', { hasText: 'Reminders Off?' }).click();
    await expect(page.getByText(`Reminders on for ${CUSTOMER.CompanyId} ${CUSTOMER.Name}`)).toBeVisible();
    await expect(remindersOff(page)).not.toBeChecked();

    // The stop link of a reminder mail, as the customer opens it (no sign-in needed).
    const secret = readFileSync(`.tmp/e2e-${process.env.E2E_PORT}/session-secret`, 'utf8').trim();
    const context = await page.context().browser()!.newContext();
    const reader = settleOnLive(await context.newPage());
    const forged = await reader.goto(`/api/v1/Reminders/Off?token=${customerId}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged!.status()).toBe(400);
    await expect(reader.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await reader.goto(`/api/v1/Reminders/Off?token=${stopToken(secret, customerId)}`);
    await expect(reader.getByRole('heading', { name: 'Reminders are off', level: 1 })).toBeVisible();
    await expect(reader.getByText(`${CUSTOMER.CompanyId} ${CUSTOMER.Name} will get no more`)).toBeVisible();
    await expectAccessible(reader);
    await saveScreen(reader, 'reminders-stop-page');
    await context.close();
    await page.reload();
    await expect(remindersOff(page)).toBeChecked();
  } finally {
    await removeJourneyData(page);
  }
});
