import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderProduct } from '../../../../domain/order-view.schema';
import { theme } from '../../../theme';
import { OrderDetailView } from './order-detail-view';

const line = (Code: string, Description: string, Cases: number, UnitsPerCase: number): OrderProduct => ({
  Code,
  Description,
  UnitsPerCase,
  IsCaseOnly: true,
  CaseQuantity: Cases,
  UnitQuantity: 0,
  Cases,
  Units: 0,
  TotalUnits: Cases * UnitsPerCase,
  Substitution: 'Allow',
});

const order: OrderDetail = {
  Id: 7,
  CustomerId: 1,
  CompanyId: 1001,
  CompanyName: 'Blue Heron Tavern',
  PaymentTerms: null,
  OrderNum: 'W100004',
  OrderType: 'REG',
  IsWebOrder: true,
  CreateDate: '2026-11-23T17:59:00.000Z',
  DeliveryDate: '2026-11-26',
  Name: 'Linda Walsh',
  Phone: '7735550107',
  Email: 'linda@example.com',
  ReferencePO: '',
  Status: 1,
  EnteredBy: null,
  PlacedBy: 'Shared sign-in',
  StandingOrderId: null,
  ProductCount: 2,
  TotalCases: 4,
  DeliveryDifferences: null,
  EstimatedTotal: null,
  Products: [line('BR-1105', 'Lake Effect IPA', 1, 24), line('WN-1332', 'Sangria Red', 3, 6)],
  Delivered: null,
  ChangedAt: null,
  ChangeableUntil: null,
  DeliveryHoliday: null,
  EstimatedDeposits: 0,
  UnpricedLines: 0,
  Confirmed: null,
};

/** Every element whose own text is exactly `text` (a product's description, say). */
const countText = (text: string) => screen.queryAllByText(text, { exact: true }).length;

function renderDetail(detail: OrderDetail, isPhone: boolean) {
  return render(
    <MantineProvider theme={theme}>
      <OrderDetailView order={detail} isPhone={isPhone} />
    </MantineProvider>,
  );
}

describe('OrderDetailView', () => {
  it.each([
    ['a phone', true],
    ['a desk', false],
  ])('marks a credit the ERP listed as a return, line by line (%s)', (_where, isPhone) => {
    renderDetail(
      {
        ...order,
        IsWebOrder: false,
        OrderType: 'RET',
        IsReturn: true,
        Products: [
          { ...line('BR-1105', 'Lake Effect IPA', 2, 24), IsReturn: true },
          line('WN-1332', 'Sangria Red', 3, 6),
        ],
      },
      isPhone,
    );
    expect(screen.getAllByTestId('line-return')).toHaveLength(1);
    expect(screen.getByTestId('line-return').textContent).toBe('Return');
  });

  it.each([
    ['the shared sign-in', order, 'Shared sign-in'],
    ['staff', { ...order, EnteredBy: 'dana.k', PlacedBy: 'dana.k' }, 'Entered by dana.k'],
  ])('says who placed it: %s', (_who, detail, shown) => {
    renderDetail(detail, false);
    const field = screen.getByTestId('detail-placed-by');
    expect(field.textContent).toBe(shown);
    expect(field.previousElementSibling?.textContent).toBe('Placed By');
    expect(screen.queryAllByText(/dana\.k/).length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])(
    'prices each line at the posted prices and gives the estimate, "Price on invoice" where none is posted (%s)',
    (_where, isPhone) => {
      renderDetail(
        {
          ...order,
          Products: [
            { ...line('BR-1105', 'Lake Effect IPA', 2, 24), CasePrice: 2800, LineTotal: 5600 },
            { ...line('WN-1332', 'Sangria Red', 3, 6), CasePrice: null, LineTotal: null },
          ],
          EstimatedTotal: 5840,
          EstimatedDeposits: 240,
          UnpricedLines: 1,
          PaymentTerms: 'NET30',
        },
        isPhone,
      );
      expect(screen.getByTestId('case-price-BR-1105').textContent).toBe('$28.00');
      expect(screen.getByTestId('line-total-BR-1105').textContent).toBe('$56.00');
      expect(screen.getByTestId('case-price-WN-1332').textContent).toBe('Price on invoice');
      const estimate = screen.getByTestId('order-estimate');
      expect(estimate.textContent).toContain('Estimated total: $58.40, with $2.40 of deposits');
      expect(estimate.textContent).toContain('1 line is priced on the invoice');
      expect(estimate.textContent).toContain('Estimate: your invoice is final');
      expect(screen.getByTestId('detail-payment').textContent).toBe(
        'Payment: Net 30, the invoice is due 30 days after it is issued',
      );
    },
  );

  it('shows no price columns and says "Price on invoice" when no line has a price; nothing for a cancelled order', () => {
    const { unmount } = renderDetail(order, false);
    expect(screen.queryByText('Case Price')).toBeNull();
    expect(screen.getByTestId('order-estimate').textContent).toBe('Price on invoice');
    unmount();
    renderDetail({ ...order, Status: 3, EstimatedTotal: 5840, PaymentTerms: 'COD' }, false);
    expect(screen.queryByTestId('order-estimate')).toBeNull();
    expect(screen.queryByTestId('detail-payment')).toBeNull();
  });

  it("says nothing of who placed the ERP's history", () => {
    renderDetail({ ...order, IsWebOrder: false, PlacedBy: null }, true);
    expect(screen.queryByTestId('detail-placed-by')).toBeNull();
    expect(screen.queryByText('Placed By')).toBeNull();
  });

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])('lists an order the ERP has not listed yet as ordered, under Products (%s)', (_where, isPhone) => {
    renderDetail(order, isPhone);
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
    expect(screen.queryByTestId('delivered')).toBeNull();
    expect(countText('Lake Effect IPA')).toBe(1);
    expect(countText('Sangria Red')).toBe(1);
  });

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])(
    "before the delivery date, shows the ERP's lines as its confirmation, never a delivery (issue 33, %s)",
    (_where, isPhone) => {
      renderDetail(
        {
          ...order,
          Confirmed: [
            { Code: 'WN-1332', Description: 'Sangria Red', Cases: 3, Units: 0 },
            { Code: 'E2E-ADDED', Description: 'Added Ginger Beer', Cases: 2, Units: 0 },
          ],
        },
        isPhone,
      );
      expect(screen.queryByTestId('delivered')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Products ordered and confirmed' })).toBeTruthy();
      const confirmed = screen.getByTestId('confirmed');
      expect(confirmed.textContent).toContain(
        'The distributor confirmed this order with the changes below: this is what is on its way.',
      );
      expect(confirmed.textContent).not.toMatch(/delivered/i);
      const [ipa] = screen.getAllByTestId('delivered-row') as [HTMLElement];
      expect(within(ipa).getByTestId('delivered-difference').textContent).toBe(
        'not confirmed (1 case ordered)',
      );
    },
  );

  it.each([
    ['a phone', true],
    ['a desk', false],
  ])('shows each product of a delivered order once, ordered beside delivered (%s)', (_where, isPhone) => {
    const delivered: OrderDetail = {
      ...order,
      Delivered: [
        { Code: 'WN-1332', Description: 'Sangria Red', Cases: 3, Units: 0 },
        { Code: 'E2E-ADDED', Description: 'Added Ginger Beer', Cases: 2, Units: 0 },
      ],
    };
    renderDetail(delivered, isPhone);
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Products ordered and delivered' })).toBeTruthy();
    for (const description of ['Lake Effect IPA', 'Sangria Red', 'Added Ginger Beer']) {
      expect(countText(description)).toBe(1);
    }
    const rows = screen.getAllByTestId('delivered-row');
    expect(rows).toHaveLength(3);
    const [ipa, sangria, added] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(ipa).getByTestId('delivered-difference').textContent).toBe(
      'not delivered (1 case ordered)',
    );
    expect(within(sangria).getByText('as ordered')).toBeTruthy();
    // The units per case come from the ordered line; an added product has none to show.
    expect(ipa.textContent).toContain('24');
    expect(sangria.textContent).toContain('6');
    expect(added.textContent).not.toContain('not ordered');
    expect(within(added).getByTestId('delivered-difference').textContent).toBe('added by the distributor');
    if (isPhone) {
      expect(ipa.textContent).toContain('BR-1105 · Units/Case 24');
      expect(added.textContent).toContain('Ordered: none · Delivered: 2 cases');
    } else {
      const cells = within(added)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(cells).toEqual([
        'E2E-ADDED',
        'Added Ginger Beer',
        '',
        'none',
        '2 cases',
        'added by the distributor',
      ]);
    }
  });
  it.each([
    ['a phone', true],
    ['a desk', false],
  ])(
    'says "{X} sent for {Y}" when the product added is the suggested substitute of one not delivered (%s)',
    (_where, isPhone) => {
      const sent: OrderDetail = {
        ...order,
        // GET Order/{id} gives each ordered product's suggested substitute with the delivered lines.
        Products: [
          { ...line('BR-1105', 'Lake Effect IPA', 1, 24), SubstituteCode: 'E2E-ADDED' },
          { ...line('WN-1332', 'Sangria Red', 3, 6), SubstituteCode: null },
        ],
        Delivered: [
          { Code: 'WN-1332', Description: 'Sangria Red', Cases: 3, Units: 0 },
          { Code: 'E2E-ADDED', Description: 'Added Ginger Beer', Cases: 2, Units: 0 },
        ],
      };
      renderDetail(sent, isPhone);
      const [ipa, sangria, added] = screen.getAllByTestId('delivered-row') as [
        HTMLElement,
        HTMLElement,
        HTMLElement,
      ];
      for (const row of [ipa, added])
        expect(within(row).getByTestId('delivered-difference').textContent).toBe(
          'Added Ginger Beer sent for Lake Effect IPA',
        );
      expect(within(sangria).getByText('as ordered')).toBeTruthy();
      expect(screen.queryByText('added by the distributor')).toBeNull();
      expect(screen.queryByText(/not delivered/)).toBeNull();
      // What each product's quantities were stays beside the words.
      if (isPhone) expect(added.textContent).toContain('Ordered: none · Delivered: 2 cases');
      else
        expect(
          within(ipa)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ).toContain('none');
    },
  );
});
