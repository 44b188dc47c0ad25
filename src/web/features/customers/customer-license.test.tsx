import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { Component as CustomerEdit } from './customer-edit.route';

/** Customer - View shows the liquor license (design.md 8.2) on the screen's clock: 11/25/2026 in Chicago. */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T16:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const customer = (license: {
  LicenseNumber: string | null;
  LicenseExpires: string | null;
  PaymentTerms?: string | null;
}) => ({
  Id: 5,
  CompanyId: 3002,
  CustomerTypeId: 3,
  CustomerTypeName: 'Liquor Stores',
  Name: 'Wrigleyville Wine & Spirits',
  Zipcode: 60613,
  IsActive: true,
  PaymentTerms: null,
  ...license,
  SharedSignIn: true,
  Products: [],
});

function renderView(license: Parameters<typeof customer>[0]) {
  mockApi({
    'GET /api/v1/Customer/5': [200, customer(license)],
    'GET /api/v1/Customer/5/Reminders': [200, { CustomerId: 5, RemindersOff: false }],
  });
  renderRoutes([{ path: '/maint/customer/edit/:id', Component: CustomerEdit }], '/maint/customer/edit/5');
}

const field = async (label: string) => (await screen.findByLabelText(label)) as HTMLInputElement;

describe('Customer - View: the liquor license', () => {
  it('shows the number and the last day, with the days left', async () => {
    renderView({ LicenseNumber: 'IL-3002-B', LicenseExpires: '2026-12-15' });
    expect((await field('License Number')).value).toBe('IL-3002-B');
    expect((await field('License Expires')).value).toBe('12/15/2026');
    expect(screen.getByText('Expires 12/15/2026, in 20 days')).toBeTruthy();
  });

  it('shows the payment terms from the customers file in words (design.md 8.4), or none', async () => {
    renderView({ LicenseNumber: null, LicenseExpires: null, PaymentTerms: 'NET30' });
    expect((await field('Payment Terms')).value).toBe(
      'Net 30, the invoice is due 30 days after it is issued',
    );
  });

  it('says when it has expired, and when today is its last day', async () => {
    renderView({ LicenseNumber: 'IL-3002-B', LicenseExpires: '2026-11-24' });
    expect((await field('License Expires')).value).toBe('11/24/2026');
    expect(screen.getByText('Expired on 11/24/2026')).toBeTruthy();
  });

  it('without a license: none, and no expiry date', async () => {
    renderView({ LicenseNumber: null, LicenseExpires: null });
    expect((await field('License Number')).value).toBe('None');
    expect((await field('License Expires')).value).toBe('No expiry date');
    expect((await field('Payment Terms')).value).toBe('None');
    const general = screen.getByRole('tabpanel');
    expect(within(general).queryByText(/^Expire/)).toBeNull();
  });
});
