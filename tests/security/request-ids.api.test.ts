import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';

type Line = Record<string, unknown>;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Request ids name one request across every process and restart (issue 44): two servers (two
 * processes, or one before and after a restart) never give the same id, a client's X-Request-Id
 * is kept beside the server's own and never replaces it, and a 500's reference finds exactly
 * the lines of the request that failed.
 */
describe('request ids', () => {
  const logs: Line[][] = [[], []];
  const apps: TestApp[] = [];
  beforeAll(async () => {
    for (const out of logs)
      apps.push(
        await createTestApp({
          logger: { level: 'info', stream: { write: (line: string) => out.push(JSON.parse(line)) } },
        }),
      );
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  const footer = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/api/v1/Footer', headers });

  it("are the server's own, unique across processes, with a client's id kept beside them", async () => {
    for (const app of apps) {
      expect((await footer(app, { 'x-request-id': 'req-3e' })).statusCode).toBe(200);
      expect((await footer(app)).statusCode).toBe(200);
    }
    const completed = logs.flat().filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(4);
    const ids = completed.map((l) => l.requestId as string);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(4);
    expect(completed.map((l) => l.clientRequestId)).toEqual(['req-3e', undefined, 'req-3e', undefined]);
  });

  it("names in a 500's reference the one request whose lines say what failed", async () => {
    const [, second] = apps;
    await second!.db.execute(sql`drop table settings`);
    const res = await footer(second!, { 'x-request-id': 'req-1' });
    expect(res.statusCode).toBe(500);
    const reference = /\(reference ([^)]+)\)/.exec(res.json().ErrorMessage)?.[1];
    expect(reference).toMatch(uuid);
    const lines = logs.flat().filter((l) => l.requestId === reference);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(lines.every((l) => l.clientRequestId === 'req-1')).toBe(true);
  });
});
