import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../domain/customer.schema';
import type { OrderGuide } from '../../../../domain/order-guide.schema';
import type { OrderDetail, OrderList } from '../../../../domain/order-view.schema';
import { NO_PRICE_FIELDS } from '../../../../domain/prices.schema';
import { Component as OrderForm } from '../order-form.route';
import {
  barCustomer,
  customerTypes,
  mockApi,
  newQueryClient,
  Providers,
  product,
  quietFocusTrapWarnings,
  stubViewport,
} from '../test/render-order';

/*
 * Issue 19: step 2 as an order guide. The products come most ordered first with their last
 * deliveries and par; same as last order, order to par and clear are each undone once.
 */

const customer: Customer = {
  ...barCustomer,
  CustomerTypeName: 'Bars & Taverns',
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [
    product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1 }),
    product({ Code: 'WN-1159', Description: 'Rosé House', OrderNo: 2, IsCaseOnly: false, UnitsPerCase: 12 }),
    product({ Code: 'SP-1067', Description: 'Vodka Minis', OrderNo: 3 }),
  ],
};

const guide: OrderGuide = {
  DeliveryDates: ['2026-05-29', '2026-06-05'],
  StockAsOf: null,
  Products: [
    {
      Code: 'WN-1159',
      Description: 'Rosé House',
      UnitsPerCase: 12,
      CaseOnly: false,
      Availability: null,
      Substitution: 'Allow',
      ...NO_PRICE_FIELDS,
      History: { '2026-05-29': 2, '2026-06-05': 3 },
      TimesOrdered: 6,
      AverageWeeklyCases: 2.5,
      Par: 6,
      SuggestedPar: 5,
    },
    {
      Code: 'BR-1105',
      Description: 'Lake Effect IPA',
      UnitsPerCase: 24,
      CaseOnly: true,
      Availability: null,
      Substitution: 'Allow',
      ...NO_PRICE_FIELDS,
      History: { '2026-06-05': 1 },
      TimesOrdered: 2,
      AverageWeeklyCases: 0.375,
      Par: null,
      SuggestedPar: 1,
    },
    // SP-1067 has no figure: the guide does not list it (decision 046).
  ],
};

const summary = {
  Id: 40,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: 'E5001',
  OrderType: 'ERP',
  IsWebOrder: false,
  CreateDate: '2026-06-08T15:00:00Z',
  DeliveryDate: '2026-06-09',
  Name: 'ERP',
  Phone: '',
  Email: '',
  ReferencePO: '',
  Status: 99,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount: 3,
  TotalCases: 7,
  DeliveryDifferences: null,
  EstimatedTotal: null,
};
const orders: OrderList = { DeliveryDates: ['2026-06-09'], Orders: [summary] };
const line = (Code: string, Description: string, CaseQuantity: number, UnitQuantity = 0) => ({
  Code,
  Description,
  UnitsPerCase: 24,
  IsCaseOnly: UnitQuantity === 0,
  CaseQuantity,
  UnitQuantity,
  Cases: CaseQuantity,
  Units: UnitQuantity,
  TotalUnits: CaseQuantity * 24 + UnitQuantity,
  Substitution: 'Allow' as const,
});
const last: OrderDetail = {
  ...summary,
  CompanyName: 'Blue Heron Tavern',
  PaymentTerms: null,
  Delivered: null,
  ChangedAt: null,
  ChangeableUntil: null,
  DeliveryHoliday: null,
  EstimatedDeposits: 0,
  UnpricedLines: 0,
  Confirmed: null,
  Products: [
    line('BR-1105', 'Lake Effect IPA', 4),
    line('WN-1159', 'Rosé House', 0, 5),
    line('ZZ-0001', 'Unknown ERP Cider', 2),
  ],
};

const api = {
  'GET CustomerTypes': { status: 200, body: customerTypes },
  'GET Customer/1': { status: 200, body: customer },
  'GET Orders/1001': { status: 200, body: orders },
  'GET Customer/1/OrderGuide?date=2026-06-12': { status: 200, body: guide },
  'GET Order/40': { status: 200, body: last },
};

function renderForm(state: unknown = null) {
  const router = createMemoryRouter(
    [
      { path: '/order/form/:id', Component: OrderForm },
      { path: '/order/home', element: <p>Order home</p> },
    ],
    { initialEntries: [{ pathname: '/order/form/0', state }] },
  );
  return render(
    <Providers client={newQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const button = (name: string) =>
  screen
    .getByText(name, { selector: '.mantine-Button-label, .mantine-Stepper-stepLabel' })
    .closest('button')!;
const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const totals = () => screen.getByTestId('order-totals').textContent;

async function toProducts() {
  fireEvent.click(await screen.findByLabelText(/^Delivery Date/));
  fireEvent.click(await screen.findByLabelText('12 June 2026'));
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pat Tester' } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '(312) 555-0142' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
  fireEvent.click(button('Continue'));
  await screen.findByLabelText('Cases of WN-1159 Rosé House');
}

const rowCodes = () => screen.getAllByTestId(/^product-row-/).map((r) => r.dataset.testid!.slice(12));

let restoreViewport: (() => void) | null = null;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T15:00:00Z'));
  quietFocusTrapWarnings();
});
afterEach(() => {
  restoreViewport?.();
  restoreViewport = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('order form, step 2 as an order guide', { timeout: 30_000 }, () => {
  it('lists the most ordered first with the last deliveries and the par, and can show only the usual', async () => {
    mockApi(api);
    renderForm();
    await toProducts();
    expect(rowCodes()).toEqual(['WN-1159', 'BR-1105', 'SP-1067']);
    const rose = screen.getByTestId('product-row-WN-1159');
    expect(rose.textContent).toContain('2 C');
    expect(rose.textContent).toContain('3 C');
    // Each figure under its date, for everyone to read (issue 33).
    const last = within(rose).getByTestId('last-deliveries');
    expect([...last.children].map((c) => c.textContent)).toEqual(['05/29:2 C', '06/05:3 C']);
    expect(within(rose).getByTestId('par-WN-1159').textContent).toBe('Par 6');
    expect(screen.getByTestId('product-row-BR-1105').textContent).toContain('suggested 1');

    fireEvent.click(screen.getByLabelText('Show only what I usually order'));
    expect(rowCodes()).toEqual(['WN-1159', 'BR-1105']);
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'ROSE' } });
    expect(rowCodes()).toEqual(['WN-1159']);
  });

  it('repeats the last order, names what cannot be ordered, keeps the button, and undoes it once', async () => {
    mockApi(api);
    renderForm();
    await toProducts();
    fireEvent.change(box('Cases of SP-1067 Vodka Minis'), { target: { value: '9' } });
    fireEvent.click(button('Same as last order'));
    await waitFor(() => expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('4'));
    expect(box('Units of WN-1159 Rosé House').value).toBe('5');
    expect(box('Cases of SP-1067 Vodka Minis').value).toBe('');
    expect(screen.getByTestId('guide-note').textContent).toContain('Unknown ERP Cider (ZZ-0001)');
    // Issue 32: the note names the order copied, with its delivery date.
    expect(screen.getByTestId('guide-note').textContent).toContain(
      'Copied order E5001, for delivery on 06/09/2026.',
    );
    expect(button('Same as last order').disabled).toBe(false);
    expect(totals()).toContain('Products: 2');

    fireEvent.click(screen.getByLabelText('Undo Same as last order'));
    expect(box('Cases of SP-1067 Vodka Minis').value).toBe('9');
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('');
    expect(screen.queryByLabelText('Undo Same as last order')).toBeNull();
  });

  it('never repeats a cancelled order: the last one still standing, named (issue 32)', async () => {
    const cancelled = {
      ...summary,
      Id: 41,
      OrderNum: 'W100041',
      CreateDate: '2026-06-09T15:00:00Z',
      Status: 3,
    };
    const fetchMock = mockApi({
      ...api,
      'GET Orders/1001': { status: 200, body: { ...orders, Orders: [cancelled, summary] } },
      'GET Order/41': {
        status: 200,
        body: { ...last, ...cancelled, Products: [line('SP-1067', 'Vodka Minis', 8)] },
      },
    });
    renderForm();
    await toProducts();
    fireEvent.click(button('Same as last order'));
    await waitFor(() => expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('4'));
    // Before: the cancelled order's 8 cases of SP-1067, with nothing saying which order it was.
    expect(box('Cases of SP-1067 Vodka Minis').value).toBe('');
    expect(screen.getByTestId('guide-note').textContent).toContain(
      'Copied order E5001, for delivery on 06/09/2026.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/Order/41'))).toBe(false);
  });

  it('orders to saved pars from the counts on hand, and Clear empties the boxes until Undo', async () => {
    mockApi(api);
    renderForm();
    await toProducts();
    fireEvent.click(button('Order to par'));
    // Counting shows the products with a par, saved or suggested (to accept) only.
    expect(rowCodes()).toEqual(['WN-1159', 'BR-1105']);
    expect(screen.queryByLabelText('On hand of BR-1105 Lake Effect IPA')).toBeNull();
    expect(screen.getByTestId('use-par-BR-1105').textContent).toBe('Use par 1');
    fireEvent.change(box('On hand of WN-1159 Rosé House'), { target: { value: '2' } });
    fireEvent.click(button('Fill to par'));
    expect(box('Cases of WN-1159 Rosé House').value).toBe('4');
    // Issue 32: a suggested par fills nothing until it is accepted (it filled 1 case before).
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('');
    expect(totals()).toContain('Cases: 4');
    expect(screen.getByTestId('guide-note').textContent).toContain(
      'One product with only a suggested par was not filled',
    );

    fireEvent.click(button('Clear'));
    expect(totals()).toContain('Products: 0');
    fireEvent.click(screen.getByLabelText('Undo Clear'));
    expect(totals()).toContain('Cases: 4');
  });

  it.each([
    ['its row', 'Use the suggested par 1 for BR-1105 Lake Effect IPA'],
    ['the button for all shown', 'Use the suggested par'],
  ])('accepts a suggested par from %s, saved, and then fills to it', async (_, name) => {
    const fetchMock = mockApi({
      ...api,
      'PUT Customer/1/Pars': {
        status: 200,
        body: [
          { Code: 'BR-1105', Par: 1 },
          { Code: 'WN-1159', Par: 6 },
        ],
      },
    });
    renderForm();
    await toProducts();
    fireEvent.click(button('Order to par'));
    fireEvent.click(screen.getByRole('button', { name }));
    const onHand = await screen.findByLabelText('On hand of BR-1105 Lake Effect IPA');
    const put = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/Pars') && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put![1]!.body))).toEqual([{ Code: 'BR-1105', Par: 1 }]);
    expect(screen.queryByTestId('suggested-pars')).toBeNull();
    fireEvent.change(onHand, { target: { value: '' } });
    fireEvent.click(button('Fill to par'));
    // Par 1, no count (0 on hand): 1 case; WN-1159's par of 6 with no count: 6.
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('1');
    expect(box('Cases of WN-1159 Rosé House').value).toBe('6');
    expect(screen.queryByTestId('guide-note')).toBeNull();
  });

  it('saves a par from the row for next time', async () => {
    const fetchMock = mockApi({
      ...api,
      'PUT Customer/1/Pars': {
        status: 200,
        body: [
          { Code: 'BR-1105', Par: 3 },
          { Code: 'WN-1159', Par: 6 },
        ],
      },
    });
    renderForm();
    await toProducts();
    fireEvent.click(screen.getByTestId('par-BR-1105'));
    const par = (await screen.findByLabelText('Par (cases)')) as HTMLInputElement;
    expect(par.value).toBe('1');
    fireEvent.change(par, { target: { value: '2.5' } });
    fireEvent.click(button('Save par'));
    expect(await screen.findByText('Par must be a whole number from 0 to 9999')).toBeTruthy();
    fireEvent.change(par, { target: { value: '3' } });
    fireEvent.click(button('Save par'));
    await waitFor(() => expect(screen.getByTestId('par-BR-1105').textContent).toBe('Par 3'));
    const put = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/Pars') && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put![1]!.body))).toEqual([{ Code: 'BR-1105', Par: 3 }]);
    // Still on step 2: the dialog's Enter is not the order form's.
    expect(screen.getByLabelText('Cases of BR-1105 Lake Effect IPA')).toBeTruthy();
  });

  it('sets a par on a product the guide does not list, which the guide then lists', async () => {
    const listed: OrderGuide = {
      ...guide,
      Products: [
        ...guide.Products,
        {
          Code: 'SP-1067',
          Description: 'Vodka Minis',
          UnitsPerCase: 24,
          CaseOnly: true,
          Availability: null,
          Substitution: 'Allow',
          ...NO_PRICE_FIELDS,
          History: {},
          TimesOrdered: 0,
          AverageWeeklyCases: 0,
          Par: 2,
          SuggestedPar: 0,
        },
      ],
    };
    const fetchMock = mockApi({
      ...api,
      // The second load is the one after the save.
      'GET Customer/1/OrderGuide?date=2026-06-12': (_init, n) => ({
        status: 200,
        body: n === 1 ? guide : listed,
      }),
      'PUT Customer/1/Pars': {
        status: 200,
        body: [
          { Code: 'SP-1067', Par: 2 },
          { Code: 'WN-1159', Par: 6 },
        ],
      },
    });
    renderForm();
    await toProducts();
    expect(rowCodes()).toEqual(['WN-1159', 'BR-1105', 'SP-1067']);
    fireEvent.click(screen.getByTestId('par-SP-1067'));
    const par = (await screen.findByLabelText('Par (cases)')) as HTMLInputElement;
    expect(par.value).toBe('');
    fireEvent.change(par, { target: { value: '2' } });
    fireEvent.click(button('Save par'));
    await waitFor(() => expect(screen.getByTestId('par-SP-1067').textContent).toBe('Par 2'));
    const loads = fetchMock.mock.calls.filter(([url]) => String(url).includes('/OrderGuide'));
    expect(loads).toHaveLength(2);
    // The row stays where it was.
    expect(rowCodes()).toEqual(['WN-1159', 'BR-1105', 'SP-1067']);
  });

  it("fills to par from the worksheet's counts once the guide is there", async () => {
    mockApi(api);
    renderForm({ onHand: { 'WN-1159': 5 } });
    await toProducts();
    await waitFor(() => expect(box('Cases of WN-1159 Rosé House').value).toBe('1'));
    // Saved pars only, as Fill to par: a suggestion alone fills nothing from it.
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('');
    expect(screen.getByTestId('guide-note').textContent).toContain('worksheet');
  });

  it('keeps working without the guide when it cannot be loaded', async () => {
    const { 'GET Customer/1/OrderGuide?date=2026-06-12': _, ...rest } = api;
    mockApi(rest);
    renderForm();
    await toProducts();
    expect(screen.getByText('Your order guide could not be loaded')).toBeTruthy();
    expect(rowCodes()).toEqual(['BR-1105', 'WN-1159', 'SP-1067']);
  });

  it('has 44 px minus and plus buttons for the cases on a phone', async () => {
    restoreViewport = stubViewport(true);
    mockApi(api);
    renderForm();
    await toProducts();
    const plus = screen.getByLabelText('One case more of BR-1105');
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('2');
    fireEvent.click(screen.getByLabelText('One case less of BR-1105'));
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('1');
    expect(box('Cases of BR-1105 Lake Effect IPA').getAttribute('inputmode')).toBe('numeric');
    // Mantine's ActionIcon size 44: width and height of 44 px.
    expect(plus.style.getPropertyValue('--ai-size')).toBe('calc(2.75rem * var(--mantine-scale))');
  });
});
