import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signInAdmin,
  signInCustomer,
  TEST_ADMIN,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { hostileText, hostileValue, specialTexts, toJsonText } from '#support/hostile-values.js';
import { multipartFile } from '#support/multipart.js';
import {
  bodyFor,
  isOpaqueObject,
  type OpenApiDocument,
  type Operation,
  objectFor,
  queryFor,
  readOperations,
} from '#support/openapi-arbitraries.js';
import { customerByCompany, firstDeliveryDate, orderableCodes } from '#support/order-fixtures.js';
import { ApiErrorSchema } from '../../src/domain/auth.schema.js';
import { adminUsers, customers } from '../../src/server/db/schema.js';

/**
 * fast-check over every body and query string in the OpenAPI document, sent by a caller of
 * the right role: whatever arrives, the answer is below 500 and every 4xx has the contract's
 * `{ ErrorMessage, Errors? }`. Generators come from the document's schemas, so a new route
 * is fuzzed without a change here; a route the document cannot describe (a multipart upload,
 * a body schema without fields) needs an entry in `handWritten`, or the first test fails.
 * `FUZZ_RUNS=500` runs a deeper search than the default kept for `npm test`.
 */

const errorLog: string[] = [];
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const UPLOAD_RUNS = 10;
/** Per route: on a busy machine fewer cases run rather than the test timing out. */
const ROUTE_BUDGET_MS = 20_000;
/** Far above any answer's time on a busy machine: past it, the request hangs. */
const REQUEST_DEADLINE_MS = 45_000;

interface Known {
  customerId: number;
  firstDate: string;
  codes: string[];
}
type Request = { body?: unknown; multipart?: ReturnType<typeof multipartFile>; query: string };

/** An import upload: bytes, hostile cells in tab-separated lines, or near misses, under odd names and fields. */
const uploadBody = fc
  .record({
    content: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc.array(fc.array(hostileText, { maxLength: 14 }), { maxLength: 6 }).map(tsv),
      fc.constantFrom('', '\n', 'A-1,Apple,12,1,Y,EA,CS\n', '\uFEFF\t\t\t\n'),
    ),
    fileName: fc.oneof(
      fc.constantFrom('items.txt', '../../etc/passwd', '/etc/passwd', 'C:\\x.exe'),
      hostileText,
    ),
    field: fc.constantFrom('file', 'file', 'file', 'upload', ''),
  })
  .map(({ content, fileName, field }) => ({
    multipart: multipartFile(typeof content === 'string' ? content : Buffer.from(content), {
      fileName: fileName.slice(0, 300),
      field,
    }),
  }));
/** Bodies the document cannot describe; each maps the known records to a generator. */
const handWritten: Record<string, (k: Known) => fc.Arbitrary<Omit<Request, 'query'>>> = {
  'POST /api/v1/Order': (k) => {
    const line = (dirty: boolean) =>
      objectFor(
        {
          type: 'object',
          properties: {
            Code: { type: 'string', enum: k.codes },
            CaseQuantity: { type: 'integer', minimum: -5, maximum: 50 },
            UnitQuantity: { type: 'integer', minimum: -5, maximum: 50 },
          },
          required: ['Code', 'CaseQuantity', 'UnitQuantity'],
        },
        dirty,
      );
    const order = (dirty: boolean) =>
      objectFor(
        {
          type: 'object',
          properties: {
            DeliveryDate: { type: 'string', enum: [k.firstDate] },
            Name: { type: 'string', maxLength: 60 },
            Phone: { type: 'string' },
            Email: { type: 'string' },
            ReferencePO: { type: 'string', maxLength: 20 },
          },
          required: ['DeliveryDate', 'Name', 'Phone', 'Email'],
        },
        dirty,
      );
    const clean = fc
      .tuple(
        order(false),
        fc.uniqueArray(line(false), { minLength: 1, maxLength: 4, selector: (l) => l.Code }),
      )
      .map(([o, l]) => ({ ...o, ProductQuantities: l }));
    const dirty = fc
      .tuple(
        order(true),
        fc.oneof(fc.array(fc.oneof(line(true), hostileValue), { maxLength: 4 }), hostileValue),
      )
      .map(([o, l]) => Object.fromEntries([...Object.entries(o), ['ProductQuantities', l]]));
    return fc.oneof(clean, dirty, hostileValue).map((body) => ({ body }));
  },
  'POST /api/ItemImport': () => uploadBody,
  'POST /api/CustomerImport': () => uploadBody,
  'POST /api/CustomerItemsImport': () => uploadBody,
  'POST /api/OrderHistoryImport': () => uploadBody,
  'POST /api/AvailabilityImport': () => uploadBody,
  'POST /api/PriceImport': () => uploadBody,
  'POST /api/InvoiceImport': () => uploadBody,
};
/**
 * Routes that take no body at all (the reminder and standing order checks: design.md 7.4, 8.6; an order's cancel: 7.10;
 * a passkey's options: decision 069).
 */
const bodiless = new Set([
  'POST /api/v1/Logout',
  'POST /api/v1/Logout/Everywhere',
  'POST /api/v1/Reminders/Run',
  'POST /api/v1/StandingOrders/Run',
  'POST /api/v1/Backup',
  'POST /api/v1/Order/{id}/Cancel',
  'POST /api/v1/Passkey/Options',
  'POST /api/v1/SignIn/Passkey/Options',
]);

function tsv(rows: string[][]): string {
  return rows.map((cells) => cells.join('\t')).join('\n');
}

describe('fuzzing bodies and query strings', () => {
  let t: TestApp;
  let known: Known;
  let cookies: Record<'customer' | 'admin', string>;
  let operations: Operation[];
  let address = 0;
  let customerRow: typeof customers.$inferSelect | undefined;
  let adminRow: typeof adminUsers.$inferSelect | undefined;

  beforeAll(async () => {
    // The server's own error log, so that a 5xx's cause shows in the failure.
    t = await createTestApp({
      logger: { level: 'error', stream: { write: (line: string) => errorLog.push(line) } },
    });
    const a = await customerByCompany(t.db, 1001);
    const firstDate = await firstDeliveryDate(t.db, 1001, TEST_NOW);
    const codes = (await orderableCodes(t.db, 1001, firstDate)).map((p) => p.code);
    known = { customerId: a.id, firstDate, codes: [...codes, ...specialTexts.slice(0, 3)] };
    [customerRow] = await t.db.select().from(customers).where(eq(customers.companyId, 1001));
    [adminRow] = await t.db.select().from(adminUsers).where(eq(adminUsers.userName, TEST_ADMIN.user));
    cookies = await freshSessions();
    operations = readOperations(t.app.swagger() as OpenApiDocument);
  });
  afterAll(() => t.close());

  /**
   * A fuzzed POST Customer or POST User may give customer 1001 a new zip code or the admin a
   * new password, or deactivate them, which ends their sessions (decision 022): each route's
   * run starts from the accounts as they were, freshly signed in.
   */
  async function freshSessions() {
    const { id, ...customer } = customerRow!;
    await t.db.update(customers).set(customer).where(eq(customers.id, id));
    const { id: adminId, ...admin } = adminRow!;
    await t.db.update(adminUsers).set(admin).where(eq(adminUsers.id, adminId));
    return { customer: await signInCustomer(t.app, 1001, 60601), admin: await signInAdmin(t.app) };
  }

  const send = (op: Operation, caller: 'customer' | 'admin', url: string, req: Request) => {
    const body = req.multipart
      ? { payload: req.multipart.payload, headers: req.multipart.headers }
      : req.body !== undefined
        ? { payload: toJsonText(req.body), headers: { 'content-type': 'application/json' } }
        : { headers: {} };
    // A new address each time, so the sign-in failure limits do not hide the handlers.
    address = (address + 1) % 60_000;
    return t.app.inject({
      method: op.method as 'POST',
      url: req.query ? `${url}?${req.query}` : url,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies[caller] },
      remoteAddress: `10.77.${address >> 8}.${address & 255}`,
    });
  };

  const fuzzed = () => operations.filter((op) => op.body || op.query.length > 0 || op.key in handWritten);

  it('has a generator for every route that takes a body or a query string', () => {
    expect(fuzzed().length).toBeGreaterThan(15);
    const missing = operations.filter(
      (op) =>
        !(op.key in handWritten) &&
        ((op.body && isOpaqueObject(op.body)) ||
          (!op.body && ['POST', 'PUT', 'PATCH'].includes(op.method) && !bodiless.has(op.key))),
    );
    expect(missing.map((op) => op.key)).toEqual([]);
    for (const key of [...Object.keys(handWritten), ...bodiless])
      expect(operations.map((op) => op.key)).toContain(key);
  });

  it('answers every fuzzed request below 500, and every 4xx in the error shape', async () => {
    for (const op of fuzzed()) {
      cookies = await freshSessions();
      const callers = await callersOf(op);
      expect(callers, `${op.key}: no caller gets past the guard`).not.toEqual([]);
      const request = requestFor(op);
      const url = fc.oneof(
        { weight: 4, arbitrary: fc.constant(op.path.replace(/\{[^}]+\}/g, String(known.customerId))) },
        { weight: 1, arbitrary: hostilePath(op) },
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), url, request, async (caller, u, req) => {
          errorLog.length = 0;
          const res = await withDeadline(send(op, caller, u, req), `${op.key} as ${caller}`);
          assertContract(op.key, res);
        }),
        settings(handWritten[op.key] && !op.key.startsWith('POST /api/v1/') ? UPLOAD_RUNS : RUNS),
      );
    }
  }, 600_000);

  /** The roles whose plain request gets past the guard (401/403 come before validation). */
  async function callersOf(op: Operation) {
    const callers: ('customer' | 'admin')[] = [];
    for (const caller of ['customer', 'admin'] as const) {
      const url = op.path.replace(/\{[^}]+\}/g, String(known.customerId));
      const res = await send(op, caller, url, { query: '', body: op.body?.type === 'array' ? [] : {} });
      if (res.statusCode !== 401 && res.statusCode !== 403) callers.push(caller);
    }
    return callers;
  }

  function requestFor(op: Operation): fc.Arbitrary<Request> {
    const query = op.query.length ? queryFor(op.query) : fc.constant('');
    const body: fc.Arbitrary<Omit<Request, 'query'>> = handWritten[op.key]
      ? handWritten[op.key]!(known)
      : op.body
        ? bodyFor(op.body).map((b) => ({ body: b }))
        : fc.constant({});
    return fc.tuple(query, body).map(([q, b]) => ({ ...b, query: q }));
  }
});

/** An answer that never comes fails the property with its request, instead of the whole test timing out. */
async function withDeadline<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${REQUEST_DEADLINE_MS} ms`)),
      REQUEST_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failure names the route, the server's error and a shortened counterexample (a 100 kB
 * string would flood the log). No shrinking: the requests change data, so a smaller request
 * replayed later may not fail the same way, and each try costs a request.
 */
function settings(numRuns: number): fc.Parameters<unknown[]> {
  return {
    numRuns,
    endOnFailure: true,
    interruptAfterTimeLimit: ROUTE_BUDGET_MS,
    markInterruptAsFailure: false,
    reporter(details) {
      if (!details.failed) return;
      const example = fc
        .stringify(details.counterexample)
        .replace(/(.)\1{40,}/g, (m, c) => `${c}×${m.length}`);
      throw new Error(
        `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
          `counterexample (seed ${details.seed}): ${example.slice(0, 3000)}`,
      );
    },
  };
}

/** Path parameters that are not ids: they must answer 400 (or 404), never reach SQL. */
function hostilePath(op: Operation): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'abc', '%27', '%00'),
    hostileText.map((s) => encodeURIComponent(s.slice(0, 50).replace(/[\uD800-\uDFFF]/g, ''))),
  );
  return segment.map((s) => op.path.replace(/\{[^}]+\}/g, s || '0'));
}

function assertContract(key: string, res: LightMyRequestResponse) {
  const context = `${key}: ${res.statusCode} ${res.body.slice(0, 300)} ${errorLog.at(-1)?.slice(0, 1500) ?? ''}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], context).toMatch(/^application\/json/);
    expect(ApiErrorSchema.safeParse(res.json()).success, context).toBe(true);
  }
}
