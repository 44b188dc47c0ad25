import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { RequireRole } from './require-role';

function renderGuarded(path: string) {
  return renderRoutes(
    [
      {
        path: '/order/history',
        element: (
          <RequireRole need="customer" login="/user/login">
            <p>Secret orders</p>
          </RequireRole>
        ),
      },
      {
        path: '/maint/home',
        element: (
          <RequireRole need="admin" login="/maint/login">
            <p>Maint home</p>
          </RequireRole>
        ),
      },
      { path: '/user/login', element: <p>Customer login</p> },
      { path: '/maint/login', element: <p>Admin login</p> },
    ],
    path,
  );
}

const customer = { Id: 1, CompanyId: 1001, CustomerTypeId: 1, Name: 'D', Zipcode: 60601, IsActive: true };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequireRole', () => {
  it('sends nobody to the customer login, remembering the page', async () => {
    mockFetch(200, { Role: null, Customer: null, User: null, Person: null, VenueRole: null, Venues: [] });
    const { router } = renderGuarded('/order/history');
    expect(await screen.findByText('Customer login')).toBeTruthy();
    expect(router.state.location.search).toBe('?returnTo=%2Forder%2Fhistory');
  });

  it('lets a signed-in customer in', async () => {
    mockFetch(200, {
      Role: 'customer',
      Customer: customer,
      User: null,
      Person: null,
      VenueRole: 'Orderer',
      Venues: [],
    });
    renderGuarded('/order/history');
    expect(await screen.findByText('Secret orders')).toBeTruthy();
  });

  it('sends a signed-in customer away from the admin site', async () => {
    mockFetch(200, {
      Role: 'customer',
      Customer: customer,
      User: null,
      Person: null,
      VenueRole: 'Orderer',
      Venues: [],
    });
    renderGuarded('/maint/home');
    expect(await screen.findByText('Admin login')).toBeTruthy();
  });

  it('leaves when a later call answers 401 and the session is gone', async () => {
    mockFetch(200, {
      Role: 'customer',
      Customer: customer,
      User: null,
      Person: null,
      VenueRole: 'Orderer',
      Venues: [],
    });
    const { queryClient } = renderGuarded('/order/history');
    expect(await screen.findByText('Secret orders')).toBeTruthy();
    mockFetch(200, { Role: null, Customer: null, User: null, Person: null, VenueRole: null, Venues: [] });
    await queryClient.invalidateQueries({ queryKey: ['session'] });
    expect(await screen.findByText('Customer login')).toBeTruthy();
  });
});
