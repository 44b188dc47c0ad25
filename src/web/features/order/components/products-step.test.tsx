import { fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import { draftLines, orderTotals, type QuantityDrafts, setQuantity } from '../order-draft';
import { newQueryClient, Providers, product } from '../test/render-order';
import { OrderTotalsLine } from './order-totals';
import { LIST_WINDOW, ProductsStep } from './products-step';

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
        today="2026-06-10"
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

  it('never changes one box because the other was typed, and says which one counts', () => {
    renderStep();
    type('Cases of WN-1159 Chardonnay House', '5');
    type('Units of WN-1159 Chardonnay House', '6');
    // Issue 14: typing Units used to empty Cases (5 cases became 6 bottles).
    expect(box('Cases of WN-1159 Chardonnay House').value).toBe('5');
    expect(box('Units of WN-1159 Chardonnay House').value).toBe('6');
    expect(lineTotal('WN-1159')).toBe('30');
    expect(screen.getByTestId('ignored-WN-1159').textContent).toBe('6 units ignored: 5 cases = 30 units');
    expect(totals()).toBe('Products: 1Cases: 5Total Units: 30');
    type('Cases of WN-1159 Chardonnay House', '');
    expect(lineTotal('WN-1159')).toBe('6');
    expect(screen.queryByTestId('ignored-WN-1159')).toBeNull();
  });

  it('refuses what is not a whole number, with a message, and never reads it as another number', () => {
    renderStep();
    for (const typed of ['2.5', '2,5', '1e3', 'two']) {
      type('Cases of BR-1105 Lake Effect IPA', typed);
      // Mantine's NumberInput dropped the dot: "2.5" became 25 cases.
      expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe(typed);
      expect(screen.getByText('Cases must be a whole number')).toBeTruthy();
      expect(lineTotal('BR-1105')).toBe('0');
    }
    type('Cases of BR-1105 Lake Effect IPA', '100000');
    expect(screen.getByText('Cases must be at most 99999')).toBeTruthy();
    type('Cases of BR-1105 Lake Effect IPA', '2');
    expect(screen.queryByText(/must be/)).toBeNull();
    expect(lineTotal('BR-1105')).toBe('48');
  });

  it('opens the numeric keypad without a decimal point, and Enter goes to the next box', () => {
    renderStep();
    const cases = box('Cases of BR-1105 Lake Effect IPA');
    expect(cases.getAttribute('inputmode')).toBe('numeric');
    expect(cases.getAttribute('pattern')).toBe('[0-9]*');
    cases.focus();
    fireEvent.keyDown(cases, { key: 'Enter' });
    expect(document.activeElement).toBe(box('Cases of WN-1159 Chardonnay House'));
  });

  it.each([
    ['table', false],
    ['cards', true],
  ])('in the %s, Enter goes from Cases box to Cases box, never into a Units box (issue 32)', (_, asCards) => {
    renderStep(asCards);
    const chardonnay = box('Cases of WN-1159 Chardonnay House');
    chardonnay.focus();
    // Before: into 'Units of WN-1159', so every later quantity landed one product lower.
    fireEvent.keyDown(chardonnay, { key: 'Enter' });
    expect(document.activeElement).toBe(box('Cases of SP-1067 Vodka Minis'));
    // From a Units box reached by a tap, Enter goes on to the next product's Cases too.
    const units = box('Units of WN-1159 Chardonnay House');
    units.focus();
    fireEvent.keyDown(units, { key: 'Enter' });
    expect(document.activeElement).toBe(box('Cases of SP-1067 Vodka Minis'));
  });

  it('puts the caret in a box reached by a quick second or third tap, not a selection outside it', () => {
    renderStep();
    const first = box('Cases of BR-1105 Lake Effect IPA');
    const next = box('Cases of WN-1159 Chardonnay House');
    fireEvent.change(next, { target: { value: '12' } });
    first.focus();
    // Chrome counts a tap at the spot of the one before as its second or third (detail 2, 3)
    // and selects a word or paragraph there: the box got the focus but no caret (issue 14).
    const third = fireEvent.mouseDown(next, { detail: 3 });
    expect(third).toBe(false);
    expect(document.activeElement).toBe(next);
    expect([next.selectionStart, next.selectionEnd]).toEqual([2, 2]);
    // A single tap, or a double tap in the box that has the focus, is the browser's as ever.
    expect(fireEvent.mouseDown(next, { detail: 2 })).toBe(true);
    expect(fireEvent.mouseDown(first, { detail: 1 })).toBe(true);
  });

  it('searches code and description as you type, without case or accents, and keeps hidden quantities', () => {
    renderStep();
    type('Cases of BR-1105 Lake Effect IPA', '2');
    const search = screen.getByLabelText('Search products');
    fireEvent.change(search, { target: { value: 'CHARDONNAY' } });
    expect(screen.queryByLabelText('Cases of BR-1105 Lake Effect IPA')).toBeNull();
    expect(box('Cases of WN-1159 Chardonnay House')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'wn-11 house' } });
    expect(screen.getAllByRole('row')).toHaveLength(2); // the header and the one product
    fireEvent.change(search, { target: { value: 'vödka' } });
    expect(box('Cases of SP-1067 Vodka Minis')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByTestId('no-match').textContent).toMatch(/No products match/);
    // The IPA's 2 cases still count while it is filtered out.
    expect(totals()).toBe('Products: 1Cases: 2Total Units: 48');
    fireEvent.change(search, { target: { value: '' } });
    expect(box('Cases of BR-1105 Lake Effect IPA').value).toBe('2');
  });

  it('shows cards with labelled boxes on a narrow screen', () => {
    renderStep(true);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    type('Cases of BR-1105 Lake Effect IPA', '3');
    expect(lineTotal('BR-1105')).toBe('72');
  });

  it('draws a screenful of a long list, more on demand, and Enter in the search focuses the first row it shows', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      product({ Code: `X-${1000 + i}`, Description: i === 77 ? 'Rosé Late' : `Lager ${i}` }),
    );
    const lines = draftLines(many, {});
    render(
      <Providers client={newQueryClient()}>
        <ProductsStep
          lines={lines}
          drafts={{}}
          onQuantity={() => {}}
          asCards={false}
          deliveryDate="2026-06-12"
          today="2026-06-10"
          hasLinkedProducts
        />
      </Providers>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(LIST_WINDOW + 1);
    fireEvent.click(screen.getByText('Show more products (70 more)'));
    expect(screen.getAllByRole('row')).toHaveLength(101);
    const search = screen.getByLabelText('Search products');
    fireEvent.change(search, { target: { value: 'rose' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(document.activeElement).toBe(box('Cases of X-1077 Rosé Late'));
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
          today="2026-06-10"
          hasLinkedProducts
        />
      </Providers>,
    );
    expect(screen.getByText(/None of your products can be delivered on 06\/12\/2026/)).toBeTruthy();
  });

  it("shows each line's stock and substitute, and one tap hides what is out (design.md 8.3)", () => {
    const stocked = [
      product({
        Code: 'BR-1105',
        Description: 'Lake Effect IPA',
        Availability: {
          Status: 'OUT',
          Cases: 0,
          ExpectedDate: '2026-06-19',
          SubstituteCode: 'BR-1106',
          SubstituteDescription: 'Hazy Harbor IPA',
        },
      }),
      product({
        Code: 'WN-1159',
        Description: 'Chardonnay House',
        Availability: {
          Status: 'LOW',
          Cases: 3,
          ExpectedDate: null,
          SubstituteCode: null,
          SubstituteDescription: null,
        },
      }),
      product({
        Code: 'SP-1067',
        Description: 'Vodka Minis',
        Substitution: 'Never',
        Availability: {
          Status: 'OUT',
          Cases: null,
          ExpectedDate: null,
          SubstituteCode: 'SP-1068',
          SubstituteDescription: 'Gin Minis',
        },
      }),
      product({ Code: 'CI-1', Description: 'Dry Cider' }),
    ];
    for (const asCards of [false, true]) {
      const { unmount } = render(
        <Providers client={newQueryClient()}>
          <ProductsStep
            lines={draftLines(stocked, {})}
            drafts={{}}
            onQuantity={() => {}}
            asCards={asCards}
            deliveryDate="2026-06-12"
            today="2026-06-10"
            hasLinkedProducts
          />
        </Providers>,
      );
      expect(screen.getByTestId('availability-BR-1105').textContent).toBe(
        'Out · Back 06/19We may send Hazy Harbor IPA instead',
      );
      expect(screen.getByTestId('availability-WN-1159').textContent).toBe('Low: 3 left');
      // The customer said Never: no substitute is named.
      expect(screen.getByTestId('availability-SP-1067').textContent).toBe('Out');
      expect(screen.queryByTestId('availability-CI-1')).toBeNull();
      fireEvent.click(screen.getByRole('switch', { name: 'Hide what is out of stock' }));
      expect(screen.queryByTestId('product-row-BR-1105')).toBeNull();
      expect(screen.queryByTestId('product-row-SP-1067')).toBeNull();
      expect(screen.getByTestId('product-row-WN-1159')).toBeTruthy();
      expect(screen.getByTestId('product-row-CI-1')).toBeTruthy();
      unmount();
    }
  });
});
