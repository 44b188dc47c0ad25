import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerTypes, newQueryClient, Providers, quietFocusTrapWarnings } from '../test/render-order';
import { useOrderForm } from '../use-order-form';
import { DeliveryStep } from './delivery-step';

// Wednesday 25 November 2026, 10:00 in Chicago (TEST_NOW): a type-1 customer's first date is Friday 11/27.
const NOW = new Date('2026-11-25T16:00:00Z');
const holidays = new Map([
  ['2026-11-27', 'Day after Thanksgiving'],
  ['2026-12-01', 'Inventory Day'],
]);

function Step1() {
  const state = useOrderForm({ customerId: 1, customerType: customerTypes[0]!, products: [], holidays });
  return <DeliveryStep form={state.form} ctx={state.ctx} today={state.today} />;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('order form, step 1, with holidays (design.md 7.2)', { timeout: 30_000 }, () => {
  it('skips holidays in the hint and the one-tap dates, and disables them in the calendar with their name', async () => {
    render(
      <Providers client={newQueryClient()}>
        <Step1 />
      </Providers>,
    );
    expect(screen.getByText('Earliest delivery date: 11/30/2026')).toBeTruthy();
    const quick = screen.getByRole('group', { name: 'Next delivery dates' });
    expect([...quick.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Mon 11/30/2026',
      'Wed 12/02/2026',
      'Thu 12/03/2026',
    ]);
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    const holiday = (await screen.findByLabelText(
      'Fri 11/27/2026, Day after Thanksgiving: no deliveries',
    )) as HTMLButtonElement;
    expect(holiday.disabled).toBe(true);
    expect(holiday.title).toBe('Fri 11/27/2026, Day after Thanksgiving: no deliveries');
    expect(((await screen.findByLabelText('30 November 2026')) as HTMLButtonElement).disabled).toBe(false);
  });
});
