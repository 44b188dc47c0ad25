import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../domain/customer.schema';
import type { CopiedOrder } from '../../../domain/order-view.schema';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';
import { Component as OrderForm } from './order-form.route';
import {
  barCustomer,
  customerTypes,
  mockApi,
  product,
  quietFocusTrapWarnings,
  renderOrderRoutes,
} from './test/render-order';

const customer: Customer = {
  ...barCustomer,
  CustomerTypeName: 'Bars & Taverns',
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [
    product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1 }),
    product({ Code: 'BR-1182', Description: 'Steelworks Stout', OrderNo: 2 }),
  ],
};

const copied: CopiedOrder = {
  Id: 7,
  CustomerId: 1,
  CompanyId: 1001,
  OrderNum: 'W100007',
  OrderType: 'Web',
  IsWebOrder: true,
  CreateDate: '2026-06-01T15:00:00Z',
  DeliveryDate: null,
  Name: 'Sam Copy',
  Phone: '7735550107',
  Email: 'sam@example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount: 1,
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
      Code: 'BR-1182',
      Description: 'Steelworks Stout',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      CaseQuantity: 4,
      UnitQuantity: 0,
      Cases: 4,
      Units: 0,
      TotalUnits: 96,
      Substitution: 'Allow',
    },
  ],
};

const base = {
  'GET CustomerTypes': { status: 200, body: customerTypes },
  'GET Customer/1': { status: 200, body: customer },
};

const renderForm = (path = '/order/form/0') =>
  renderOrderRoutes(
    [
      { path: '/order/form/:id', Component: OrderForm },
      { path: '/order/home', element: <p>Order home</p> },
    ],
    path,
  );

/** By the button's own text: much faster than a role query over the whole form in jsdom. */
const button = (name: string) =>
  screen
    .getByText(name, { selector: '.mantine-Button-label, .mantine-Stepper-stepLabel' })
    .closest('button')!;

async function pickDate(label: string) {
  fireEvent.click(await screen.findByLabelText(/^Delivery Date/));
  fireEvent.click(await screen.findByLabelText(label));
}

async function fillStep1() {
  await pickDate('12 June 2026');
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pat Tester' } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '(312) 555-0142' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
}

async function toPreview() {
  await fillStep1();
  fireEvent.click(button('Continue'));
  fireEvent.change(await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA'), {
    target: { value: '2' },
  });
  fireEvent.click(button('Continue'));
  await screen.findByText('Submit');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T15:00:00Z'));
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('order form', { timeout: 30_000 }, () => {
  it('keeps the later steps closed until the earlier ones are valid', async () => {
    mockApi(base);
    renderForm();
    await screen.findByText(/^Earliest delivery date/);
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Select Your Products') as HTMLButtonElement).disabled).toBe(true);
    await fillStep1();
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(false);
    expect((button('Preview Order') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('Select Your Products'));
    await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('Back'));
    expect(await screen.findByLabelText(/^Name/)).toBeTruthy();
  });

  it('submits the order with an Idempotency-Key and shows the Web Conf # before going home', async () => {
    const fetchMock = mockApi({
      ...base,
      'POST Order': { status: 201, body: { IsSuccessful: true, OrderNum: 'W100123', ErrorMessage: null } },
    });
    const { router } = renderForm();
    await toPreview();
    expect(screen.getByText('Lake Effect IPA')).toBeTruthy();
    expect(screen.queryByText('Steelworks Stout')).toBeNull();
    fireEvent.click(button('Submit'));

    expect(await screen.findByText('Order Confirmation')).toBeTruthy();
    expect(screen.getByTestId('web-conf-number').textContent).toBe('W100123');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/Order'))!;
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      DeliveryDate: '2026-06-12',
      Name: 'Pat Tester',
      Phone: '3125550142',
      Email: 'pat@example.com',
      ProductQuantities: [{ Code: 'BR-1105', CaseQuantity: 2, UnitQuantity: 0, Substitution: 'Allow' }],
    });
    fireEvent.click(button('OK'));
    expect(await screen.findByText('Order home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/home');
  });

  it('prices each line at the posted prices of the date chosen, and gives the estimate in steps 2 and 3 (design.md 8.4)', async () => {
    // The customer as the form opened (priced for today) and as priced for 06/12: only the
    // date's prices are shown.
    const priced = (CasePrice: number) => ({
      ...customer,
      Products: [
        {
          ...customer.Products[0]!,
          CasePrice,
          UnitPrice: null,
          DepositPerCase: 120,
          PriceBreaks: [
            { MinCases: 1, CasePrice },
            { MinCases: 5, CasePrice: CasePrice - 100 },
          ],
        },
        { ...customer.Products[1]!, CasePrice: null, UnitPrice: null, DepositPerCase: null, PriceBreaks: [] },
      ],
    });
    mockApi({
      ...base,
      'GET Customer/1': { status: 200, body: priced(9999) },
      'GET Customer/1?date=2026-06-12': { status: 200, body: priced(2800) },
    });
    renderForm();
    await fillStep1();
    fireEvent.click(button('Continue'));
    const cases = await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA');
    expect((await screen.findByTestId('price-BR-1105')).textContent).toBe(
      '$28.00/case · + $1.20 deposit · 5+ cases $27.00',
    );
    expect(screen.getByTestId('price-BR-1182').textContent).toBe('Price on invoice');
    expect(screen.queryByText(/\$99\.99/)).toBeNull();
    fireEvent.change(cases, { target: { value: '5' } });
    // Five cases reach the break: 5 x 27.00, and 5 x 1.20 of deposit in the estimate.
    await waitFor(() => expect(screen.getByTestId('form-line-total-BR-1105').textContent).toBe('$135.00'));
    expect(screen.getAllByTestId('form-estimate')[0]!.textContent).toBe(
      'Estimated total: $141.00 (Estimate: your invoice is final)',
    );
    fireEvent.click(button('Continue'));
    await screen.findByText('Submit');
    expect(screen.getByTestId('case-price-BR-1105').textContent).toBe('$27.00');
    expect(screen.getByTestId('line-total-BR-1105').textContent).toBe('$135.00');
    const estimate = screen.getByTestId('order-estimate').textContent;
    expect(estimate).toContain('Estimated total: $141.00, with $6.00 of deposits');
    expect(estimate).toContain('Estimate: your invoice is final');
  });

  it("shows 'Order Error' with the server's message, and retries a lost answer with the same key", async () => {
    const fetchMock = mockApi({
      ...base,
      'POST Order': (_init, call) =>
        call === 1
          ? {
              status: 422,
              body: {
                IsSuccessful: false,
                OrderNum: null,
                ErrorMessage: 'Product BR-1105 is not available to order',
              },
            }
          : 'network-error',
    });
    renderForm();
    await toPreview();
    fireEvent.click(button('Submit'));
    expect(await screen.findByText('Order Error')).toBeTruthy();
    expect(screen.getByText('Product BR-1105 is not available to order')).toBeTruthy();
    fireEvent.click(button('OK'));
    await waitFor(() => expect(screen.queryByText('Order Error')).toBeNull());

    fireEvent.click(button('Submit'));
    expect(await screen.findByText(NO_CONNECTION_MESSAGE)).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/Order'))
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks about a date 60 or more days out; No returns to step 1', async () => {
    const fetchMock = mockApi(base);
    renderForm();
    await screen.findByText(/^Earliest delivery date/);
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    fireEvent.click(await screen.findByLabelText('Next month'));
    fireEvent.click(await screen.findByLabelText('Next month'));
    fireEvent.click(await screen.findByLabelText('10 August 2026'));
    expect(screen.getByText(/60 or more days from today/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pat Tester' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '3125550142' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
    fireEvent.click(button('Continue'));
    fireEvent.change(await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA'), {
      target: { value: '1' },
    });
    fireEvent.click(button('Continue'));
    await screen.findByText('Submit');
    fireEvent.click(button('Submit'));

    expect(await screen.findByText(/is more than 60 days out/)).toBeTruthy();
    expect(screen.getByText('Is this correct?')).toBeTruthy();
    fireEvent.click(button('No'));
    expect(await screen.findByLabelText(/^Name/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/Order'))).toBe(false);
  });

  it('re-orders a copied order with its lines and contact, the delivery date cleared', async () => {
    const fetchMock = mockApi({ ...base, 'POST Order/Copy': { status: 200, body: copied } });
    renderForm('/order/form/0?copy=7');
    expect(await screen.findByText(/Copied from order W100007/)).toBeTruthy();
    const copyCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/Order/Copy'))!;
    expect(JSON.parse(String(copyCall[1]?.body))).toEqual({ OrderId: 7, CustomerId: 1 });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sam Copy');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('(773) 555-0107');
    expect(screen.getByLabelText(/^Delivery Date/).textContent).toContain('Pick a delivery date');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    await pickDate('12 June 2026');
    fireEvent.click(button('Continue'));
    const stout = (await screen.findByLabelText('Cases of BR-1182 Steelworks Stout')) as HTMLInputElement;
    expect(stout.value).toBe('4');
    expect(screen.getByTestId('order-totals').textContent).toContain('Cases: 4');
    // The re-ordered order's products first, whatever the catalogue's order (issue 33).
    expect(screen.getAllByLabelText(/^Cases of /)[0]).toBe(stout);
  });

  it("shows the type's minimum in step 2's summary with the cases still missing, and waits for them", async () => {
    // Type 1 with a minimum of 3 cases; the IPA is sold by the bottle too, 24 to a case.
    const types = customerTypes.map((t) => (t.Id === 1 ? { ...t, MinimumCases: 3 } : t));
    const loose = {
      ...customer,
      Products: [
        product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1, IsCaseOnly: false }),
        product({ Code: 'BR-1182', Description: 'Steelworks Stout', OrderNo: 2 }),
      ],
    };
    mockApi({
      ...base,
      'GET CustomerTypes': { status: 200, body: types },
      'GET Customer/1': { status: 200, body: loose },
    });
    renderForm();
    await fillStep1();
    fireEvent.click(button('Continue'));
    fireEvent.change(await screen.findByLabelText('Cases of BR-1182 Steelworks Stout'), {
      target: { value: '1' },
    });
    const minimum = () => screen.getByTestId('order-minimum').textContent;
    expect(minimum()).toBe('Minimum 3 cases: 2 cases still missing');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('Orders need at least 3 cases: 2 cases still missing. Add them to continue.'),
    ).toBeTruthy();
    // 36 loose bottles are a case and a half.
    fireEvent.change(screen.getByLabelText('Units of BR-1105 Lake Effect IPA'), { target: { value: '36' } });
    expect(minimum()).toBe('Minimum 3 cases: 0.5 cases still missing');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Units of BR-1105 Lake Effect IPA'), { target: { value: '48' } });
    expect(minimum()).toBe('Minimum 3 cases: met');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(false);
  });

  it('waits for a choice on units typed beside cases, and the preview orders what was kept (issue 32)', async () => {
    const loose = {
      ...customer,
      Products: [
        product({ Code: 'BR-1105', Description: 'Lake Effect IPA', OrderNo: 1, IsCaseOnly: false }),
        product({ Code: 'BR-1182', Description: 'Steelworks Stout', OrderNo: 2, IsCaseOnly: false }),
      ],
    };
    mockApi({ ...base, 'GET Customer/1': { status: 200, body: loose } });
    renderForm();
    await fillStep1();
    fireEvent.click(button('Continue'));
    fireEvent.change(await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA'), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByLabelText('Units of BR-1105 Lake Effect IPA'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Cases of BR-1182 Steelworks Stout'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Units of BR-1182 Steelworks Stout'), { target: { value: '3' } });
    // Before: Continue went on, and the preview showed Units 0 with no word of the 6 and 3.
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Preview Order') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'Units typed beside cases are not ordered: keep the cases or the units of BR-1105, BR-1182 to continue.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Keep 5 cases of BR-1105 Lake Effect IPA, without the units'));
    expect((screen.getByLabelText('Units of BR-1105 Lake Effect IPA') as HTMLInputElement).value).toBe('');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Order 3 units of BR-1182 Steelworks Stout instead of the cases'));
    expect((screen.getByLabelText('Cases of BR-1182 Steelworks Stout') as HTMLInputElement).value).toBe('');
    expect((button('Continue') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button('Continue'));
    await screen.findByText('Submit');
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    // Each line: code, description with its substitution choice one tap away, then the figures.
    expect(rows).toContain('BR-1105Lake Effect IPAIf out: Send a substitute2450120');
    expect(rows).toContain('BR-1182Steelworks StoutIf out: Send a substitute24033');
  });
});
