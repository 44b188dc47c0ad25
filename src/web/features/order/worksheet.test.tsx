import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Worksheet } from '../../../domain/order-view.schema';
import { mockApi, renderOrderRoutes } from './test/render-order';
import { Component as WorksheetPage } from './worksheet.route';

const worksheet: Worksheet = {
  CustomerId: 1,
  CompanyId: 1001,
  CompanyName: 'Blue Heron Tavern',
  Today: '2026-06-10',
  DeliveryDates: ['2026-05-27', '2026-06-03'],
  StockAsOf: null,
  Orders: [
    {
      Code: 'BR-1105',
      Description: 'Lake Effect IPA',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      IsOffered: true,
      Products: { '2026-06-03': 5 },
      Par: 6,
      Availability: null,
      Substitution: 'Allow',
      Cases: null,
      Units: null,
    },
    {
      Code: 'WN-1159',
      Description: 'Chardonnay House',
      UnitsPerCase: 6,
      IsCaseOnly: false,
      IsOffered: true,
      Products: {},
      Par: null,
      Availability: null,
      Substitution: 'Allow',
      Cases: null,
      Units: null,
    },
  ],
};

const renderSheet = () =>
  renderOrderRoutes(
    [{ path: '/worksheet/:id/:name', Component: WorksheetPage }],
    '/worksheet/1/Blue%20Heron%20Tavern',
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('order worksheet', { timeout: 15_000 }, () => {
  it("shows each product's stock and how fresh it is, on screen and on paper (design.md 8.3)", async () => {
    const stocked: Worksheet = {
      ...worksheet,
      // 9:40 AM in Chicago on the sheet's day: the time alone.
      StockAsOf: '2026-06-10T14:40:00.000Z',
      Orders: [
        {
          ...worksheet.Orders[0]!,
          Availability: {
            Status: 'OUT',
            Cases: 0,
            ExpectedDate: '2026-06-15',
            SubstituteCode: 'BR-1106',
            SubstituteDescription: 'Hazy Harbor IPA',
          },
        },
        worksheet.Orders[1]!,
      ],
    };
    mockApi({ 'GET Order/1/Worksheet/': { status: 200, body: stocked } });
    renderSheet();
    expect((await screen.findByTestId('availability-BR-1105')).textContent).toBe(
      'Out · Back 06/15We may send Hazy Harbor IPA instead',
    );
    expect(screen.queryByTestId('availability-WN-1159')).toBeNull();
    expect(screen.getByTestId('stock-as-of').textContent).toBe('Stock as of 9:40 AM');
  });

  it("shows the company, today, the past dates' cases and an editable Cases column", async () => {
    mockApi({ 'GET Order/1/Worksheet/': { status: 200, body: worksheet } });
    renderSheet();
    expect(await screen.findByText('Order Worksheet · 06/10/2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blue Heron Tavern');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Product Code / Description',
      '05/27',
      '06/03',
      'Units/Case',
      'Par',
      'Cases',
      'Total Units',
    ]);
    const ipa = screen.getByTestId('worksheet-row-BR-1105');
    expect(Array.from(ipa.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'BR-1105Lake Effect IPA',
      '-',
      '5 C',
      '24',
      '6',
      '',
      '',
    ]);

    const cases = screen.getByLabelText('Cases of BR-1105 Lake Effect IPA') as HTMLInputElement;
    cases.focus();
    fireEvent.change(cases, { target: { value: '-3' } });
    // While it is typed in, the box keeps what is typed; leaving it settles it.
    expect(cases.value).toBe('-3');
    fireEvent.blur(cases);
    expect(cases.value).toBe('');
    // A value handed over while the box is not typed in (typed and left before the page came
    // alive, which hydration passes on with no blur after it) is settled at once.
    cases.blur();
    fireEvent.change(cases, { target: { value: '-3' } });
    expect(cases.value).toBe('');
    cases.focus();
    fireEvent.change(cases, { target: { value: '0' } });
    fireEvent.blur(cases);
    expect(cases.value).toBe('');
    fireEvent.change(cases, { target: { value: '4' } });
    fireEvent.blur(cases);
    expect(cases.value).toBe('4');
    expect(screen.getByTestId('worksheet-total-BR-1105').textContent).toBe('96');
    expect(screen.getByText('Print')).toBeTruthy();
  });

  it('marks a product the customer may no longer order, shown for its past cases, and gives it no Cases box', async () => {
    const ended = {
      Code: 'BR-9001',
      Description: 'Retired Pilsner',
      UnitsPerCase: 24,
      IsCaseOnly: true,
      IsOffered: false,
      Products: { '2026-05-27': 2 },
      Par: null,
      Availability: null,
      Substitution: 'Allow' as const,
      Cases: null,
      Units: null,
    };
    mockApi({
      'GET Order/1/Worksheet/': { status: 200, body: { ...worksheet, Orders: [...worksheet.Orders, ended] } },
    });
    renderSheet();
    const row = await screen.findByTestId('worksheet-row-BR-9001');
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'BR-9001Retired Pilsner',
      '2 C',
      '-',
      '24',
      '',
      // In the Cases column, which stays in view on a phone; Total Units is empty.
      'No longer offered',
      '',
    ]);
    expect(screen.queryByLabelText('Cases of BR-9001 Retired Pilsner')).toBeNull();
    expect(screen.getByLabelText('Cases of WN-1159 Chardonnay House')).toBeTruthy();
  });

  it('starts an order from the Cases typed, as cases on hand', async () => {
    mockApi({ 'GET Order/1/Worksheet/': { status: 200, body: worksheet } });
    const { router } = renderOrderRoutes(
      [
        { path: '/worksheet/:id/:name', Component: WorksheetPage },
        { path: '/order/form/:id', element: <p>Order form</p> },
      ],
      '/worksheet/1/Blue%20Heron%20Tavern',
    );
    const cases = (await screen.findByLabelText('Cases of BR-1105 Lake Effect IPA')) as HTMLInputElement;
    fireEvent.change(cases, { target: { value: '2' } });
    fireEvent.blur(cases);
    fireEvent.click(screen.getByText('Start an order from these counts').closest('button')!);
    expect(await screen.findByText('Order form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/form/0');
    expect(router.state.location.state).toEqual({ onHand: { 'BR-1105': 2 } });
  });

  it('prints the page', async () => {
    mockApi({ 'GET Order/1/Worksheet/': { status: 200, body: worksheet } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    window.print = print;
    renderSheet();
    fireEvent.click((await screen.findByText('Print')).closest('button')!);
    expect(print).toHaveBeenCalled();
  });

  it('asks a visitor who is not signed in to sign in', async () => {
    mockApi({ 'GET Order/1/Worksheet/': { status: 401, body: { ErrorMessage: 'Not signed in' } } });
    renderSheet();
    expect(await screen.findByText('Please sign in to see your order worksheet.')).toBeTruthy();
    expect(screen.getByText('Go to the Customer Login').getAttribute('href')).toBe('/user/login');
    expect(screen.queryByText('Print')).toBeNull();
  });
});
