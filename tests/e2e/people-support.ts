import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, live } from './support';

/**
 * People in the journeys (design.md 8.2): the e2e server has no SMTP_URL, so its mails are .eml
 * files in its DATA_DIR's outbox (playwright.config.ts), read here as a person reads their mail.
 */
const outbox = () => path.join(`.tmp/e2e-${process.env.E2E_PORT}`, 'outbox');

/** The outbox's mails to `email` whose names start with `kind`, newest first. */
function mailsTo(email: string, kind: 'sign-in-code' | 'invitation'): string[] {
  if (!existsSync(outbox())) return [];
  return (
    readdirSync(outbox())
      // The outbox's file names keep letters, digits, dots, dashes and underscores (mailer.ts).
      .filter((f) => f.startsWith(kind) && f.includes(email.toLowerCase().replace(/[^a-z0-9._-]/g, '_')))
      .map((f) => ({ f, at: statSync(path.join(outbox(), f)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .map((m) => m.f)
  );
}

/**
 * The newest mail to `email` whose name starts with `kind` and is not one of `seen` (the mails
 * there before it was asked for), once it is there. By name, not by time: a mail sent to the
 * same person a moment before (another device's sign-in) is never taken for the new one.
 */
async function lastMail(
  email: string,
  kind: 'sign-in-code' | 'invitation',
  seen: ReadonlySet<string> = new Set(),
): Promise<string> {
  let found = '';
  await expect(async () => {
    const file = mailsTo(email, kind).find((f) => !seen.has(f));
    expect(file).toBeDefined();
    found = readFileSync(path.join(outbox(), file!), 'utf8');
  }).toPass({ timeout: 15_000 });
  return found;
}

/** The code of the newest code mail to `email` that is not one of `seen`. */
export async function mailedCode(email: string, seen: ReadonlySet<string>): Promise<string> {
  const mail = await lastMail(email, 'sign-in-code', seen);
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
  const seen = new Set(mailsTo(email, 'sign-in-code'));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code').fill(await mailedCode(email, seen));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(landing);
  // The sign-in loads the next page anew: a journey taps it once it is React's.
  await live(page);
}
