import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceSummary } from '../../../../domain/invoice.schema';
import { theme } from '../../../theme';
import { InvoiceCheckView } from './invoice-check-view';
import { InvoicesList } from './invoices-list';

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );

const summary = (over: Partial<InvoiceSummary>): InvoiceSummary => ({
  Id: 7,
  InvoiceNum: 'INV-1',
  OrderNum: 'W100034',
  OrderId: 3,
  InvoiceDate: '2026-11-26',
  DueDate: '2026-12-26',
  Total: 5469,
  Paid: false,
  FlagCount: 3,
  ...over,
});

const invoice: InvoiceDetail = {
  ...summary({}),
  CustomerId: 1,
  DeliveryDate: '2026-11-25',
  Lines: [
    {
      Code: 'BR-1105',
      Description: 'Lake Effect IPA',
      Cases: 1,
      Units: 0,
      CasePrice: 2900,
      PostedCasePrice: 2800,
      Deposit: 120,
      Amount: 2900,
      OrderedCases: 2,
      OrderedUnits: 0,
      Flags: ['Short', 'PriceDiffers'],
    },
    {
      Code: 'WN-1332',
      Description: 'Sangria Red',
      Cases: 1,
      Units: 0,
      CasePrice: 1999,
      PostedCasePrice: 1999,
      Deposit: 0,
      Amount: 1999,
      OrderedCases: 1,
      OrderedUnits: 0,
      Flags: [],
    },
  ],
  Fees: [{ Description: 'Fuel surcharge', Amount: 450, Flags: ['FeeNotOnOrder'] }],
};

describe('the invoices (design.md 8.4)', () => {
  it.each([
    ['a phone', true],
    ['a desk', false],
  ])(
    'lists each invoice with its amount, due date, Open or Paid and what the check found (%s)',
    (_where, isPhone) => {
      wrap(
        <InvoicesList
          invoices={[
            summary({}),
            summary({ Id: 8, InvoiceNum: 'INV-2', Total: 2800, Paid: true, FlagCount: 0 }),
          ]}
          state="rows"
          isPhone={isPhone}
        />,
      );
      const [open, paid] = screen.getAllByTestId('invoice-row');
      expect(within(open!).getByRole('link', { name: 'Invoice INV-1' }).getAttribute('href')).toBe(
        '/order/invoices/7',
      );
      expect(within(open!).getByTestId('invoice-total').textContent).toBe('$54.69');
      expect(open!.textContent).toContain('12/26/2026');
      expect(within(open!).getByTestId('invoice-status').textContent).toBe('Open');
      expect(within(open!).getByTestId('invoice-flags').textContent).toBe('3 to check');
      expect(within(paid!).getByTestId('invoice-status').textContent).toBe('Paid');
      expect(within(paid!).getByTestId('invoice-flags').textContent).toBe('Matches the order');
    },
  );

  it('says when there are none', () => {
    wrap(<InvoicesList invoices={[]} state="empty" isPhone={false} />);
    expect(screen.getByTestId('invoices-state').textContent).toBe('No invoices yet');
  });

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])('checks each line with both figures, and the fees (%s)', (_where, isPhone) => {
    wrap(<InvoiceCheckView invoice={invoice} isPhone={isPhone} />);
    const ipa = screen.getByTestId('invoice-line-BR-1105');
    expect(within(ipa).getByTestId('line-flags').textContent).toBe(
      'Short: 2 cases ordered, 1 case invoicedPrice differs from the posted $28.00: invoiced at $29.00',
    );
    const sangria = screen.getByTestId('invoice-line-WN-1332');
    expect(within(sangria).queryByTestId('line-flags')).toBeNull();
    expect(sangria.textContent).toContain('As ordered');
    expect(screen.getByTestId('invoice-fee').textContent).toContain('Fee not on the order: $4.50');
    expect(screen.getByTestId('invoice-total').textContent).toBe('$54.69');
    expect(screen.getByTestId('invoice-status').textContent).toBe('Open');
  });
});
