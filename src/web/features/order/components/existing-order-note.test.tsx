import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import { renderRoutes } from '../../../test/render';
import { ExistingOrderNote } from './existing-order-note';

const DATE = '2026-11-27';
const summary = (Id: number, ProductCount: number, over: Partial<OrderSummary> = {}): OrderSummary => ({
  Id,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: `W1000${Id}`,
  OrderType: 'WEB',
  IsWebOrder: true,
  CreateDate: '2026-11-25T16:00:00Z',
  DeliveryDate: DATE,
  Name: 'Pat',
  Phone: '3125550142',
  Email: 'pat@example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount,
  TotalCases: 3,
  DeliveryDifferences: null,
  EstimatedTotal: null,
  ...over,
});
const orders = [
  summary(11, 6),
  summary(12, 1),
  summary(13, 2, { Status: 3 }),
  summary(14, 3, { DeliveryDate: '2026-11-30' }),
];

const show = (changing?: number) =>
  renderRoutes(
    [{ path: '/', element: <ExistingOrderNote orders={orders} date={DATE} changing={changing} /> }],
    '/',
  );

describe('the note on another order for the date (issue 33)', () => {
  it('is one sentence however many orders, each a link, and says Submit places another', async () => {
    show();
    const note = await screen.findByTestId('existing-order');
    const body = note.querySelectorAll('p');
    expect(body).toHaveLength(1);
    expect(body[0]!.textContent).toBe(
      'You already have 2 orders for Fri 11/27/2026: W100011 (6 products) and W100012 (1 product). Sending this one places another.',
    );
    expect(
      within(note)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['W100011', 'W100012']);
  });

  it('leaves out the order being changed, and places nothing new', async () => {
    show(12);
    const note = await screen.findByTestId('existing-order');
    expect(note.querySelector('p')!.textContent).toBe(
      'You already have an order for Fri 11/27/2026: W100011 (6 products).',
    );
  });

  it('says nothing when the order being changed is the only one', () => {
    renderRoutes(
      [{ path: '/', element: <ExistingOrderNote orders={[summary(12, 1)]} date={DATE} changing={12} /> }],
      '/',
    );
    expect(screen.queryByTestId('existing-order')).toBeNull();
  });
});
