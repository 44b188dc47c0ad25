import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { Component as CustomerEdit } from './customer-edit.route';

afterEach(() => vi.unstubAllGlobals());

const customer = {
  Id: 5,
  CompanyId: 1001,
  CustomerTypeId: 1,
  CustomerTypeName: 'Bars',
  Name: "Murphy's Bar",
  Zipcode: 60601,
  IsActive: true,
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [],
};

describe('Customer - View: People (design.md 8.2)', () => {
  it("opens on ?tab=people with the customer's people and its shared sign-in", async () => {
    mockApi({
      'GET /api/v1/Customer/5': [200, customer],
      'GET /api/v1/Customer/5/People': [
        200,
        [{ Id: 9, Name: 'Cy Park', Email: 'cy@example.com', Role: 'Counter' }],
      ],
    });
    renderRoutes(
      [{ path: '/maint/customer/edit/:id', Component: CustomerEdit }],
      '/maint/customer/edit/5?tab=people',
    );
    expect((await screen.findByRole('tab', { name: 'People' })).getAttribute('aria-selected')).toBe('true');
    const row = await within(await screen.findByRole('table', { name: 'People' })).findByRole('row', {
      name: /Cy Park/,
    });
    expect((within(row).getByRole('combobox', { name: 'Role of Cy Park' }) as HTMLInputElement).value).toBe(
      'Counter',
    );
    // Staff have no row of their own.
    expect(within(row).queryByText('You')).toBeNull();
    const toggle = (await screen.findByRole('switch', { name: /Shared sign-in/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
  });
});
