import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailError,
  isReferenceCustomerType,
  messages,
  OrderInputSchema,
  OrderLineInputSchema,
  orderInputSchemaFor,
  requestedCodes,
  type ValidateOrderContext,
  validateOrder,
} from './order.schema';

// Wednesday 2026-07-15, 09:00 in Chicago: with the default type the earliest date is Friday 2026-07-17.
const now = new Date('2026-07-15T14:00:00Z');
const defaultType = { Id: 2, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const products = new Map([
  ['COLA12', { UnitsPerCase: 12, IsCaseOnly: true }],
  ['LIME24', { UnitsPerCase: 24, IsCaseOnly: false }],
]);
const ctx = (customerType = defaultType, at = now): ValidateOrderContext => ({
  now: at,
  tz: 'America/Chicago',
  customerType,
  products,
});
const order = (overrides: Record<string, unknown> = {}) => ({
  DeliveryDate: '2026-07-17',
  Name: 'Dana Ortiz',
  Phone: '(312) 555-0142',
  Email: 'dana@example.com',
  ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 3, UnitQuantity: 0 }],
  ...overrides,
});
const errorsOf = (input: unknown, c = ctx()) => {
  const result = validateOrder(input, c);
  return result.ok ? [] : result.errors;
};
const messageOf = (input: unknown, c = ctx()) => {
  const result = validateOrder(input, c);
  return result.ok ? null : result.message;
};

describe('validateOrder: a good order', () => {
  it('comes back normalized, with product facts and total units', () => {
    const result = validateOrder(
      order({
        Name: '  Dana Ortiz ',
        Email: ' dana@example.com ',
        ReferencePO: 'PO-1',
        ProductQuantities: [
          { Code: 'COLA12', CaseQuantity: 3, UnitQuantity: 5, Description: 'ignored' },
          { Code: 'LIME24', CaseQuantity: 0, UnitQuantity: 7 },
          { Code: 'GONE', CaseQuantity: 0, UnitQuantity: -2 },
        ],
      }),
      ctx(),
    );
    expect(result).toEqual({
      ok: true,
      order: {
        DeliveryDate: '2026-07-17',
        Name: 'Dana Ortiz',
        Phone: '3125550142',
        Email: 'dana@example.com',
        ReferencePO: null, // type 2 is not a reference customer
        // A customer's own order: no customer named, no override (design.md 7.5).
        CustomerId: null,
        OverrideLeadTime: false,
        OverrideLicense: false,
        OverrideReason: null,
        ProductQuantities: [
          {
            Code: 'COLA12',
            CaseQuantity: 3,
            UnitQuantity: 0,
            UnitsPerCase: 12,
            IsCaseOnly: true,
            TotalUnits: 36,
          },
          {
            Code: 'LIME24',
            CaseQuantity: 0,
            UnitQuantity: 7,
            UnitsPerCase: 24,
            IsCaseOnly: false,
            TotalUnits: 7,
          },
        ],
      },
    });
  });

  it('accepts its own output again unchanged, as when the route has parsed the body first', () => {
    const refCtx = ctx({ ...defaultType, Id: 6 });
    const parsedByRoute = OrderInputSchema.parse(
      order({ ReferencePO: ' 4411 ', DeliveryDate: ' 2026-07-18 ' }),
    );
    const first = validateOrder(parsedByRoute, refCtx);
    expect(first.ok).toBe(true);
    if (first.ok) expect(validateOrder(first.order, refCtx)).toEqual(first);
  });
});

describe('validateOrder: the delivery date', () => {
  it("uses the spec's words", () => {
    expect(messageOf(order({ DeliveryDate: undefined }))).toBe('Delivery Date  is required');
    expect(messageOf(order({ DeliveryDate: null }))).toBe('Delivery Date  is required');
    expect(messageOf(order({ DeliveryDate: '' }))).toBe('Delivery Date  is required');
    expect(messageOf(order({ DeliveryDate: '2026-07-16' }))).toBe('Delivery Date violates Lead Time');
    expect(messageOf(order({ DeliveryDate: '2026-07-19' }))).toBe('Delivery Date violates Lead Time'); // Sunday
    expect(messageOf(order({ DeliveryDate: '2020-01-02' }))).toBe('Delivery Date violates Lead Time');
    expect(messageOf(order({ DeliveryDate: '07/17/2026' }))).toBe(messages.deliveryDateFormat);
  });

  it('refuses a Saturday for customer type 1 only', () => {
    expect(messageOf(order({ DeliveryDate: '2026-07-18' }), ctx({ ...defaultType, Id: 1 }))).toBe(
      'Delivery Date violates Lead Time',
    );
    expect(messageOf(order({ DeliveryDate: '2026-07-18' }))).toBeNull();
  });

  it('follows the clock and the type: past the cutoff Friday is too soon', () => {
    const late = new Date('2026-07-15T21:00:30Z'); // 16:00:30
    expect(messageOf(order(), ctx(defaultType, late))).toBe('Delivery Date violates Lead Time');
    expect(messageOf(order({ DeliveryDate: '2026-07-18' }), ctx(defaultType, late))).toBeNull();
    expect(messageOf(order(), ctx({ ...defaultType, LeadHours: 48 }))).toBe(
      'Delivery Date violates Lead Time',
    );
  });

  it('accepts a date far ahead (the screen asks for confirmation, the server does not)', () => {
    expect(messageOf(order({ DeliveryDate: '2026-12-01' }))).toBeNull();
  });
});

describe('validateOrder: name, phone, email', () => {
  it("uses the spec's templates", () => {
    expect(messageOf(order({ Name: '   ' }))).toBe('Name is required');
    expect(messageOf(order({ Name: undefined }))).toBe('Name is required');
    expect(messageOf(order({ Name: 'x'.repeat(101) }))).toBe(
      'Length of Name must be less than or equal to 100',
    );
    for (const Phone of ['', '555-0142', '(312) 555-01425', undefined, 3125550142]) {
      expect(messageOf(order({ Phone })), String(Phone)).toBe('Valid Phone number is required');
    }
    expect(messageOf(order({ Email: '' }))).toBe('Email is required');
    expect(messageOf(order({ Email: undefined }))).toBe('Email is required');
    expect(messageOf(order({ Email: 'dana@' }))).toBe('Invalid Email');
  });

  it('stores the phone unmasked', () => {
    const result = validateOrder(order({ Phone: '+1 312.555.0142' }), ctx());
    expect(result.ok && result.order.Phone).toBe('3125550142');
  });

  it('reports each broken field once, in the order of the form', () => {
    expect(errorsOf(order({ DeliveryDate: '', Name: '', Phone: '12', Email: 'no' }))).toEqual([
      { Field: 'DeliveryDate', Message: 'Delivery Date  is required' },
      { Field: 'Name', Message: 'Name is required' },
      { Field: 'Phone', Message: 'Valid Phone number is required' },
      { Field: 'Email', Message: 'Invalid Email' },
    ]);
  });

  it('refuses a body that is not an order', () => {
    expect(messageOf(null)).toBe(messages.orderInvalid);
    expect(messageOf('order')).toBe(messages.orderInvalid);
  });
});

describe('emailError', () => {
  it('checks length limits and the local part', () => {
    expect(emailError('a@b.co')).toBeNull(); // 6 characters
    expect(emailError('a@b.c')).toBe('Invalid Email'); // 5, and no 2-letter top-level domain
    expect(emailError(`${'a'.repeat(64)}@example.com`)).toBeNull();
    expect(emailError(`${'a'.repeat(65)}@example.com`)).toBe('Invalid Email');
    expect(emailError(`a@${'b'.repeat(245)}.com`)).toBeNull(); // 251
    expect(emailError(`a@${'b'.repeat(250)}.com`)).toBe('Invalid Email'); // 256
    for (const bad of [
      'dana',
      'dana@example',
      '@example.com',
      'da na@example.com',
      'dana@@example.com',
      'dana@.com',
    ]) {
      expect(emailError(bad), bad).toBe('Invalid Email');
    }
    expect(emailError('first.last+tag@sub.example.co.uk')).toBeNull();
  });

  it('refuses everything over 254 characters or with a local part over 64', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', '1'), minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(part, part, (local, domain) => {
        const email = `${local}@${domain}.com`;
        if (local.length > 64 || email.length > 254 || email.length < 6)
          expect(emailError(email)).toBe('Invalid Email');
        else expect(emailError(email)).toBeNull();
      }),
    );
  });
});

describe('validateOrder: Reference PO', () => {
  it('belongs to customer types 6 and 7', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter(isReferenceCustomerType)).toEqual([6, 7]);
  });

  it('is required, at most 20 characters, for reference customers', () => {
    const type7 = ctx({ ...defaultType, Id: 7 });
    expect(errorsOf(order(), type7)).toEqual([{ Field: 'ReferencePO', Message: 'Reference PO is required' }]);
    expect(messageOf(order({ ReferencePO: '  ' }), type7)).toBe('Reference PO is required');
    expect(messageOf(order({ ReferencePO: 'x'.repeat(21) }), type7)).toBe(
      'Length of Reference PO must be less than or equal to 20',
    );
    const result = validateOrder(order({ ReferencePO: ' PO 12 ' }), type7);
    expect(result.ok && result.order.ReferencePO).toBe('PO 12');
  });

  it('is ignored for other customers', () => {
    const result = validateOrder(order({ ReferencePO: 'PO 12' }), ctx());
    expect(result.ok && result.order.ReferencePO).toBeNull();
  });
});

describe('validateOrder: products', () => {
  it('needs at least one line with a quantity', () => {
    const none = 'Order must contain at least one product with a quantity';
    expect(messageOf(order({ ProductQuantities: [] }))).toBe(none);
    expect(messageOf(order({ ProductQuantities: undefined }))).toBe(none);
    expect(
      messageOf(order({ ProductQuantities: [{ Code: 'LIME24', CaseQuantity: -5, UnitQuantity: 0 }] })),
    ).toBe(none);
    // Loose units of a case-only product cannot be sold, so nothing is left.
    expect(
      messageOf(order({ ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 0, UnitQuantity: 4 }] })),
    ).toBe(none);
  });

  it('refuses unknown, repeated and unreadable lines, naming them', () => {
    expect(errorsOf(order({ ProductQuantities: [{ Code: 'BEER6', CaseQuantity: 1 }] }))).toEqual([
      { Field: 'ProductQuantities.0.Code', Message: 'Product BEER6 is not available to order' },
    ]);
    const twice = [
      { Code: 'COLA12', CaseQuantity: 1 },
      { Code: 'COLA12', CaseQuantity: 2 },
    ];
    expect(errorsOf(order({ ProductQuantities: twice }))).toEqual([
      { Field: 'ProductQuantities.1.Code', Message: 'Product COLA12 is listed more than once' },
    ]);
    expect(messageOf(order({ ProductQuantities: [{ Code: '', CaseQuantity: 1 }] }))).toBe(
      'Product Code is required',
    );
    expect(errorsOf(order({ ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 'ten' }] }))).toEqual([
      { Field: 'ProductQuantities.0.CaseQuantity', Message: 'Quantity must be a number' },
    ]);
    // "2.5" typed on a phone is a mistake to show, not 2 cases (nor 25).
    for (const CaseQuantity of [2.5, 0.5, 0.1]) {
      expect(errorsOf(order({ ProductQuantities: [{ Code: 'COLA12', CaseQuantity }] }))).toEqual([
        { Field: 'ProductQuantities.0.CaseQuantity', Message: 'Quantity must be a whole number' },
      ]);
    }
    expect(messageOf(order({ ProductQuantities: [{ Code: 'COLA12', CaseQuantity: 100_000 }] }))).toBe(
      'Quantity must be less than or equal to 99999',
    );
    expect(messageOf(order({ ProductQuantities: 'COLA12' }))).toBe(messages.linesInvalid);
  });

  it('keeps exactly the known lines with a quantity, whatever the quantities sent', () => {
    const quantity = fc.oneof(
      fc.integer({ min: -50, max: 500 }),
      fc.double({ min: -50, max: 500, noNaN: true }),
    );
    const line = fc.record({
      Code: fc.constantFrom('COLA12', 'LIME24'),
      CaseQuantity: quantity,
      UnitQuantity: quantity,
    });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.Code, maxLength: 2 }), (lines) => {
        const result = validateOrder(order({ ProductQuantities: lines }), ctx());
        // Reference: a positive fraction is refused (never cut); negatives count as 0.
        const fraction = (q: number) => q > 0 && !Number.isInteger(q);
        if (lines.some((l) => fraction(l.CaseQuantity) || fraction(l.UnitQuantity))) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.errors.map((e) => e.Message)).toContain(messages.quantityNotWhole);
          return;
        }
        // A line counts when it has whole cases, or whole units on a product sold loose.
        const expected = lines.filter(
          (l) => l.CaseQuantity >= 1 || (l.Code === 'LIME24' && l.UnitQuantity >= 1),
        );
        if (expected.length === 0) expect(result.ok).toBe(false);
        else {
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.order.ProductQuantities.map((l) => l.Code)).toEqual(expected.map((l) => l.Code));
          for (const kept of result.order.ProductQuantities) {
            const sent = lines.find((l) => l.Code === kept.Code)!;
            expect(kept.CaseQuantity).toBe(Math.max(0, sent.CaseQuantity));
            expect(kept.TotalUnits).toBe(
              kept.CaseQuantity > 0
                ? kept.CaseQuantity * kept.UnitsPerCase
                : kept.IsCaseOnly
                  ? 0
                  : kept.UnitQuantity,
            );
          }
        }
      }),
    );
  });
});

describe('requestedCodes', () => {
  it('reads the codes a body asks for as the schema does: trimmed, once each, strings only', () => {
    expect(
      requestedCodes({
        ProductQuantities: [
          { Code: ' A1 ' },
          { Code: 'A1' },
          { Code: 'B2', CaseQuantity: 3 },
          { Code: 7 },
          { Code: '  ' },
          null,
          'x',
        ],
      }),
    ).toEqual(['A1', 'B2']);
  });

  it('finds none in a body without a list of products', () => {
    for (const body of [null, undefined, 'text', {}, { ProductQuantities: 'A1' }])
      expect(requestedCodes(body)).toEqual([]);
  });

  it('agrees with the schema on every code it accepts', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), (codes) => {
        const parsed = OrderLineInputSchema.array().safeParse(codes.map((Code) => ({ Code })));
        const wanted = new Set(requestedCodes({ ProductQuantities: codes.map((Code) => ({ Code })) }));
        if (parsed.success) for (const line of parsed.data) expect(wanted.has(line.Code)).toBe(true);
      }),
    );
  });
});

describe('schemas for the form', () => {
  it('take line quantities as numbers only, default them to 0 and count negatives as 0', () => {
    expect(OrderLineInputSchema.parse({ Code: ' COLA12 ', CaseQuantity: 4 })).toEqual({
      Code: 'COLA12',
      CaseQuantity: 4,
      UnitQuantity: 0,
    });
    expect(OrderLineInputSchema.parse({ Code: 'X', CaseQuantity: -3 })).toEqual({
      Code: 'X',
      CaseQuantity: 0,
      UnitQuantity: 0,
    });
    // Text is never read as a number (issue 32: "1e3" was 1,000 cases).
    for (const text of ['4', '1e3', '', '2.5', ' 3 ', '0x10', 'Infinity']) {
      const result = OrderLineInputSchema.safeParse({ Code: 'X', CaseQuantity: text });
      expect(result.success, text).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([messages.quantityInvalid]);
    }
    for (const other of [null, true, [3], { n: 3 }]) {
      expect(OrderLineInputSchema.safeParse({ Code: 'X', UnitQuantity: other }).success).toBe(false);
    }
  });

  it('apply the customer rules through orderInputSchemaFor', () => {
    const schema = orderInputSchemaFor({ earliest: '2026-07-17', customerTypeId: 6 });
    const result = schema.safeParse(order({ DeliveryDate: '2026-07-16' }));
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'Delivery Date violates Lead Time',
      'Reference PO is required',
    ]);
  });

  it('keep one schema per earliest date and customer type, never mixing their rules', () => {
    const july17 = orderInputSchemaFor({ earliest: '2026-07-17', customerTypeId: 1 });
    expect(orderInputSchemaFor({ earliest: '2026-07-17', customerTypeId: 1 })).toBe(july17);
    const july20 = orderInputSchemaFor({ earliest: '2026-07-20', customerTypeId: 1 });
    const reference = orderInputSchemaFor({ earliest: '2026-07-17', customerTypeId: 7 });
    const messagesFor = (schema: typeof july17) => {
      const result = schema.safeParse(order({ DeliveryDate: '2026-07-17' }));
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messagesFor(july17)).toEqual([]);
    expect(messagesFor(july20)).toEqual(['Delivery Date violates Lead Time']);
    expect(messagesFor(reference)).toEqual(['Reference PO is required']);
  });
});
