import { describe, expect, it } from 'vitest';
import { deliveryDateError } from './delivery-date';
import {
  isAfterLicense,
  isLicenseExpired,
  LICENSE_WARNING_DAYS,
  licenseError,
  licenseExpiresSoon,
  licenseMessages,
} from './license';
import { deliveryDateContext, type ValidateOrderContext, validateOrder } from './order.schema';
import { orderFor, staffOrderMessages } from './staff-order';

// Wednesday 2026-07-15, 09:00 in Chicago. Type 2: 24 h lead, 16:00 cutoff: the earliest date
// is Friday 07-17. The license's last day is Monday 07-20.
const EXPIRES = '2026-07-20';
const EXPIRED = 'Your liquor license expired on 07/20/2026: please send the renewal to your distributor';
const type2 = { Id: 2, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const ctx = (o: Partial<ValidateOrderContext> = {}): ValidateOrderContext => ({
  now: new Date('2026-07-15T09:00:00-05:00'),
  tz: 'America/Chicago',
  customerType: type2,
  products: new Map([['COLA12', { UnitsPerCase: 12, IsCaseOnly: true }]]),
  licenseExpires: EXPIRES,
  ...o,
});
const order = (o: Record<string, unknown> = {}) => ({
  DeliveryDate: EXPIRES,
  Name: 'Dana Ortiz',
  Phone: '3125550142',
  Email: 'dana@example.com',
  ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 2 }],
  ...o,
});
const outcome = (input: unknown, c: ValidateOrderContext) => {
  const result = validateOrder(input, c);
  return result.ok ? 'ok' : result.errors;
};

describe('the liquor license rule (design.md 8.2)', () => {
  it("says the expiry date as MM/DD/YYYY, in design.md's words", () => {
    expect(licenseMessages.expired(EXPIRES)).toBe(EXPIRED);
    expect(licenseMessages.expired('2027-01-05')).toBe(
      'Your liquor license expired on 01/05/2027: please send the renewal to your distributor',
    );
  });

  it('allows the day of expiry, refuses the day after, and has no rule without an expiry', () => {
    expect(licenseError('2026-07-19', EXPIRES)).toBeNull();
    expect(licenseError('2026-07-20', EXPIRES)).toBeNull();
    expect(licenseError('2026-07-21', EXPIRES)).toBe(EXPIRED);
    expect(licenseError('2027-01-01', EXPIRES)).toBe(EXPIRED);
    expect(licenseError('2026-07-21', null)).toBeNull();
    expect(licenseError('2026-07-21', undefined)).toBeNull();
    expect(isAfterLicense('2026-07-21', '')).toBe(false);
  });

  it("lets staff's override through", () => {
    expect(licenseError('2026-07-21', EXPIRES, true)).toBeNull();
    expect(isAfterLicense('2026-07-21', EXPIRES)).toBe(true);
  });

  it('is a delivery date error after the lead time and the holidays', () => {
    const date = deliveryDateContext(ctx());
    expect(deliveryDateError('2026-07-20', date)).toBeNull();
    expect(deliveryDateError('2026-07-21', date)).toBe(EXPIRED);
    // Inside the lead time: the spec's message first.
    expect(deliveryDateError('2026-07-16', date)).toBe('Delivery Date violates Lead Time');
    const holiday = deliveryDateContext(ctx({ holidays: new Map([['2026-07-22', 'Picnic']]) }));
    expect(deliveryDateError('2026-07-22', holiday)).toBe('No deliveries on Picnic (07/22/2026)');
    expect(deliveryDateError('2026-07-21', deliveryDateContext(ctx({ overrideLicense: true })))).toBeNull();
    expect(deliveryDateError('2026-07-21', deliveryDateContext(ctx({ licenseExpires: null })))).toBeNull();
  });

  it('validateOrder refuses an order after the expiry on DeliveryDate, and takes one on the day', () => {
    expect(outcome(order(), ctx())).toBe('ok');
    expect(outcome(order({ DeliveryDate: '2026-07-21' }), ctx())).toEqual([
      { Field: 'DeliveryDate', Message: EXPIRED },
    ]);
    expect(outcome(order({ DeliveryDate: '2026-07-21' }), ctx({ licenseExpires: null }))).toBe('ok');
  });

  it("staff's license override needs the reason, which is kept; the lead time still holds", () => {
    const late = order({ DeliveryDate: '2026-07-21', OverrideLicense: true });
    expect(outcome(late, ctx({ overrideLicense: true }))).toEqual([
      { Field: 'OverrideReason', Message: licenseMessages.reasonRequired },
    ]);
    const result = validateOrder(
      { ...late, OverrideReason: ' Renewal faxed ' },
      ctx({ overrideLicense: true }),
    );
    expect(result.ok && result.order).toMatchObject({
      OverrideLicense: true,
      OverrideLeadTime: false,
      OverrideReason: 'Renewal faxed',
    });
    // It is not the lead time's override: a date inside the lead time is still refused.
    expect(
      outcome({ ...late, DeliveryDate: '2026-07-16', OverrideReason: 'x' }, ctx({ overrideLicense: true })),
    ).toEqual([{ Field: 'DeliveryDate', Message: 'Delivery Date violates Lead Time' }]);
    // Both overrides: one reason, asked with the lead time's words.
    expect(
      outcome({ ...late, OverrideLeadTime: true }, ctx({ overrideLicense: true, overrideLeadTime: true })),
    ).toEqual([{ Field: 'OverrideReason', Message: staffOrderMessages.reasonRequired }]);
  });

  it('a customer cannot override it: orderFor refuses the field (403), staff may', () => {
    expect(orderFor({ role: 'customer', customerId: 7 }, order({ OverrideLicense: true }))).toEqual({
      ok: false,
      refusal: 'forbidden',
      Field: 'OverrideLicense',
      Message: licenseMessages.staffOnlyOverride,
    });
    expect(orderFor({ role: 'customer', customerId: 7 }, order({ OverrideLicense: false }))).toMatchObject({
      ok: true,
      overrideLicense: false,
    });
    expect(orderFor({ role: 'admin' }, order({ CustomerId: 7, OverrideLicense: true }))).toEqual({
      ok: true,
      customerId: 7,
      byStaff: true,
      overrideLeadTime: false,
      overrideLicense: true,
    });
  });
});

describe('licenses on the dashboard', () => {
  const today = '2026-07-15';
  it('lists those expired and those whose last day is within 30 days', () => {
    expect(LICENSE_WARNING_DAYS).toBe(30);
    expect(licenseExpiresSoon('2026-01-01', today)).toBe(true);
    expect(licenseExpiresSoon('2026-08-14', today)).toBe(true);
    expect(licenseExpiresSoon('2026-08-15', today)).toBe(false);
  });

  it('calls a license expired only once its last day has passed', () => {
    expect(isLicenseExpired('2026-07-14', today)).toBe(true);
    expect(isLicenseExpired('2026-07-15', today)).toBe(false);
  });
});
