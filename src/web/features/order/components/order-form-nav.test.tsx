import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { OrderFormNav } from './order-form-nav';

const totals = { products: 3, cases: 12, units: 288, invalid: 0, unitsBesideCases: [] };
const minimum = { cases: 15, missing: '3', blocks: true, outWarning: null };

const show = (compact: boolean) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <form>
            <OrderFormNav
              active={1}
              stepValid={false}
              totals={totals}
              minimum={minimum}
              onBack={() => {}}
              isSubmitting={false}
              compact={compact}
            />
          </form>
        ),
      },
    ],
    '/',
  );

describe("the form's bar on a phone (issue 33: 162 px, two products in view)", () => {
  it('is one short line with the hint cut to a line, the whole of both a tap away', async () => {
    show(true);
    const short = await screen.findByTestId('order-totals-short');
    expect(short.textContent).toBe('3 products · 12 cases · 3 cases still missing');
    // The whole line is still there for screen readers, and the hint still describes Continue.
    expect(screen.getByTestId('order-totals').textContent).toContain('Total Units: 288');
    const hint = document.getElementById('order-step-hint')!;
    expect(hint.textContent).toBe(
      'Orders need at least 15 cases: 3 cases still missing. Add them to continue.',
    );
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-describedby')).toBe(
      'order-step-hint',
    );

    fireEvent.click(screen.getByRole('button', { name: "Show the order's totals" }));
    expect(screen.queryByTestId('order-totals-short')).toBeNull();
    expect(screen.getByTestId('order-minimum').textContent).toBe('Minimum 15 cases: 3 cases still missing');
    fireEvent.click(screen.getByRole('button', { name: 'Hide totals' }));
    expect(screen.getByTestId('order-totals-short')).toBeTruthy();
  });

  it('stays whole on a desk', async () => {
    show(false);
    expect(await screen.findByTestId('order-totals')).toBeTruthy();
    expect(screen.queryByTestId('order-totals-short')).toBeNull();
    expect(screen.queryByRole('button', { name: "Show the order's totals" })).toBeNull();
  });
});
