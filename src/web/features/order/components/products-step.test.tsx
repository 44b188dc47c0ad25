import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import { draftLines, orderTotals, type QuantityDrafts, setQuantity } from '../order-draft';
import { newQueryClient, Providers, product } from '../test/render-order';
import { OrderTotalsLine } from './order-totals';
import { ProductsStep } from './products-step';

const products: CustomerProduct[] = [
  product({ Code: 'BR-1105', Description: 'Lake Effect IPA', UnitsPerCase: 24, IsCaseOnly: true }),
  product({ Code: 'WN-1159', Description: 'Chardonnay House', UnitsPerCase: 6, IsCaseOnly: false }),
  product({ Code: 'SP-1067', Description: 'Vodka Minis', UnitsPerCase: 120, IsCaseOnly: false }),
];

/** Step 2 with its state and the running total, as the order form puts them together. */
function Step2({ asCards = false }: { asCards?: boolean }) {
  const [drafts, setDrafts] = useState<QuantityDrafts>({});
  const lines = useMemo(() => draftLines(products, drafts), [drafts]);
  return (
    <>
      <ProductsStep
        lines={lines}
        drafts={drafts}
        onQuantity={(code, field, value) => setDrafts((d) => setQuantity(d, code, field, value))}
        asCards={asCards}
        deliveryDate="2026-06-12"
        hasLinkedProducts
      />
      <OrderTotalsLine totals={orderTotals(lines)} />
    </>
  );
}

function renderStep(asCards = false) {
  return render(
    <Providers client={newQueryClient()}>
      <Step2 asCards={asCards} />
    </Providers>,
  );
}

const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(box(name), { target: { value } });
const totals = () => screen.getByTestId('order-totals').textContent;
const lineTotal = (code: string) => screen.getByTestId(`total-${code}`).textContent;

describe('order form, step 2', { timeout: 15_000 }, () => {
  it('lists Product Code, Description, Units/Case, Cases, Units (not for case-only) and Total Units', () => {
    renderStep();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Product Code', 'Description', 'Units/Case', 'Cases', 'Units', 'Total Units']);
    expect(screen.queryByLabelText('Units of BR-1105 Lake Effect IPA')).toBeNull();
    expect(box('Units of WN-1159 Chardonnay House')).toBeTruthy();
  });

  it('keeps a running total of products, cases and units', () => {
    renderStep();
    expect(totals()).toBe('Products: 0Cases: 0Total Units: 0');
    type('Cases of BR-1105 Lake Effect IPA', '2');
    expect(lineTotal('BR-1105')).toBe('48');
    type('Units of WN-1159 Chardonnay House', '5');
    expect(lineTotal('WN-1159')).toBe('5');
    type('Cases of SP-1067 Vodka Minis', '1');
    expect(totals()).toBe('Products: 3Cases: 3Total Units: 173');
  });

  it('turns a negative quantity into 0 when the box is left, and never counts it', () => {
    renderStep();
    type('Cases of BR-1105 Lake Effect IPA', '-4');
    expect(lineTotal('BR-1105')).toBe('0');
    expect(totals()).toBe('Products: 0Cases: 0Total Units: 0');
    fireEvent.blur(box('Cases of BR-1105 Lake Effect IPA'));
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('0');
  });

  it('takes cases or loose units on a line, not both', () => {
    renderStep();
    type('Units of WN-1159 Chardonnay House', '4');
    type('Cases of WN-1159 Chardonnay House', '2');
    expect(box('Units of WN-1159 Chardonnay House').value).toBe('');
    expect(lineTotal('WN-1159')).toBe('12');
    type('Units of WN-1159 Chardonnay House', '3');
    expect(box('Cases of WN-1159 Chardonnay House').value).toBe('');
    expect(lineTotal('WN-1159')).toBe('3');
  });

  it('shows cards with labelled boxes on a narrow screen', () => {
    renderStep(true);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    type('Cases of BR-1105 Lake Effect IPA', '3');
    expect(lineTotal('BR-1105')).toBe('72');
  });

  it('says so when no product can be delivered on the date', () => {
    render(
      <Providers client={newQueryClient()}>
        <ProductsStep
          lines={[]}
          drafts={{}}
          onQuantity={() => {}}
          asCards={false}
          deliveryDate="2026-06-12"
          hasLinkedProducts
        />
      </Providers>,
    );
    expect(screen.getByText(/None of your products can be delivered on 06\/12\/2026/)).toBeTruthy();
  });
});
