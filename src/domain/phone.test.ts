import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, formatPhone, normalizePhone } from './phone';

const tenDigits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 10, maxLength: 10 });

describe('digitsOnly', () => {
  it('strips mask characters and keeps ASCII digits only', () => {
    expect(digitsOnly('(312) 555-0142')).toBe('3125550142');
    expect(digitsOnly('312.555.0142 ext')).toBe('3125550142');
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly('٣١٢')).toBe(''); // Arabic-Indic digits are not phone digits here
  });
});

describe('normalizePhone', () => {
  it('accepts 10 digits in any mask, and a leading country code 1', () => {
    expect(normalizePhone('(312) 555-0142')).toBe('3125550142');
    expect(normalizePhone('3125550142')).toBe('3125550142');
    expect(normalizePhone('+1 (312) 555-0142')).toBe('3125550142');
  });

  it('refuses too few or too many digits', () => {
    for (const bad of ['', '(312) 555-014', '555-0142', '2 312 555 0142', '31255501420', 'phone']) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });
});

describe('formatPhone', () => {
  it('shows 10 digits masked and anything else as stored', () => {
    expect(formatPhone('3125550142')).toBe('(312) 555-0142');
    expect(formatPhone('(312) 555-0142')).toBe('(312) 555-0142');
    expect(formatPhone('5550142')).toBe('5550142');
    expect(formatPhone('')).toBe('');
  });

  it('round-trips with normalizePhone', () => {
    fc.assert(
      fc.property(tenDigits, (digits) => {
        const shown = formatPhone(digits);
        expect(shown).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(normalizePhone(shown)).toBe(digits);
      }),
    );
  });
});
