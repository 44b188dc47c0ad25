import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barCustomer, renderOrderRoutes } from '../../../features/order/test/render-order';
import { queryKeys } from '../../../lib/query-keys';
import { CustomerNav } from './customer-nav';

/** Which entry of the customer's menu says "you are here" (aria-current), by address. */
const current = async (path: string) => {
  renderOrderRoutes([{ path: '/order/*', element: <CustomerNav onOpenDevices={() => {}} /> }], path);
  await screen.findByRole('navigation', { name: 'Main menu' });
  return screen.queryAllByRole('link', { current: 'page' }).map((l) => l.textContent);
};

describe('the customer menu', () => {
  it('marks New Order on the order form', async () => {
    expect(await current('/order/form/0')).toEqual(['New Order']);
  });

  it('marks Orders History, not New Order, while a placed order is changed (design.md 7.10)', async () => {
    expect(await current('/order/form/0?change=12')).toEqual(['Orders History']);
  });
});

describe("the customer menu's People (design.md 8.2)", () => {
  const menu = async (venueRole: 'Owner' | 'Orderer' | 'Counter', path = '/order/home') => {
    const { queryClient } = renderOrderRoutes(
      [{ path: '/order/*', element: <CustomerNav onOpenDevices={() => {}} /> }],
      path,
    );
    act(() =>
      queryClient.setQueryData(queryKeys.session, {
        Role: 'customer',
        Customer: barCustomer,
        User: null,
        Person: { Id: 1, Name: 'Olive', Email: 'olive@example.com' },
        VenueRole: venueRole,
        Venues: [],
      }),
    );
    return screen.findByRole('navigation', { name: 'Main menu' });
  };

  it("is the Owner's, and marked on the People page", async () => {
    const nav = await menu('Owner', '/order/people');
    const people = within(nav).getByRole('link', { name: 'People' });
    expect(people.getAttribute('href')).toBe('/order/people');
    expect(people.getAttribute('aria-current')).toBe('page');
  });

  it.each(['Orderer', 'Counter'] as const)('is not in the menu of an %s', async (role) => {
    const nav = await menu(role);
    expect(within(nav).queryByRole('link', { name: 'People' })).toBeNull();
  });
});
