import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../domain/order.schema';
import { customerTypes, newQueryClient, Providers, quietFocusTrapWarnings } from '../test/render-order';
import { useOrderForm } from '../use-order-form';
import { DeliveryStep } from './delivery-step';

/** Step 1 with the hook that drives it, and whether the step counts as valid. */
function Step1({ typeId = 1 }: { typeId?: number }) {
  const customerType = customerTypes.find((t) => t.Id === typeId)!;
  const state = useOrderForm({ customerId: 1, customerType, products: [] });
  return (
    <>
      <DeliveryStep form={state.form} ctx={state.ctx} today={state.today} />
      <output data-testid="valid">{String(state.headerValid)}</output>
      <output data-testid="phone-value">{state.form.getValues().Phone}</output>
    </>
  );
}

function renderStep(typeId = 1) {
  return render(
    <Providers client={newQueryClient()}>
      <Step1 typeId={typeId} />
    </Providers>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const leave = (label: RegExp, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};
const valid = () => screen.getByTestId('valid').textContent;

// Wednesday 10 June 2026, 10:00 in Chicago: before a 16:00 cutoff.
const MORNING = new Date('2026-06-10T15:00:00Z');

beforeEach(() => {
  // Only the clock: Mantine's popovers need real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('order form, step 1', { timeout: 30_000 }, () => {
  it('shows the earliest date and offers only selectable dates (no Sundays, no type-1 Saturdays)', async () => {
    renderStep(1);
    // Type 1: 24 lead hours before the cutoff: today + 2 days.
    expect(screen.getByText('Earliest delivery date: 06/12/2026')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    const day = (label: string) => screen.findByLabelText(label);
    expect(((await day('11 June 2026')) as HTMLButtonElement).disabled).toBe(true);
    expect(((await day('13 June 2026')) as HTMLButtonElement).disabled).toBe(true); // Saturday, type 1
    expect(((await day('14 June 2026')) as HTMLButtonElement).disabled).toBe(true); // Sunday
    expect(((await day('15 June 2026')) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(await day('12 June 2026'));
    expect(screen.getByLabelText(/^Delivery Date/).textContent).toContain('06/12/2026');
  });

  it('offers Saturdays to other customer types', async () => {
    renderStep(6);
    // Type 6: 96 lead hours before its 11:00 cutoff: today + 5 days = Monday 15 June.
    expect(screen.getByText('Earliest delivery date: 06/15/2026')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    const saturday = (await screen.findByLabelText('20 June 2026')) as HTMLButtonElement;
    expect(saturday.disabled).toBe(false);
  });

  it("shows the server's messages as fields are left, and is valid only when all pass", () => {
    renderStep(1);
    expect(valid()).toBe('false');
    leave(/^Name/, '');
    leave(/^Phone/, '312555');
    leave(/^Email/, 'not-an-email');
    expect(screen.getByText(messages.nameRequired)).toBeTruthy();
    expect(screen.getByText('Valid Phone number is required')).toBeTruthy();
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    expect(screen.queryByText(/Delivery Date/, { selector: '.mantine-InputWrapper-error' })).toBeNull();
  });

  it('reports a missing date with the exact required message when the calendar closes', async () => {
    renderStep(1);
    const input = screen.getByLabelText(/^Delivery Date/);
    fireEvent.click(input);
    await screen.findByLabelText('12 June 2026');
    fireEvent.click(input); // toggles the calendar shut
    const error = await screen.findByText('Delivery Date is required');
    expect(error.textContent).toBe('Delivery Date  is required');
  });

  it('masks the phone as (999) 999-9999 and keeps the digits', () => {
    renderStep(1);
    fireEvent.change(field(/^Phone/), { target: { value: '312a555-0142999' } });
    expect(field(/^Phone/).value).toBe('(312) 555-0142');
    expect(screen.getByTestId('phone-value').textContent).toBe('3125550142');
    fireEvent.change(field(/^Phone/), { target: { value: '(312) 5' } });
    expect(field(/^Phone/).value).toBe('(312) 5');
  });

  it('asks a reference customer for a Reference PO of at most 20 characters, and nobody else', () => {
    const { unmount } = renderStep(1);
    expect(screen.queryByLabelText(/^Reference PO/)).toBeNull();
    unmount();
    renderStep(6);
    leave(/^Reference PO/, '');
    expect(screen.getByText('Reference PO is required')).toBeTruthy();
    leave(/^Reference PO/, 'PO-123456789012345678');
    expect(screen.getByText('Length of Reference PO must be less than or equal to 20')).toBeTruthy();
    leave(/^Reference PO/, 'PO-4471');
    expect(screen.queryByText(/Reference PO must be/)).toBeNull();
  });

  it('becomes valid with a date, name, phone and email', async () => {
    renderStep(1);
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    fireEvent.click(await screen.findByLabelText('12 June 2026'));
    leave(/^Name/, 'Pat');
    leave(/^Phone/, '3125550142');
    leave(/^Email/, 'pat@example.com');
    expect(valid()).toBe('true');
  });

  it('says the date violates the lead time once the cutoff passes with the form open', async () => {
    renderStep(1);
    fireEvent.click(screen.getByLabelText(/^Delivery Date/));
    fireEvent.click(await screen.findByLabelText('12 June 2026'));
    expect(screen.queryByText(messages.deliveryDateLeadTime)).toBeNull();
    // 16:30 in Chicago: past the cutoff, so the earliest date moves to Monday 15 June.
    act(() => {
      vi.setSystemTime(new Date('2026-06-10T21:30:00Z'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.getByText('Delivery Date violates Lead Time')).toBeTruthy();
    expect(screen.getByText('Earliest delivery date: 06/15/2026')).toBeTruthy();
    expect(valid()).toBe('false');
  });
});
