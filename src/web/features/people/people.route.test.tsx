import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VenueRole } from '../../../domain/venue-roles';
import { queryKeys } from '../../lib/query-keys';
import { mockApi } from '../../test/mock-api';
import { barCustomer, renderOrderRoutes } from '../order/test/render-order';
import { NOT_OWNER, Component as PeoplePage } from './people.route';

afterEach(() => vi.unstubAllGlobals());

const olive = { Id: 4, Name: 'Olive Owner', Email: 'olive@example.com', Role: 'Owner' as const };

function renderPage(venueRole: VenueRole) {
  const api = mockApi({
    'GET /api/v1/Customer/1/People': [200, [olive]],
    'GET /api/v1/Customer/1': [
      200,
      {
        ...barCustomer,
        CustomerTypeName: 'Bars',
        LicenseNumber: null,
        LicenseExpires: null,
        PaymentTerms: null,
        SharedSignIn: false,
        Products: [],
      },
    ],
  });
  const { queryClient } = renderOrderRoutes(
    [{ path: '/order/people', Component: PeoplePage }],
    '/order/people',
  );
  act(() =>
    queryClient.setQueryData(queryKeys.session, {
      Role: 'customer',
      Customer: barCustomer,
      User: null,
      Person: { Id: olive.Id, Name: olive.Name, Email: olive.Email },
      VenueRole: venueRole,
      Venues: [],
    }),
  );
  return api;
}

describe('/order/people (design.md 8.2)', () => {
  it("shows the Owner the venue's people, their own row marked, and the shared sign-in as it is", async () => {
    renderPage('Owner');
    expect(await screen.findByRole('heading', { name: 'People', level: 1 })).toBeTruthy();
    const row = await within(await screen.findByRole('table', { name: 'People' })).findByRole('row', {
      name: /Olive Owner/,
    });
    expect(within(row).getByText('You')).toBeTruthy();
    const toggle = (await screen.findByRole('switch', { name: /Shared sign-in/ })) as HTMLInputElement;
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });

  it.each(['Orderer', 'Counter'] as const)(
    "tells an %s it is the Owner's, and asks the API nothing",
    async (role) => {
      const api = renderPage(role);
      expect(await screen.findByText(`${NOT_OWNER}.`)).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(api.calls).toEqual([]);
    },
  );
});
