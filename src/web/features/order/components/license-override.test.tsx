import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { licenseMessages } from '../../../../domain/license';
import { orderPayload } from '../order-draft';
import { customerTypes, newQueryClient, Providers, quietFocusTrapWarnings } from '../test/render-order';
import { useOrderForm } from '../use-order-form';
import { DeliveryStep } from './delivery-step';

/**
 * Step 1 and the liquor license (design.md 8.2): a date after the license's last day gets the
 * server's message under the field; staff may override it with the Override Reason.
 */

// Wednesday 10 June 2026, 10:00 in Chicago: a type-1 customer may first order for Friday 12.
// The license's last day is Monday 15.
const EXPIRES = '2026-06-15';
const EXPIRED = 'Your liquor license expired on 06/15/2026: please send the renewal to your distributor';

function Step1({ asStaff, licenseExpires }: { asStaff: boolean; licenseExpires: string | null }) {
  const state = useOrderForm({
    customerId: 42,
    asStaff,
    customerType: customerTypes[0]!,
    products: [],
    licenseExpires,
  });
  return (
    <>
      <DeliveryStep
        form={state.form}
        ctx={state.ctx}
        today={state.today}
        {...(asStaff
          ? {
              override: {
                on: state.overrideLeadTime,
                onChange: state.setOverrideLeadTime,
                license: {
                  on: state.overrideLicense,
                  onChange: state.setOverrideLicense,
                  expires: licenseExpires,
                },
              },
            }
          : {})}
      />
      <output data-testid="valid">{String(state.headerValid)}</output>
      <output data-testid="body">
        {JSON.stringify(
          orderPayload(
            state.form.getValues(),
            [],
            1,
            asStaff
              ? {
                  customerId: 42,
                  overrideLeadTime: state.overrideLeadTime,
                  overrideLicense: state.overrideLicense,
                }
              : null,
          ),
        )}
      </output>
    </>
  );
}

const renderStep1 = (asStaff: boolean, licenseExpires: string | null = EXPIRES) =>
  render(
    <Providers client={newQueryClient()}>
      <Step1 asStaff={asStaff} licenseExpires={licenseExpires} />
    </Providers>,
  );
const leave = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const contact = () => {
  leave(/^Name/, 'Pat');
  leave(/^Phone/, '3125550142');
  leave(/^Email/, 'pat@example.com');
};
const pick = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const valid = () => screen.getByTestId('valid').textContent;
const body = () => JSON.parse(screen.getByTestId('body').textContent!);
const licenseSwitch = () => screen.queryByRole('switch', { name: /Override expired license/ });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T15:00:00Z'));
  quietFocusTrapWarnings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('step 1 and the liquor license', { timeout: 30_000 }, () => {
  it("a customer's date on the last day is fine; the day after shows the message and stops the form", () => {
    renderStep1(false);
    contact();
    pick('Mon 06/15/2026');
    expect(screen.queryByText(EXPIRED)).toBeNull();
    expect(valid()).toBe('true');
    pick('Tue 06/16/2026');
    expect(screen.getByText(EXPIRED)).toBeTruthy();
    expect(valid()).toBe('false');
  });

  it('without an expiry date there is no rule', () => {
    renderStep1(false, null);
    contact();
    pick('Tue 06/16/2026');
    expect(screen.queryByText(/liquor license/)).toBeNull();
    expect(valid()).toBe('true');
  });

  it('staff are offered the override once the date is after the license, and send it with the reason', () => {
    renderStep1(true);
    contact();
    pick('Mon 06/15/2026');
    expect(licenseSwitch()).toBeNull();
    pick('Tue 06/16/2026');
    expect(screen.getByText(EXPIRED)).toBeTruthy();
    fireEvent.click(licenseSwitch()!);
    expect(screen.queryByText(EXPIRED)).toBeNull();
    leave(/^Reason/, '  ');
    expect(screen.getByText(licenseMessages.reasonRequired)).toBeTruthy();
    expect(valid()).toBe('false');
    leave(/^Reason/, ' Renewal faxed ');
    expect(valid()).toBe('true');
    expect(body()).toMatchObject({
      CustomerId: 42,
      DeliveryDate: '2026-06-16',
      OverrideLicense: true,
      OverrideReason: 'Renewal faxed',
    });
    expect('OverrideLeadTime' in body()).toBe(false);

    // Switched off: the message is back and nothing of the override is sent.
    fireEvent.click(licenseSwitch()!);
    expect(screen.getByText(EXPIRED)).toBeTruthy();
    expect('OverrideLicense' in body()).toBe(false);
  });

  it('staff see the override at once when the license has already expired', () => {
    renderStep1(true, '2026-06-01');
    expect(licenseSwitch()).toBeTruthy();
    expect(screen.getByText("Deliver after the liquor license's last day, 06/01/2026")).toBeTruthy();
  });
});
