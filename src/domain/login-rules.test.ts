import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AdminLoginSchema, CustomerLoginSchema } from './login.schema';
import { adminLoginErrors, customerLoginErrors } from './login-rules';

const anyValue = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\s*-?\d{0,6}(\.\d{0,2})?\s*$/),
  fc.integer({ min: -10, max: 120_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  // Arrays and booleans were once coerced to numbers (`[53202]` read as 53202): issue 15.
  fc.array(fc.integer({ min: 1, max: 99_999 }), { maxLength: 2 }),
  fc.constantFrom('1e3', '0x3E9', ' 60601 ', '6e4', '60601-1234', ' 60601-1234 ', '60601-123', '00000-1234'),
  fc.constant(undefined),
);

describe('the login page rules and the API schemas agree', () => {
  it('customer sign-in: the same inputs pass, the same fields fail with the same message', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (CompanyId, Zipcode) => {
        const plain = customerLoginErrors({ CompanyId, Zipcode });
        const parsed = CustomerLoginSchema.safeParse({ CompanyId, Zipcode });
        const zodErrors = Object.fromEntries(
          (parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
        );
        expect(zodErrors).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it('admin sign-in: the same inputs pass, the same fields fail with the same message', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constant(''),
      fc.constant('   '),
      fc.constant(null),
      fc.integer(),
    );
    fc.assert(
      fc.property(text, text, (User, Password) => {
        const plain = adminLoginErrors({ User, Password });
        const parsed = AdminLoginSchema.safeParse({ User, Password });
        const zodErrors = Object.fromEntries(
          (parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
        );
        expect(zodErrors).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [{ CompanyId: '1001', Zipcode: '60601' }, {}],
    [{ CompanyId: '1001', Zipcode: '60601-1234' }, {}],
    [{ CompanyId: '1001', Zipcode: '60601-12' }, { Zipcode: 'Zip Code is required' }],
    [
      { CompanyId: '', Zipcode: '' },
      { CompanyId: 'Valid Customer Number is required', Zipcode: 'Zip Code is required' },
    ],
    [
      { CompanyId: '0', Zipcode: '00000' },
      { CompanyId: 'Valid Customer Number is required', Zipcode: 'Zip Code is required' },
    ],
  ])('customer %j gives %j', (values, errors) => {
    expect(customerLoginErrors(values)).toEqual(errors);
  });
});
