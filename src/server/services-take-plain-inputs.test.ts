import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = path.join(import.meta.dirname, 'modules');

/**
 * Files that are about the HTTP request itself, not a service behind a route (issue 35): they
 * may name Fastify's app and request types. Everything else under modules/ takes plain inputs
 * (the principal, the database or transaction, the clock, the settings it reads), so a test
 * can call it without an app and a route stays a thin shell around it (house style, habits 2
 * and 13).
 */
const HTTP_PLUMBING: Record<string, string> = {
  // Registers every area's routes under /api/v1: route wiring, as a *.routes.ts file is.
  'index.ts': 'the API routes registration',
  // Sets the session cookie and reads the throttle's address from the request.
  'auth/sign-in.ts': 'signs in: sets the session on the request',
  'auth/device-cookie.ts': 'reads and sets the device cookie',
  // The rate limiter's key is the request's principal; its error builder is the plugin's hook.
  'orders/order-rate.ts': 'the rate limit key of a request',
  // Server rendering of pages: the request is what is rendered and answered.
  'pages/page-context.ts': 'server page rendering',
  'pages/page-data.ts': 'server page rendering',
  'pages/page-loaders.ts': 'server page rendering',
  'pages/sign-in-actions.ts': 'the sign-in form posted to a server page',
  'pages/person-actions.ts': "a person's sign-in, invitation and venue forms posted to a server page",
  // A passkey's challenge lives in the request's encrypted session cookie (decision 069).
  'people/passkey-challenge.ts': "keeps the passkey challenge in the request's session",
};

const FASTIFY_TYPES = /\bFastify(Instance|Request)\b/;

/** The product files under modules/ that are neither a test nor a routes file. */
function serviceFiles(): string[] {
  return readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name.endsWith('.ts') && !/\.test\.ts$/.test(name) && !name.endsWith('.routes.ts'));
}

describe('services take plain inputs, not the app and the request', () => {
  it('no file under modules/ but routes and request plumbing names FastifyInstance or FastifyRequest', () => {
    const offences = serviceFiles().filter(
      (name) =>
        !(name in HTTP_PLUMBING) && FASTIFY_TYPES.test(readFileSync(path.join(modules, name), 'utf8')),
    );
    expect(offences).toEqual([]);
  });

  it('the allow-list names files that still exist', () => {
    const files = new Set(serviceFiles());
    expect(Object.keys(HTTP_PLUMBING).filter((name) => !files.has(name))).toEqual([]);
  });

  it('sees the types however they are imported', () => {
    expect(FASTIFY_TYPES.test("import type { FastifyBaseLogger, FastifyInstance } from 'fastify';")).toBe(
      true,
    );
    expect(FASTIFY_TYPES.test('(request: FastifyRequest) =>')).toBe(true);
    expect(FASTIFY_TYPES.test("import type { FastifyBaseLogger } from 'fastify';")).toBe(false);
  });
});
