import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, live } from './support';

/**
 * People in the journeys (design.md 8.2): the e2e server has no SMTP_URL, so its mails are .eml
 * files in its DATA_DIR's outbox (playwright.config.ts), read here as a person reads their mail.
 */
const outbox = () => path.join(`.tmp/e2e-${process.env.E2E_PORT}`, 'outbox');

/** The newest mail to `email` whose name starts with `kind`, once it is there. */
async function lastMail(email: string, kind: 'sign-in-code' | 'invitation', after = 0): Promise<string> {
  let found = '';
  await expect(async () => {
    const files = readdirSync(outbox())
      // The outbox's file names keep letters, digits, dots, dashes and underscores (mailer.ts).
      .filter((f) => f.startsWith(kind) && f.includes(email.toLowerCase().replace(/[^a-z0-9._-]/g, '_')))
      .map((f) => ({ f, at: statSync(path.join(outbox(), f)).mtimeMs }))
      .filter((m) => m.at > after)
      .sort((a, b) => b.at - a.at);
    expect(files.length).toBeGreaterThan(0);
    found = readFileSync(path.join(outbox(), files[0]!.f), 'utf8');
  }).toPass({ timeout: 15_000 });
  return found;
}

/** The code of the last code mail to `email` sent after `after` (ms since the epoch). */
export async function mailedCode(email: string, after: number): Promise<string> {
  const mail = await lastMail(email, 'sign-in-code', after);
  return /^Subject: (\d{6}) is your sign-in code/m.exec(mail)![1]!;
}

/** The link of the last invitation mailed to `email`, as a path (`/invite/...`). */
export async function invitationPath(email: string): Promise<string> {
  const mail = (await lastMail(email, 'invitation')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/invite\/[^\s]+/.exec(mail)![0];
}

/** Staff give `email` a role at customer `companyId`, through the API (their own browser context). */
export async function staffInvites(
  request: APIRequestContext,
  companyId: string,
  person: { Email: string; Name: string; Role: 'Owner' | 'Orderer' | 'Counter' },
) {
  const signIn = await request.post('/api/v1/Maint/Authenticate', {
    data: { User: demo.admin.user, Password: demo.admin.password },
  });
  expect(signIn.status()).toBe(200);
  const customers = (await (await request.get('/api/v1/Customers')).json()) as {
    Id: number;
    CompanyId: number;
  }[];
  const customer = customers.find((c) => c.CompanyId === Number(companyId))!;
  const res = await request.post(`/api/v1/Customer/${customer.Id}/People`, { data: person });
  expect([201, 409]).toContain(res.status());
  return customer.Id;
}

/** Signs a person in on the email page, with the code from their mail; lands on `landing`. */
export async function signInByEmail(page: Page, email: string, landing: RegExp = /\/order\/home/) {
  await page.goto('/user/login/email');
  await page.getByLabel('Email').fill(email);
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code').fill(await mailedCode(email, asked));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(landing);
  // The sign-in loads the next page anew: a journey taps it once it is React's.
  await live(page);
}
