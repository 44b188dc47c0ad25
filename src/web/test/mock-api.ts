import { vi } from 'vitest';
import { contractAnswer } from './contract';

export interface ApiCall {
  method: string;
  url: string;
  /** The parsed JSON body, if any. */
  body: unknown;
}

type Answer = [status: number, body?: unknown];
/** Answers for 'METHOD /path' (e.g. 'GET /api/v1/CustomerTypes'); a function gets the call. */
export type ApiRoutes = Record<string, Answer | ((call: ApiCall) => Answer)>;

/**
 * Replaces `fetch` with a small fake API: each 'METHOD /path' answers its status and JSON body,
 * parsed with the contract's schema (./contract); anything else answers 404. `calls` lists every request, for assertions on what was sent.
 */
export function mockApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    const [status, body] = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : [404, { ErrorMessage: 'Not found' }];
    const answer = contractAnswer(method, url, status, body);
    return new Response(answer === undefined ? null : JSON.stringify(answer), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

/** jsdom has no `document.fonts`; Mantine's autosize Textarea listens to it. */
export function stubDocumentFonts() {
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
}
