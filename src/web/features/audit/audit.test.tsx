import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage } from '../../../domain/audit.schema';
import { FilterDrawerProvider } from '../../components/layout/filter-drawer';
import { createQueryClient } from '../../lib/query-client';
import { contractAnswer } from '../../test/contract';
import { theme } from '../../theme';
import { Component as AuditScreen } from './audit.route';

const page: AuditPage = {
  Entries: [
    {
      Id: 7,
      At: '2026-11-25T16:00:00.000Z',
      User: 'admin',
      Action: 'Update',
      Entity: 'CustomerType',
      EntityId: '2',
      Summary: 'Updated Customer Type 2 Restaurants',
      Changes: [{ Field: 'CutoffHours', Before: 16, After: 9 }],
    },
  ],
  Page: 2,
  PageSize: 50,
  Total: 51,
};

afterEach(() => vi.unstubAllGlobals());

describe('/maint/audit', { timeout: 30_000 }, () => {
  it('asks the server for the filters and page in the URL and shows each change before and after', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = String(input).replace('/api/v1/', '');
        // Only the trail's own request gets the page; anything else (a request still on its
        // way from another file in this worker) is not found, as from a server without it.
        if ((init?.method ?? 'GET') !== 'GET' || !path.startsWith('Audit')) {
          return new Response(JSON.stringify({ ErrorMessage: 'Not found' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        urls.push(String(input));
        const body = contractAnswer('GET', path, 200, page);
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const router = createMemoryRouter([{ path: '/maint/audit', Component: AuditScreen }], {
      initialEntries: ['/maint/audit?User=admin&Entity=CustomerType&page=2'],
    });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={createQueryClient()}>
          <FilterDrawerProvider>
            <RouterProvider router={router} />
          </FilterDrawerProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(await within(table).findByText('Updated Customer Type 2 Restaurants')).toBeTruthy();
    expect(within(table).getByText('Customer Type 2')).toBeTruthy();
    expect(within(table).getByText(/16 → 9/)).toBeTruthy();
    expect(screen.getByText('Rows 51-51 of 51')).toBeTruthy();
    expect(urls[0]).toContain('Audit?user=admin&entity=CustomerType&page=2');
  });
});
