/**
 * The sign-in rules as plain functions, with no zod: the customer login page is the first page
 * every customer loads, and zod would add to it much of its weight (bench/bundle). The API's
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

/** A ZIP+4 ('60601-1234'), as the customers file may give it: the customer signs in with its 5 digits. */
export const zipPlusFour = /^\s*(?!00000)(\d{5})-\d{4}\s*$/;

/** The Zip Code a customer signs in with: 1 to 99999, or the 5-digit part of a ZIP+4; else null. */
export function zipcodeIn(value: unknown): number | null {
  const plusFour = typeof value === 'string' ? zipPlusFour.exec(value) : null;
  return plusFour ? wholeNumberIn(plusFour[1], 1, 99999) : wholeNumberIn(value, 1, 99999);
}

type Errors<K extends string> = Partial<Record<K, string>>;

export function customerLoginErrors(values: {
  CompanyId: unknown;
  Zipcode: unknown;
}): Errors<'CompanyId' | 'Zipcode'> {
  const errors: Errors<'CompanyId' | 'Zipcode'> = {};
  if (wholeNumberIn(values.CompanyId, 1, 9999) === null) errors.CompanyId = customerLoginMessages.companyId;
  if (zipcodeIn(values.Zipcode) === null) errors.Zipcode = customerLoginMessages.zipcode;
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

export interface CustomerLoginValues {
  CompanyId: string;
  Zipcode: string;
}

/**
 * The login page's rules: the API's, and the masks' lengths, so a 3-digit customer number or a
 * 4-digit zip gets the field's message at once instead of a round trip and the generic toast
 * (issue 14). Customer numbers below 1000 are typed with their zeros ('0099'), as the 4-digit
 * mask shows them. The page checks them as it is sent, and the server again on a form post
 * (a browser without scripts, issue 34).
 */
export function customerLoginPageErrors(values: CustomerLoginValues) {
  const errors = customerLoginErrors(values);
  if (!errors.CompanyId && values.CompanyId.length !== 4) errors.CompanyId = customerLoginMessages.companyId;
  if (!errors.Zipcode && values.Zipcode.length !== 5) errors.Zipcode = customerLoginMessages.zipcode;
  return errors;
}
