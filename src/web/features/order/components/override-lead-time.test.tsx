import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryDateMessages } from '../../../../domain/delivery-date';
import { staffOrderMessages } from '../../../../domain/staff-order';
import { orderPayload } from '../order-draft';
import { customerTypes, newQueryClient, Providers, quietFocusTrapWarnings } from '../test/render-order';
import { useOrderForm } from '../use-order-form';
import { DeliveryStep } from './delivery-step';

/** Step 1 as staff see it (design.md 7.5), with the body it would send. */
function StaffStep1() {
  const state = useOrderForm({
    customerId: 42,
    asStaff: true,
    customerType: customerTypes[0]!,
    products: [],
  });
  return (
    <>
      <DeliveryStep
        form={state.form}
        ctx={state.ctx}
        today={state.today}
        override={{ on: state.overrideLeadTime, onChange: state.setOverrideLeadTime }}
      />
      <output data-testid="valid">{String(state.headerValid)}</output>
      <output data-testid="body">
        {JSON.stringify(
          orderPayload(state.form.getValues(), [], 1, {
            customerId: 42,
            overrideLeadTime: state.overrideLeadTime,
          }),
        )}
      </output>
    </>
  );
}

const leave = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const valid = () => screen.getByTestId('valid').textContent;
const quickDates = () => screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent);

beforeEach(() => {
  // Wednesday 10 June 2026, 10:00 in Chicago: a type-1 customer may first order for Friday 12.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T15:00:00Z'));
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("staff's lead-time override", { timeout: 30_000 }, () => {
  it('offers dates inside the lead time only when switched on, with a required reason sent along', () => {
    render(
      <Providers client={newQueryClient()}>
        <StaffStep1 />
      </Providers>,
    );
    expect(quickDates()).toEqual(['Fri 06/12/2026', 'Mon 06/15/2026', 'Tue 06/16/2026']);
    expect(screen.queryByLabelText(/^Reason/)).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: /Override lead time/ }));
    // From today; the type-1 Saturday and the Sunday stay out.
    expect(quickDates()).toEqual(['Wed 06/10/2026', 'Thu 06/11/2026', 'Fri 06/12/2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Thu 06/11/2026' }));
    leave(/^Name/, 'Pat');
    leave(/^Phone/, '3125550142');
    leave(/^Email/, 'pat@example.com');
    leave(/^Reason/, '   ');
    expect(screen.getByText(staffOrderMessages.reasonRequired)).toBeTruthy();
    expect(valid()).toBe('false');
    leave(/^Reason/, ' Truck has room ');
    expect(valid()).toBe('true');
    expect(JSON.parse(screen.getByTestId('body').textContent!)).toMatchObject({
      CustomerId: 42,
      DeliveryDate: '2026-06-11',
      OverrideLeadTime: true,
      OverrideReason: 'Truck has room',
    });

    // Switched off again: Thursday is inside the lead time, and nothing of the override is sent.
    fireEvent.click(screen.getByRole('switch', { name: /Override lead time/ }));
    expect(screen.queryByLabelText(/^Reason/)).toBeNull();
    expect(screen.getByText(deliveryDateMessages.leadTime)).toBeTruthy();
    expect(valid()).toBe('false');
    const body = JSON.parse(screen.getByTestId('body').textContent!);
    expect(body.CustomerId).toBe(42);
    expect('OverrideLeadTime' in body).toBe(false);
  });
});
