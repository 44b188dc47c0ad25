/** Phone numbers: 10 digits (North American), stored unmasked, shown as (312) 555-0142. */

export const PHONE_DIGITS = 10;

/** Digits as they are typed, in the (999) 999-9999 mask: '31255' → '(312) 55'. */
export function maskPhone(digits: string): string {
  if (digits === '') return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The ASCII digits of `s`, so a masked entry such as '(312) 555-0142' becomes '3125550142'. */
export function digitsOnly(s: string): string {
  return s.replace(/[^0-9]/g, '');
}

/**
 * The 10 digits to store for a typed number, or null when it is not one. A leading
 * country code 1 ('+1 312 555 0142') is dropped: it is the same number, and callers of the
 * API paste numbers in that form.
 */
export function normalizePhone(s: string): string | null {
  const digits = digitsOnly(s);
  if (digits.length === PHONE_DIGITS) return digits;
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/**
 * For display: 10 digits (masked or not) as '(312) 555-0142'. Anything else is shown as
 * stored, since imported order history may carry numbers in other shapes and a display
 * must not hide them.
 */
export function formatPhone(value: string): string {
  const digits = digitsOnly(value);
  if (digits.length !== PHONE_DIGITS) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
