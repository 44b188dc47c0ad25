import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderOrderRoutes } from '../../../features/order/test/render-order';
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
