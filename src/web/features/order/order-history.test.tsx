import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../../../domain/order-view.schema';
import { Component as OrderHistory } from './order-history.route';
import { barCustomer, mockApi, renderOrderRoutes, stubViewport } from './test/render-order';

function order(i: number): OrderSummary {
  return {
    Id: 100 + i,
    CustomerId: 1,
    CompanyId: 1001,
    OrderNum: `W${100100 + i}`,
    OrderType: 'Web',
    IsWebOrder: true,
    // Newest first, as the API sends them.
    CreateDate: new Date(Date.UTC(2026, 5, 30, 19, 57) - i * 86_400_000).toISOString(),
    DeliveryDate: '2026-07-02',
    Name: 'Pat Tester',
    Phone: '3125550142',
    Email: 'pat@example.com',
    ReferencePO: '',
    Status: 1,
    EnteredBy: null,
    PlacedBy: 'Shared sign-in',
    StandingOrderId: null,
    ProductCount: 3,
    TotalCases: 5,
    DeliveryDifferences: null,
    EstimatedTotal: null,
  };
}

const renderHistory = (path = '/order/history') =>
  renderOrderRoutes(
    [
      { path: '/order/history', Component: OrderHistory },
      { path: '/order/history/detail/:id', element: <p>Detail page</p> },
      { path: '/order/form/:id', element: <p>Order form</p> },
    ],
    path,
  );

let restoreViewport: (() => void) | undefined;
afterEach(() => {
  restoreViewport?.();
  restoreViewport = undefined;
  vi.unstubAllGlobals();
});

describe('orders history', { timeout: 15_000 }, () => {
  it('shows the loading state while the orders load', async () => {
    mockApi({ 'GET Orders/1001': new Promise<never>(() => {}) });
    renderHistory();
    expect(await screen.findByText('Loading orders...')).toBeTruthy();
  });

  it('marks a credit the ERP listed as a return', async () => {
    const credit = { ...order(1), OrderNum: 'RET-77', IsWebOrder: false, OrderType: 'RET', IsReturn: true };
    mockApi({
      'GET Orders/1001': { status: 200, body: { DeliveryDates: ['2026-07-02'], Orders: [order(0), credit] } },
    });
    renderHistory();
    await screen.findByText('RET-77');
    const marks = screen.getAllByTestId('order-return');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toBe('Return');
    expect(
      within(marks[0]!.closest('[data-testid="order-row"]') as HTMLElement).getByText('RET-77'),
    ).toBeTruthy();
  });

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])(
    "shows each order's estimated total, none for an order without prices or a cancelled one (%s)",
    async (_where, isPhone) => {
      restoreViewport = stubViewport(isPhone);
      const priced = { ...order(0), EstimatedTotal: 123450 };
      const cancelled = { ...order(1), OrderNum: 'W-CANCELLED', Status: 3, EstimatedTotal: 5000 };
      mockApi({
        'GET Orders/1001': {
          status: 200,
          body: { DeliveryDates: ['2026-07-02'], Orders: [priced, cancelled, order(2)] },
        },
      });
      renderHistory();
      await screen.findByText('W100100');
      const estimates = screen.getAllByTestId('order-estimate');
      expect(estimates.map((e) => e.textContent)).toEqual(['$1,234.50']);
      const row = estimates[0]!.closest('[data-testid="order-row"]') as HTMLElement;
      expect(within(row).getByText('W100100')).toBeTruthy();
      if (isPhone) expect(estimates[0]!.parentElement!.textContent).toBe('Estimate $1,234.50');
      else expect(screen.getByRole('columnheader', { name: 'Estimate' })).toBeTruthy();
    },
  );

  it('says when there are no orders yet', async () => {
    mockApi({ 'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: [] } } });
    renderHistory();
    expect(await screen.findByText('You have no orders yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists 25 orders a page with the spec columns, formatted dates and phone, and the actions', async () => {
    const orders = Array.from({ length: 30 }, (_, i) => order(i));
    mockApi({ 'GET Orders/1001': { status: 200, body: { DeliveryDates: ['2026-07-02'], Orders: orders } } });
    const { router } = renderHistory();
    await screen.findByText('W100100');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Web Conf #',
      'Order Date',
      'Delivery Date',
      'Name',
      'Phone',
      'Placed By',
      'Products',
      'Cases',
      'Estimate',
      'Status',
      'Action',
    ]);
    const rows = screen.getAllByTestId('order-row');
    expect(rows).toHaveLength(25);
    const first = within(rows[0]!);
    expect(first.getByText('06/30/2026 02:57 PM')).toBeTruthy();
    expect(first.getByText('07/02/2026')).toBeTruthy();
    expect(first.getByText('(312) 555-0142')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('5')).toBeTruthy();
    expect(first.getByTestId('order-status').textContent).toBe('Open');
    expect(first.getByRole('link', { name: 'Re-Order order W100100' }).getAttribute('href')).toBe(
      '/order/form/0?copy=100',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('W100125')).toBeTruthy();

    fireEvent.click(within(screen.getAllByTestId('order-row')[0]!).getByRole('link', { name: /^Detail/ }));
    expect(await screen.findByText('Detail page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/history/detail/125');
  });

  it("shows each order's status by name and, to a reference customer, its Reference PO", async () => {
    const orders = [
      { ...order(0), Status: 99, ReferencePO: 'PO-7781' },
      { ...order(1), Status: 2, ReferencePO: 'PO-7780' },
      { ...order(2), Status: 1, ReferencePO: 'PO-7779' },
    ];
    mockApi({ 'GET Orders/6001': { status: 200, body: { DeliveryDates: [], Orders: orders } } });
    renderOrderRoutes([{ path: '/order/history', Component: OrderHistory }], '/order/history', {
      ...barCustomer,
      CompanyId: 6001,
      CustomerTypeId: 6,
    });
    await screen.findByText('W100100');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Reference PO');
    expect(screen.getAllByTestId('order-status').map((c) => c.textContent)).toEqual([
      'Completed',
      'No Delivery',
      'Open',
    ]);
    expect(screen.getByText('PO-7781')).toBeTruthy();
  });

  it.each([
    ['a desk', false],
    ['a phone', true],
  ])(
    'says who placed each order: the shared sign-in, staff, nobody for the ERP history (%s)',
    async (_w, phone) => {
      restoreViewport = stubViewport(phone);
      const orders = [
        order(0),
        { ...order(1), EnteredBy: 'dana.k', PlacedBy: 'dana.k' },
        { ...order(2), OrderNum: '5512', IsWebOrder: false, PlacedBy: null },
      ];
      mockApi({ 'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: orders } } });
      renderHistory();
      await screen.findByText('W100100');
      const rows = screen.getAllByTestId('order-row');
      expect(within(rows[0]!).getByTestId('order-placed-by').textContent).toBe('Shared sign-in');
      expect(within(rows[1]!).getByTestId('order-placed-by').textContent).toBe('Entered by dana.k');
      expect(within(rows[2]!).queryByTestId('order-placed-by')).toBeNull();
      // Said once: "Entered by" is no longer a line of its own beside it.
      expect(within(rows[1]!).getAllByText(/dana\.k/)).toHaveLength(1);
      // A narrow column breaks between "Entered by" and the name, never inside "sign-in".
      expect(within(rows[0]!).getByText('Shared sign-in').style.whiteSpace).toBe('nowrap');
      expect(within(rows[1]!).getByText('Entered by').style.whiteSpace).toBe('nowrap');
      if (phone) {
        // On the card, beside the order's time, with no separator left over for the ERP's order.
        expect(within(rows[0]!).getByText(/^Ordered /).textContent).toBe(
          'Ordered 06/30/2026 02:57 PM · Shared sign-in',
        );
        expect(within(rows[2]!).getByText(/^Ordered /).textContent).toBe('Ordered 06/28/2026 02:57 PM');
      }
    },
  );

  it('shows 15 orders a page as cards on a phone', async () => {
    restoreViewport = stubViewport(true);
    const orders = Array.from({ length: 20 }, (_, i) => order(i));
    mockApi({ 'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: orders } } });
    renderHistory();
    await screen.findByText('W100100');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByTestId('order-row')).toHaveLength(15);
    expect(screen.getByText('1–15 of 20 orders')).toBeTruthy();
    const card = within(screen.getAllByTestId('order-row')[0]!);
    expect(card.getByTestId('order-status').textContent).toBe('Open');
    expect(card.getByText('3 products · 5 cases')).toBeTruthy();
    // A bar is not a reference customer: no PO on its cards.
    expect(card.queryByText(/Reference PO/)).toBeNull();
  });
});
