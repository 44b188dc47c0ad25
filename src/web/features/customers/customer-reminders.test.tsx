import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { expectToast } from '../../test/toasts';
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

function renderView(remindersOff: boolean, put: [number, unknown?] = [200]) {
  const api = mockApi({
    'GET /api/v1/Customer/5': [200, customer],
    'GET /api/v1/Customer/5/Reminders': [200, { CustomerId: 5, RemindersOff: remindersOff }],
    'PUT /api/v1/Customer/5/Reminders': ({ body }) =>
      put[0] === 200 ? [200, { CustomerId: 5, ...(body as object) }] : put,
  });
  renderRoutes([{ path: '/maint/customer/edit/:id', Component: CustomerEdit }], '/maint/customer/edit/5');
  return api;
}

const remindersSwitch = async () =>
  (await screen.findByRole('switch', { name: /Reminders Off/ })) as HTMLInputElement;

describe('Customer - View: Reminders Off (design.md 7.4)', () => {
  it('shows the flag and saves it when staff switch it', async () => {
    const api = renderView(false);
    const toggle = await remindersSwitch();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await expectToast("Reminders off for 1001 Murphy's Bar");
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/v1/Customer/5/Reminders', body: { RemindersOff: true } },
    ]);
    expect((await remindersSwitch()).checked).toBe(true);
  });

  it('shows a customer who used the stop link as off, and staff can turn reminders on again', async () => {
    renderView(true);
    const toggle = await remindersSwitch();
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await expectToast("Reminders on for 1001 Murphy's Bar");
    expect((await remindersSwitch()).checked).toBe(false);
  });
});
