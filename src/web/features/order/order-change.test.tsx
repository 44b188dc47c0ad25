import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../domain/customer.schema';
import type { OrderDetail } from '../../../domain/order-view.schema';
import { formatWeekdayDate } from './date-format';
import { Component as OrderFormRoute } from './order-form.route';
import { Component as OrderDetailRoute } from './order-history-detail.route';
import {
  barCustomer,
  customerTypes,
  mockApi,
  product,
  quietFocusTrapWarnings,
  renderOrderRoutes,
} from './test/render-order';

/**
 * Wednesday 6/10/2026, 10:00 AM Central. The order is for Friday 6/12: with a 24 h lead time
 * and a 4:00 PM cutoff, it may be changed until 4:00 PM Central today.
 */
const NOW = new Date('2026-06-10T15:00:00Z');
const CUTOFF = '2026-06-10T21:00:00.000Z';

const placed: OrderDetail = {
  Id: 101,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: 'W100101',
  OrderType: 'Web',
  IsWebOrder: true,
  CreateDate: '2026-06-09T15:00:00Z',
  DeliveryDate: '2026-06-12',
  Name: 'Pat Tester',
  Phone: '3125550142',
  Email: 'pat@example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount: 1,
  TotalCases: 3,
  DeliveryDifferences: null,
  EstimatedTotal: null,
  Delivered: null,
  ChangedAt: null,
  ChangeableUntil: CUTOFF,
  DeliveryHoliday: null,
  EstimatedDeposits: 0,
  UnpricedLines: 0,
  Confirmed: null,
  CompanyName: 'Blue Heron Tavern',
  PaymentTerms: null,
  Products: [
    {
      Code: 'BR-1105',
      Description: 'Lake Effect IPA',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      CaseQuantity: 3,
      UnitQuantity: 0,
      Cases: 3,
      Units: 0,
      TotalUnits: 72,
      // Chosen for this order; the customer's kept preference is Allow (design.md 8.3).
      Substitution: 'Never',
    },
  ],
};

const customer: Customer = {
  ...barCustomer,
  CustomerTypeName: 'Bars & Taverns',
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [
    // The catalogue lists the stout first; the change lists the order's own IPA first.
    product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 2 }),
    product({ Code: 'BR-1182', Description: 'Steelworks Stout', OrderNo: 1 }),
  ],
};

const routes = [
  { path: '/order/history/detail/:id', Component: OrderDetailRoute },
  { path: '/order/form/:id', Component: OrderFormRoute },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('an order after Submit (design.md 7.10)', { timeout: 30_000 }, () => {
  it('offers Change and Cancel until the cutoff, with the time left', async () => {
    mockApi({ 'GET Order/101': { status: 200, body: placed } });
    const { router } = renderOrderRoutes(routes, '/order/history/detail/101');
    const changeBox = await screen.findByTestId('order-change-window');
    expect(changeBox.textContent).toContain(
      'You can change or cancel this order until 4:00 PM Central on Wednesday 06/10 (6 h left).',
    );
    fireEvent.click(within(changeBox).getByRole('link', { name: 'Change' }));
    await waitFor(() => expect(router.state.location.search).toBe('?change=101'));
  });

  it('shows neither once the cutoff has passed, and a cancelled order as cancelled', async () => {
    mockApi({
      'GET Order/101': { status: 200, body: { ...placed, ChangeableUntil: null } },
      'GET Order/102': {
        status: 200,
        body: { ...placed, Id: 102, Status: 3, ChangedAt: '2026-06-10T14:30:00Z', ChangeableUntil: null },
      },
    });
    const { router } = renderOrderRoutes(routes, '/order/history/detail/101');
    await screen.findByTestId('detail-order-num');
    expect(screen.queryByTestId('order-change-window')).toBeNull();
    await router.navigate('/order/history/detail/102');
    expect((await screen.findByTestId('order-cancelled')).textContent).toContain(
      'Cancelled on 06/10/2026 09:30 AM. Nothing will be delivered for it.',
    );
    expect(screen.getByTestId('detail-status').textContent).toContain('Cancelled');
  });

  it('says when the delivery date became a holiday, with Change while it is open (issue 33)', async () => {
    mockApi({
      'GET Order/101': { status: 200, body: { ...placed, DeliveryHoliday: 'Inventory Day' } },
      'GET Order/103': {
        status: 200,
        body: { ...placed, Id: 103, DeliveryHoliday: 'Inventory Day', ChangeableUntil: null },
      },
    });
    const { router } = renderOrderRoutes(routes, '/order/history/detail/101');
    const note = await screen.findByTestId('order-date-holiday');
    expect(note.textContent).toContain('Your delivery date is now a holiday');
    expect(note.textContent).toContain(
      `There are no deliveries on ${formatWeekdayDate(placed.DeliveryDate)} (Inventory Day). Change the order to another date, or cancel it.`,
    );
    expect(
      within(screen.getByTestId('order-change-window')).getByRole('link', { name: 'Change' }),
    ).toBeTruthy();
    await router.navigate('/order/history/detail/103');
    await waitFor(() =>
      expect(screen.getByTestId('order-date-holiday').textContent).toContain(
        'Please call the distributor to arrange another date.',
      ),
    );
  });

  it('cancels after a confirmation and shows the order cancelled', async () => {
    let cancelled = false;
    const fetch = mockApi({
      'GET Order/101': () => ({
        status: 200,
        body: cancelled
          ? { ...placed, Status: 3, ChangedAt: NOW.toISOString(), ChangeableUntil: null }
          : placed,
      }),
      'POST Order/101/Cancel': () => {
        cancelled = true;
        return { status: 200, body: { IsSuccessful: true, OrderNum: 'W100101', ErrorMessage: null } };
      },
    });
    renderOrderRoutes(routes, '/order/history/detail/101');
    fireEvent.click(within(await screen.findByTestId('order-change-window')).getByText('Cancel Order'));
    // "Keep order" first: nothing is sent.
    fireEvent.click(await screen.findByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep order' })).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(screen.getByTestId('order-change-window')).getByText('Cancel Order'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(
      await screen.findByText(
        'Order W100101 has been cancelled. A confirmation is on its way to pat@example.com.',
      ),
    ).toBeTruthy();
    expect(await screen.findByTestId('order-cancelled')).toBeTruthy();
    expect(screen.queryByTestId('order-change-window')).toBeNull();
  });

  it("says the server's 409 when the distributor already has the order", async () => {
    const message = 'Order W100101 is already with the distributor: call to change it';
    mockApi({
      'GET Order/101': { status: 200, body: placed },
      'POST Order/101/Cancel': { status: 409, body: { ErrorMessage: message } },
    });
    renderOrderRoutes(routes, '/order/history/detail/101');
    fireEvent.click(within(await screen.findByTestId('order-change-window')).getByText('Cancel Order'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('opens the order in the form with its date and quantities, and sends the change with PUT', async () => {
    const fetch = mockApi({
      'GET CustomerTypes': { status: 200, body: customerTypes },
      'GET Customer/1': { status: 200, body: customer },
      'GET Orders/1001': { status: 200, body: { DeliveryDates: [], Orders: [] } },
      'GET Order/101': { status: 200, body: placed },
      'PUT Order/101': { status: 200, body: { IsSuccessful: true, OrderNum: 'W100101', ErrorMessage: null } },
    });
    const { router } = renderOrderRoutes(routes, '/order/form/0?change=101');
    expect(await screen.findByRole('heading', { name: 'Change Order' })).toBeTruthy();
    expect((await screen.findByTestId('changing-order')).textContent).toContain('Changing order W100101');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Pat Tester');
    fireEvent.click(screen.getByText('Continue', { selector: '.mantine-Button-label' }).closest('button')!);
    const cases = (await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA')) as HTMLInputElement;
    expect(cases.value).toBe('3');
    expect(screen.getAllByLabelText(/^Cases of /)[0]).toBe(cases);
    fireEvent.change(screen.getByLabelText('Cases of BR-1182 Steelworks Stout'), { target: { value: '2' } });
    fireEvent.click(screen.getByText('Continue', { selector: '.mantine-Button-label' }).closest('button')!);
    // The preview says what the change does against the order as placed (issue 33).
    const summary = await screen.findByTestId('preview-change-summary');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Steelworks Stout (BR-1182): added, 2 cases',
    ]);
    fireEvent.click((await screen.findByText('Submit')).closest('button')!);
    expect(await screen.findByText('Your order has been changed.')).toBeTruthy();

    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    const sent = JSON.parse(String(put?.[1]?.body));
    expect(sent.DeliveryDate).toBe('2026-06-12');
    // In the catalogue's order, as a new order's lines are.
    // Each line keeps the choice it was placed with; a line added takes the kept preference.
    expect(sent.ProductQuantities).toMatchObject([
      { Code: 'BR-1182', CaseQuantity: 2, Substitution: 'Allow' },
      { Code: 'BR-1105', CaseQuantity: 3, Substitution: 'Never' },
    ]);
    // Never the customer's next new order: a change leaves the draft alone.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/Draft'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/history/detail/101'));
  });
});
