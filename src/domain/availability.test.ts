import { describe, expect, it } from 'vitest';
import {
  type Availability,
  availabilityLabel,
  type GuardLine,
  minimumGuardWarning,
  SubstitutionsSaveSchema,
  substituteNote,
} from './availability';

const iso = (d: string) => d;
const stock = (a: Partial<Availability>): Availability => ({
  Status: 'IN',
  Cases: null,
  ExpectedDate: null,
  SubstituteCode: null,
  SubstituteDescription: null,
  ...a,
});

describe('what a line shows of its stock (design.md 8.3)', () => {
  it('says Out, Low with what is left, Back on a date, and nothing when in stock or unknown', () => {
    expect(availabilityLabel(null, iso)).toBeNull();
    expect(availabilityLabel(stock({ Status: 'IN', Cases: 40 }), iso)).toBeNull();
    expect(availabilityLabel(stock({ Status: 'OUT' }), iso)).toBe('Out');
    expect(availabilityLabel(stock({ Status: 'OUT', ExpectedDate: '2026-12-04' }), iso)).toBe(
      'Out · Back 2026-12-04',
    );
    expect(availabilityLabel(stock({ Status: 'LOW', Cases: 3 }), iso)).toBe('Low: 3 left');
    expect(availabilityLabel(stock({ Status: 'LOW', Cases: 0 }), iso)).toBe('Low: 0 left');
    expect(availabilityLabel(stock({ Status: 'LOW' }), iso)).toBe('Low');
    expect(availabilityLabel(stock({ Status: 'IN', ExpectedDate: '2026-12-04' }), (d) => `on ${d}`)).toBe(
      'Back on 2026-12-04',
    );
  });

  it('names the substitute for a product out or low, unless the customer said Never or Call me', () => {
    const out = stock({ Status: 'OUT', SubstituteCode: 'B2', SubstituteDescription: 'Hazy IPA 12oz' });
    expect(substituteNote(out, 'Allow')).toBe('We may send Hazy IPA 12oz instead');
    expect(substituteNote({ ...out, Status: 'LOW' }, 'Allow')).toBe('We may send Hazy IPA 12oz instead');
    expect(substituteNote({ ...out, Status: 'IN' }, 'Allow')).toBeNull();
    expect(substituteNote(out, 'Never')).toBeNull();
    expect(substituteNote(out, 'CallMe')).toBeNull();
    expect(substituteNote(stock({ Status: 'OUT' }), 'Allow')).toBeNull();
    expect(substituteNote(null, 'Allow')).toBeNull();
  });
});

describe('the minimum guard', () => {
  const line = (Description: string, CaseQuantity: number, Out = false, more: Partial<GuardLine> = {}) => ({
    Description,
    CaseQuantity,
    UnitQuantity: 0,
    UnitsPerCase: 24,
    IsCaseOnly: true,
    Out,
    ...more,
  });

  it('warns when the order meets the minimum only with its out-of-stock line', () => {
    expect(minimumGuardWarning([line('Pale Ale', 6), line('Dry Cider', 4, true)], 10)).toBe(
      'If Dry Cider is out, this order has 6 cases, under the 10-case minimum',
    );
  });

  it('is quiet at the boundary: without the out line the order still has exactly the minimum', () => {
    expect(minimumGuardWarning([line('Pale Ale', 10), line('Dry Cider', 4, true)], 10)).toBeNull();
    expect(minimumGuardWarning([line('Pale Ale', 9), line('Dry Cider', 1, true)], 10)).toBe(
      'If Dry Cider is out, this order has 9 cases, under the 10-case minimum',
    );
  });

  it('is quiet with no minimum, nothing out, an out line not ordered, or an order under the minimum anyway', () => {
    expect(minimumGuardWarning([line('Pale Ale', 1), line('Dry Cider', 4, true)], 0)).toBeNull();
    expect(minimumGuardWarning([line('Pale Ale', 6), line('Dry Cider', 4)], 10)).toBeNull();
    expect(minimumGuardWarning([line('Pale Ale', 10), line('Dry Cider', 0, true)], 10)).toBeNull();
    expect(minimumGuardWarning([line('Pale Ale', 3), line('Dry Cider', 4, true)], 10)).toBeNull();
  });

  it('names "these products" for several out lines, and counts units as the minimum does', () => {
    const lines = [
      line('Pale Ale', 0, false, { UnitQuantity: 12, IsCaseOnly: false }),
      line('Dry Cider', 5, true),
      line('Stout', 5, true),
    ];
    expect(minimumGuardWarning(lines, 10)).toBe(
      'If these products are out, this order has 0.5 cases, under the 10-case minimum',
    );
  });
});

describe('PUT Customer/{id}/Substitutions', () => {
  it('takes Allow, Never or CallMe per code and refuses anything else with its message', () => {
    expect(SubstitutionsSaveSchema.parse([{ Code: ' B1 ', Preference: 'Never' }])).toEqual([
      { Code: 'B1', Preference: 'Never' },
    ]);
    const bad = SubstitutionsSaveSchema.safeParse([{ Code: 'B1', Preference: 'Maybe' }]);
    expect(bad.error?.issues[0]?.message).toBe('Substitution must be Allow, Never or CallMe');
    expect(
      SubstitutionsSaveSchema.safeParse([{ Code: '', Preference: 'Allow' }]).error?.issues[0]?.message,
    ).toBe('Code is required');
  });
});
