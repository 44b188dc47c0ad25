import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionCustomer } from '../../../../domain/auth.schema';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import { DialogHost } from '../../../components/dialogs/dialog-host';
import { queryKeys } from '../../../lib/query-keys';
import { contractAnswer } from '../../../test/contract';
import { theme } from '../../../theme';

/** Test data and a renderer for the order screens: a signed-in customer, the dialogs mounted. */

export const barCustomer: SessionCustomer = {
  Id: 1,
  CompanyId: 1001,
  CustomerTypeId: 1,
  Name: 'Blue Heron Tavern',
  Zipcode: 60601,
  IsActive: true,
};

export { customerTypes } from '../../../test/fixtures';

export function product(over: Partial<CustomerProduct> & Pick<CustomerProduct, 'Code'>): CustomerProduct {
  return {
    ProductLinkId: 1,
    ProductId: 1,
    Description: `Product ${over.Code}`,
    Type: 2,
    TypeName: 'Non-Frozen',
    UnitsPerCase: 24,
    IsCaseOnly: true,
    IsActive: true,
    StartDate: null,
    EndDate: null,
    OrderNo: 1,
    Availability: null,
    Substitution: 'Allow',
    ...over,
  };
}

export function newQueryClient(customer: SessionCustomer = barCustomer): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(queryKeys.session, {
    Role: 'customer',
    Customer: customer,
    User: null,
    Person: null,
    VenueRole: 'Orderer',
    Venues: [],
  });
  return client;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        {children}
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders `routes` at `path` for a signed-in customer. */
export function renderOrderRoutes(routes: RouteObject[], path: string, customer = barCustomer) {
  const queryClient = newQueryClient(customer);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

type Answer = { status: number; body?: unknown } | 'network-error' | Promise<never>;
type Handler = (init: RequestInit | undefined, call: number) => Answer;

/**
 * Replaces `fetch` with one that answers by 'METHOD /path' (the API root left out:
 * 'GET CustomerTypes'), each body parsed with the contract's schema (src/web/test/contract.ts);
 * an unknown call fails the test loudly with a 404.
 */
export function mockApi(handlers: Record<string, Handler | Answer>) {
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace('/api/v1/', '');
    const key = `${init?.method ?? 'GET'} ${url}`;
    const n = (calls.get(key) ?? 0) + 1;
    calls.set(key, n);
    const handler = handlers[key];
    const answer = typeof handler === 'function' ? handler(init, n) : handler;
    if (answer === undefined) return json(404, { ErrorMessage: `No mock for ${key}` });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer instanceof Promise) return answer;
    return json(answer.status, contractAnswer(init?.method ?? 'GET', url, answer.status, answer.body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Makes `useBelow(px)` answer true for every width (a phone) or false (a wide screen); returns the undo. */
export function stubViewport(narrow: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: narrow && query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/**
 * jsdom has no layout, so Mantine's focus trap finds nothing "visible" to focus in an open
 * calendar and says so at length. Only that warning is dropped.
 */
export function quietFocusTrapWarnings() {
  const warn = console.warn;
  return vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return;
    warn(...args);
  });
}
