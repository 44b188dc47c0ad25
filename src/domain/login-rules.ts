/**
 * The sign-in rules as plain functions, with no zod: the customer login page is the first page
 * every customer loads, and zod would add about 20 kB gzip to it (bench/bundle). The API's
 * zod schemas (login.schema.ts) state the same rules; a property test holds the two together.
 */

export const customerLoginMessages = {
  companyId: 'Valid Customer Number is required',
  zipcode: 'Zip Code is required',
  failed: 'Invalid Customer Number and/or Zip Code',
} as const;

export const adminLoginMessages = {
  user: 'User Name is required',
  userTooLong: 'User Name must be at most 64 characters',
  password: 'Password is required',
  passwordTooLong: 'Password must be at most 256 characters',
  failed: 'Invalid User Name or Password',
} as const;

export const tooManyAttemptsMessage =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.';

export const USER_NAME_MAX = 64;
export const PASSWORD_MAX = 256;

/** Form text that is a number: digits, with the spaces a paste may bring around them. */
export const digitsOnly = /^\s*\d+\s*$/;

/**
 * A whole number from `min` to `max`, given as a number or as text of digits; else null. Nothing
 * else is read as a number (an array `[53202]`, `true`, `"1e3"`, `"0x1F"`), as login.schema.ts.
 */
export function wholeNumberIn(value: unknown, min: number, max: number): number | null {
  if (typeof value === 'string' ? !digitsOnly.test(value) : typeof value !== 'number') return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

type Errors<K extends string> = Partial<Record<K, string>>;

export function customerLoginErrors(values: {
  CompanyId: unknown;
  Zipcode: unknown;
}): Errors<'CompanyId' | 'Zipcode'> {
  const errors: Errors<'CompanyId' | 'Zipcode'> = {};
  if (wholeNumberIn(values.CompanyId, 1, 9999) === null) errors.CompanyId = customerLoginMessages.companyId;
  if (wholeNumberIn(values.Zipcode, 1, 99999) === null) errors.Zipcode = customerLoginMessages.zipcode;
  return errors;
}

export function adminLoginErrors(values: { User: unknown; Password: unknown }): Errors<'User' | 'Password'> {
  const errors: Errors<'User' | 'Password'> = {};
  const user = typeof values.User === 'string' ? values.User.trim() : null;
  if (!user) errors.User = adminLoginMessages.user;
  else if (user.length > USER_NAME_MAX) errors.User = adminLoginMessages.userTooLong;
  const password = typeof values.Password === 'string' ? values.Password : null;
  if (!password) errors.Password = adminLoginMessages.password;
  else if (password.length > PASSWORD_MAX) errors.Password = adminLoginMessages.passwordTooLong;
  return errors;
}
