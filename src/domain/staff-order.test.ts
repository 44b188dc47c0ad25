import { describe, expect, it } from 'vitest';
import { deliveryDateMessages } from './delivery-date';
import { deliveryDateContext, type ValidateOrderContext, validateOrder } from './order.schema';
import { OVERRIDE_REASON_MAX, orderFor, staffOrderMessages } from './staff-order';

// Wednesday 2026-07-15 in Chicago. Type 2: 24 h lead, 16:00 cutoff, so at 09:00 the earliest
// date is Friday 07-17, and from 16:00 Saturday 07-18.
const at = (chicago: string) => new Date(`2026-07-15T${chicago}:00-05:00`);
const type2 = { Id: 2, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const type1 = { ...type2, Id: 1 };
const products = new Map([['COLA12', { UnitsPerCase: 12, IsCaseOnly: true }]]);
const ctx = (o: Partial<ValidateOrderContext> = {}): ValidateOrderContext => ({
  now: at('09:00'),
  tz: 'America/Chicago',
  customerType: type2,
  products,
  ...o,
});
const order = (o: Record<string, unknown> = {}) => ({
  DeliveryDate: '2026-07-16',
  Name: 'Dana Ortiz',
  Phone: '3125550142',
  Email: 'dana@example.com',
  ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 2 }],
  ...o,
});
const messageOf = (input: unknown, c: ValidateOrderContext) => {
  const result = validateOrder(input, c);
  return result.ok ? null : result.message;
};
const overriding = { OverrideLeadTime: true, OverrideReason: 'Called at 8, truck still here' };

describe('orderFor: whose order, and who may override', () => {
  const customer = { role: 'customer', customerId: 7 } as const;
  const admin = { role: 'admin' } as const;

  it('a customer orders for themselves, naming themselves or not, and never overrides', () => {
    expect(orderFor(customer, order())).toEqual({
      ok: true,
      customerId: 7,
      byStaff: false,
      overrideLeadTime: false,
      overrideLicense: false,
    });
    expect(orderFor(customer, order({ CustomerId: 7, OverrideLeadTime: false }))).toMatchObject({ ok: true });
    expect(orderFor(customer, order({ CustomerId: 8 }))).toEqual({
      ok: false,
      refusal: 'forbidden',
      Field: 'CustomerId',
      Message: staffOrderMessages.ownOrdersOnly,
    });
    expect(orderFor(customer, order({ CustomerId: 'abc' }))).toMatchObject({ refusal: 'forbidden' });
    expect(orderFor(customer, order(overriding))).toMatchObject({
      refusal: 'forbidden',
      Message: staffOrderMessages.staffOnlyOverride,
    });
  });

  it('staff must name the customer, and may override', () => {
    expect(orderFor(admin, order())).toEqual({
      ok: false,
      refusal: 'invalid',
      Field: 'CustomerId',
      Message: staffOrderMessages.customerRequired,
    });
    expect(orderFor(admin, order({ CustomerId: null }))).toMatchObject({ refusal: 'invalid' });
    expect(orderFor(admin, order({ CustomerId: 12, ...overriding }))).toEqual({
      ok: true,
      customerId: 12,
      byStaff: true,
      overrideLeadTime: true,
      overrideLicense: false,
    });
    expect(orderFor(admin, 'not an order')).toMatchObject({ refusal: 'invalid' });
  });
});

describe('validateOrder with the lead time overridden', () => {
  it('moves the earliest date to today, only with the override', () => {
    expect(deliveryDateContext(ctx()).earliest).toBe('2026-07-17');
    expect(deliveryDateContext(ctx({ overrideLeadTime: true })).earliest).toBe('2026-07-15');
  });

  it('accepts a date inside the lead time with a reason, trimmed and kept', () => {
    expect(messageOf(order(), ctx())).toBe(deliveryDateMessages.leadTime);
    const result = validateOrder(
      order({ CustomerId: 3, OverrideLeadTime: true, OverrideReason: '  Rush for the weekend  ' }),
      ctx({ overrideLeadTime: true }),
    );
    expect(result).toMatchObject({
      ok: true,
      order: { DeliveryDate: '2026-07-16', OverrideLeadTime: true, OverrideReason: 'Rush for the weekend' },
    });
    // Today too: the truck may still go out.
    expect(
      messageOf(order({ ...overriding, DeliveryDate: '2026-07-15' }), ctx({ overrideLeadTime: true })),
    ).toBe(null);
  });

  it('at the cutoff minute: 15:59 still reaches Friday, 16:00 needs the override for it', () => {
    const friday = order({ DeliveryDate: '2026-07-17' });
    expect(messageOf(friday, ctx({ now: at('15:59') }))).toBe(null);
    expect(messageOf(friday, ctx({ now: at('16:00') }))).toBe(deliveryDateMessages.leadTime);
    expect(messageOf({ ...friday, ...overriding }, ctx({ now: at('16:00'), overrideLeadTime: true }))).toBe(
      null,
    );
  });

  it('requires a reason of at most 200 characters with the override', () => {
    const c = ctx({ overrideLeadTime: true });
    expect(messageOf(order({ OverrideLeadTime: true }), c)).toBe(staffOrderMessages.reasonRequired);
    expect(messageOf(order({ OverrideLeadTime: true, OverrideReason: '   ' }), c)).toBe(
      staffOrderMessages.reasonRequired,
    );
    const long = 'x'.repeat(OVERRIDE_REASON_MAX + 1);
    expect(messageOf(order({ OverrideLeadTime: true, OverrideReason: long }), c)).toBe(
      staffOrderMessages.reasonTooLong,
    );
    const longest = 'x'.repeat(OVERRIDE_REASON_MAX);
    expect(messageOf(order({ OverrideLeadTime: true, OverrideReason: ` ${longest} ` }), c)).toBe(null);
  });

  it('drops a reason sent without the override', () => {
    const result = validateOrder(order({ DeliveryDate: '2026-07-17', OverrideReason: 'why not' }), ctx());
    expect(result).toMatchObject({ ok: true, order: { OverrideLeadTime: false, OverrideReason: null } });
  });

  it('still refuses a Sunday, a type-1 Saturday, a holiday and a past date, with their messages', () => {
    const c = ctx({ overrideLeadTime: true });
    expect(messageOf(order({ ...overriding, DeliveryDate: '2026-07-19' }), c)).toBe(
      deliveryDateMessages.leadTime,
    );
    expect(messageOf(order({ ...overriding, DeliveryDate: '2026-07-14' }), c)).toBe(
      deliveryDateMessages.leadTime,
    );
    // Saturday 07-18: type 2 takes Saturdays, type 1 never does.
    expect(messageOf(order({ ...overriding, DeliveryDate: '2026-07-18' }), c)).toBe(null);
    expect(
      messageOf(
        order({ ...overriding, DeliveryDate: '2026-07-18' }),
        ctx({ overrideLeadTime: true, customerType: type1 }),
      ),
    ).toBe(deliveryDateMessages.leadTime);
    const holidays = new Map([['2026-07-16', 'Staff Picnic']]);
    expect(messageOf(order(overriding), ctx({ overrideLeadTime: true, holidays }))).toBe(
      deliveryDateMessages.holiday('Staff Picnic', '2026-07-16'),
    );
  });
});

describe('validateOrder and the order minimum (design.md 7.11)', () => {
  // Type 2 with a minimum of 3 cases; COLA12 is case-only, WATER24 sells loose bottles.
  const withMinimum = { ...type2, MinimumCases: 3 };
  const both = new Map([...products, ['WATER24', { UnitsPerCase: 24, IsCaseOnly: false }]]);
  const friday = (lines: unknown[], o: Record<string, unknown> = {}) =>
    order({ DeliveryDate: '2026-07-17', ProductQuantities: lines, ...o });
  const c = (o: Partial<ValidateOrderContext> = {}) =>
    ctx({ customerType: withMinimum, products: both, ...o });

  it('refuses an order below the minimum, counting loose units as part of a case', () => {
    const short = friday([
      { Code: 'COLA12', CaseQuantity: 2 },
      { Code: 'WATER24', UnitQuantity: 12 },
    ]);
    expect(validateOrder(short, c())).toEqual({
      ok: false,
      errors: [{ Field: 'ProductQuantities', Message: 'Orders need at least 3 cases; this one has 2.5' }],
      message: 'Orders need at least 3 cases; this one has 2.5',
    });
  });

  it('accepts an order exactly at the minimum, and any order when the minimum is 0 or absent', () => {
    const exact = friday([
      { Code: 'COLA12', CaseQuantity: 2 },
      { Code: 'WATER24', UnitQuantity: 24 },
    ]);
    expect(messageOf(exact, c())).toBe(null);
    const one = friday([{ Code: 'COLA12', CaseQuantity: 1 }]);
    expect(messageOf(one, c({ customerType: { ...type2, MinimumCases: 0 } }))).toBe(null);
    expect(messageOf(one, c({ customerType: type2 }))).toBe(null);
  });

  it('checks the products first: an unknown product is the message, not the minimum', () => {
    expect(messageOf(friday([{ Code: 'NOPE', CaseQuantity: 1 }]), c())).toBe(
      'Product NOPE is not available to order',
    );
  });

  it("lets staff's override, with its reason, go below the minimum; without the reason it is refused", () => {
    const one = friday([{ Code: 'COLA12', CaseQuantity: 1 }]);
    expect(validateOrder({ ...one, ...overriding }, c({ overrideLeadTime: true }))).toMatchObject({
      ok: true,
      order: { OverrideLeadTime: true, OverrideReason: overriding.OverrideReason },
    });
    expect(messageOf({ ...one, OverrideLeadTime: true }, c({ overrideLeadTime: true }))).toBe(
      staffOrderMessages.reasonRequired,
    );
    // A reason alone, without the override, changes nothing.
    expect(messageOf({ ...one, OverrideReason: 'why not' }, c())).toBe(
      'Orders need at least 3 cases; this one has 1',
    );
  });
});
