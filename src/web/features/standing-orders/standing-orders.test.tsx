import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../domain/order-view.schema';
import type { StandingOrder } from '../../../domain/standing-orders';
import { queryKeys } from '../../lib/query-keys';
import { mockApi, quietFocusTrapWarnings, renderOrderRoutes } from '../order/test/render-order';
import { Component as StandingOrderEdit } from './standing-order-edit.route';
import { Component as StandingOrders } from './standing-orders.route';

afterEach(() => vi.unstubAllGlobals());

const date = (day: string, over: Partial<StandingOrder['NextDates'][number]> = {}) => ({
  Date: day,
  OrderBy: `${day}T16:00:00-06:00`,
  Skipped: false,
  OrderId: null,
  Holiday: null,
  NotPlaced: null,
  ...over,
});

const standing: StandingOrder = {
  Id: 5,
  CustomerId: 1,
  Weekdays: [2, 5],
  Lines: [
    { Code: 'BR-1471', Description: 'Irish Red Ale', CaseQuantity: 4, UnitQuantity: 0 },
    { Code: 'WN-1332', Description: 'Sangria Red', CaseQuantity: 2, UnitQuantity: 3 },
  ],
  Name: 'Pat Murphy',
  Phone: '3125550142',
  Email: 'pat@bar.example.com',
  ReferencePO: '',
  StartDate: '2026-11-25',
  EndDate: null,
  SavedBy: 'Shared sign-in',
  SavedAt: '2026-11-25T16:00:00.000Z',
  NextDates: [
    date('2026-11-27', { OrderId: 41 }),
    date('2026-12-01', { Skipped: true }),
    date('2026-12-04', { Holiday: 'Founders Day' }),
    date('2026-12-08'),
  ],
};

const renderList = (venueRole: 'Orderer' | 'Counter' = 'Orderer') => {
  const view = renderOrderRoutes(
    [
      { path: '/order/standing', element: <StandingOrders /> },
      { path: '/order/standing/:id', element: <StandingOrderEdit /> },
      { path: '/order/history/detail/:id', element: <p>Order detail</p> },
    ],
    '/order/standing',
  );
  view.queryClient.setQueryData(queryKeys.session, (s: object) => ({ ...s, VenueRole: venueRole }));
  return view;
};

describe('standing orders (design.md 8.6)', () => {
  it('lists each with its days, lines and next dates: placed, skipped, a holiday, one to skip', async () => {
    const skips: unknown[] = [];
    mockApi({
      'GET Customer/1/StandingOrders': { status: 200, body: [standing] },
      'POST StandingOrder/5/Skip': (init) => {
        skips.push(JSON.parse(String(init?.body)));
        return { status: 200, body: standing };
      },
    });
    const { router } = renderList();
    expect(await screen.findByRole('heading', { name: 'Every Tuesday and Friday' })).toBeTruthy();
    expect(screen.getByText('4 cs Irish Red Ale · 2 cs 3 units Sangria Red')).toBeTruthy();
    const rows = screen.getAllByTestId('standing-date');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Fri 11/27/2026PlacedOpen the order',
      'Tue 12/01/2026SkippedUnskip',
      'Fri 12/04/2026No delivery: Founders Day',
      'Tue 12/08/2026Order by Tue 12/08/2026 4:00 PMSkip',
    ]);
    fireEvent.click(within(rows[3]!).getByRole('button', { name: 'Skip Tue 12/08/2026' }));
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Unskip Tue 12/01/2026' }));
    await waitFor(() =>
      expect(skips).toEqual([
        { Date: '2026-12-08', Skipped: true },
        { Date: '2026-12-01', Skipped: false },
      ]),
    );
    fireEvent.click(within(rows[0]!).getByRole('link', { name: 'Open the order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/history/detail/41'));
  });

  it('shows a Counter the standing orders without what only those who order may do', async () => {
    mockApi({ 'GET Customer/1/StandingOrders': { status: 200, body: [standing] } });
    renderList('Counter');
    await screen.findByRole('heading', { name: 'Every Tuesday and Friday' });
    expect(screen.queryByRole('button', { name: /Skip|Unskip/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit|New standing order/ })).toBeNull();
  });

  it('says what a standing order is when there is none', async () => {
    mockApi({ 'GET Customer/1/StandingOrders': { status: 200, body: [] } });
    renderList();
    expect(await screen.findByText(/No standing orders yet/)).toBeTruthy();
  });
});

/** Friday 11/20's order: one line with cases, one without. */
const lastOrder: OrderDetail = {
  Id: 9,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: 'W100009',
  OrderType: 'WEB',
  IsWebOrder: true,
  CreateDate: '2026-11-18T15:00:00Z',
  DeliveryDate: '2026-11-20',
  Name: 'Pat Murphy',
  Phone: '3125550142',
  Email: 'pat@bar.example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount: 2,
  TotalCases: 4,
  DeliveryDifferences: null,
  EstimatedTotal: null,
  Delivered: null,
  ChangedAt: null,
  ChangeableUntil: null,
  DeliveryHoliday: null,
  EstimatedDeposits: 0,
  UnpricedLines: 0,
  Confirmed: null,
  CompanyName: 'Blue Heron Tavern',
  PaymentTerms: null,
  Products: [
    {
      Code: 'BR-1471',
      Description: 'Irish Red Ale',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      CaseQuantity: 4,
      UnitQuantity: 0,
      Cases: 4,
      Units: 0,
      TotalUnits: 96,
      Substitution: 'Allow' as const,
    },
    {
      Code: 'SP-1383',
      Description: 'Peach Schnapps',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      CaseQuantity: 0,
      UnitQuantity: 0,
      Cases: 0,
      Units: 0,
      TotalUnits: 0,
      Substitution: 'Allow' as const,
    },
  ],
};

describe('a new standing order', () => {
  it("starts from the last order's lines, contact and weekday, and saves them", async () => {
    quietFocusTrapWarnings();
    const posts: unknown[] = [];
    const fetch = mockApi({
      'GET Customer/1/StandingOrders': { status: 200, body: [] },
      'GET Order/1/Last': { status: 200, body: lastOrder },
      'POST Customer/1/StandingOrders': (init, n) => {
        posts.push(JSON.parse(String(init?.body)));
        return n === 1
          ? {
              status: 422,
              body: {
                ErrorMessage: 'Product BR-1471 is not available to order',
                Errors: [{ Field: 'Lines.0.Code', Message: 'Product BR-1471 is not available to order' }],
              },
            }
          : { status: 201, body: { ...standing, Weekdays: [5] } };
      },
    });
    const { router } = renderOrderRoutes(
      [
        { path: '/order/standing', element: <p>Standing list</p> },
        { path: '/order/standing/:id', element: <StandingOrderEdit /> },
      ],
      '/order/standing/new',
    );
    // Friday 11/20's order: Friday is picked; the line without a quantity is left out.
    expect(((await screen.findByRole('checkbox', { name: 'Fri' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Sat' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByTestId('standing-line').map((l) => l.textContent)).toEqual([
      'Irish Red AleBR-1471',
    ]);
    expect((screen.getByLabelText('Cases of Irish Red Ale') as HTMLInputElement).value).toBe('4');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The server's message lands under the line it names.
    expect(await screen.findByText('Product BR-1471 is not available to order')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cases of Irish Red Ale'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/standing'));
    expect(posts[1]).toMatchObject({
      Weekdays: [5, 2],
      Lines: [{ Code: 'BR-1471', CaseQuantity: 6, UnitQuantity: 0 }],
      Name: 'Pat Murphy',
      Phone: '3125550142',
      Email: 'pat@bar.example.com',
      EndDate: null,
      ReferencePO: null,
    });
    expect(fetch).toHaveBeenCalled();
  });

  it('asks for an order first when the customer has none', async () => {
    mockApi({
      'GET Customer/1/StandingOrders': { status: 200, body: [] },
      'GET Order/1/Last': { status: 404, body: { ErrorMessage: 'A previous order was not found' } },
    });
    renderOrderRoutes(
      [{ path: '/order/standing/:id', element: <StandingOrderEdit /> }],
      '/order/standing/new',
    );
    expect(await screen.findByText('No order to start from')).toBeTruthy();
  });
});
