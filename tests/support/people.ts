import type { FastifyInstance } from 'fastify';
import { sessionCookie } from './helpers.js';
import type { SunkMail } from './smtp-sink.js';

/** People in the API tests (design.md 8.2): invitations and codes read from the mails sent. */

type Sink = { received: SunkMail[] };

/** The last mail to `email` whose subject matches, once the app's background work is done. */
export async function lastMailTo(app: FastifyInstance, sink: Sink, email: string, subject: RegExp) {
  await app.settle();
  const mail = sink.received
    .filter(
      (m) => m.to.some((to) => to.toLowerCase() === email.trim().toLowerCase()) && subject.test(m.subject),
    )
    .at(-1);
  if (!mail) throw new Error(`no mail to ${email} matching ${subject}`);
  return mail;
}

/** A mail's text with quoted-printable soft breaks undone, for reading links out of it. */
const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

export const inviteTokenIn = (mail: SunkMail) => /\/invite\/([^\s]+)/.exec(body(mail.raw))?.[1] ?? '';
export const codeIn = (mail: SunkMail) => /^(\d{6}) is your sign-in code$/.exec(mail.subject)?.[1] ?? '';

/** Staff (or an Owner, by `cookie`) gives `email` a role at the customer; answers the invitation's token. */
export async function invite(
  app: FastifyInstance,
  sink: Sink,
  cookie: string,
  customerId: number,
  person: { Email: string; Name: string; Role: 'Owner' | 'Orderer' | 'Counter' },
): Promise<{ personId: number; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/Customer/${customerId}/People`,
    headers: { cookie },
    payload: person,
  });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  const mail = await lastMailTo(app, sink, person.Email, /invited you/);
  return { personId: res.json().Id, token: inviteTokenIn(mail) };
}

/** Signs a person in by mailed code; answers the session cookie and the sign-in's answer. */
export async function signInByCode(
  app: FastifyInstance,
  sink: Sink,
  email: string,
  headers: Record<string, string> = {},
) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/SignIn/Code',
    payload: { Email: email },
    headers,
  });
  if (asked.statusCode !== 202) throw new Error(`code: ${asked.statusCode} ${asked.body}`);
  const code = codeIn(await lastMailTo(app, sink, email, /is your sign-in code/));
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/SignIn/Person',
    payload: { Email: email, Code: code },
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`person sign-in: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), answer: res.json(), res };
}
