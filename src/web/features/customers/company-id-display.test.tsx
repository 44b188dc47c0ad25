import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCompanyId } from '../../../domain/company-id';
import type { CustomerListItem } from '../../../domain/customer.schema';
import { CustomerHeader } from '../../components/layout/customer/customer-header';
import { FilterDrawerProvider } from '../../components/layout/filter-drawer';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../test/mock-api';
import { theme } from '../../theme';
import { barCustomer, renderOrderRoutes } from '../order/test/render-order';
import { Component as Customers } from './customers.route';

/** Issue 17, item 5: a customer number below 1000 shows as 4 digits, as it signs in. */
describe('customer numbers below 1000', { timeout: 15_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats as the 4-digit mask does', () => {
    expect([99, 7, 1001, '42', 12345].map(formatCompanyId)).toEqual([
      '0099',
      '0007',
      '1001',
      '0042',
      '12345',
    ]);
  });

  it('shows 0099 in the top bar', () => {
    renderOrderRoutes(
      [
        {
          path: '/order/home',
          element: <CustomerHeader isMobile={false} menuOpened={false} onToggleMenu={() => {}} />,
        },
      ],
      '/order/home',
      { ...barCustomer, CompanyId: 99, Name: 'Low Number Bar' },
    );
    expect(screen.getByTestId('customer-identity').textContent).toBe('0099Low Number Bar');
  });

  it('shows 0099 in the customers list', async () => {
    const rows: CustomerListItem[] = [
      {
        Id: 1,
        CompanyId: 99,
        CustomerTypeId: 1,
        CustomerTypeName: 'Bars',
        Name: 'Low Number Bar',
        Zipcode: 60601,
        IsActive: true,
        LicenseNumber: null,
        LicenseExpires: null,
        PaymentTerms: null,
        SharedSignIn: true,
      },
      {
        Id: 2,
        CompanyId: 1001,
        CustomerTypeId: 1,
        CustomerTypeName: 'Bars',
        Name: 'Blue Heron Tavern',
        Zipcode: 60601,
        IsActive: true,
        LicenseNumber: null,
        LicenseExpires: null,
        PaymentTerms: null,
        SharedSignIn: true,
      },
    ];
    mockApi({ 'GET /api/v1/Customers': [200, rows], 'GET /api/v1/CustomerTypes': [200, []] });
    const router = createMemoryRouter([{ path: '/maint/customers', Component: Customers }], {
      initialEntries: ['/maint/customers'],
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
    const row = (await screen.findByText('Low Number Bar')).closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('0099');
    expect(within(row).getByRole('link', { name: 'View customer 0099' })).toBeTruthy();
  });
});
