import { customerLoginErrors, customerLoginMessages } from '../../../domain/login-rules';

export interface CustomerLoginValues {
  CompanyId: string;
  Zipcode: string;
}

/**
 * The API's rules, and the masks' lengths: a 3-digit customer number or a 4-digit zip gets the
 * field's message at once instead of a round trip and the generic toast (issue 14). Customer
 * numbers below 1000 are typed with their zeros ('0099'), as the 4-digit mask shows them.
 * Plain code: the login page without React uses it too (decision 053).
 */
export function customerLoginPageErrors(values: CustomerLoginValues) {
  const errors = customerLoginErrors(values);
  if (!errors.CompanyId && values.CompanyId.length !== 4) errors.CompanyId = customerLoginMessages.companyId;
  if (!errors.Zipcode && values.Zipcode.length !== 5) errors.Zipcode = customerLoginMessages.zipcode;
  return errors;
}
