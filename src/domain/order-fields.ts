import { z } from 'zod';
import { deliveryDateMessages } from './delivery-date';
import { isReferenceCustomerType, REFERENCE_PO_MAX } from './reference-po';

export { isReferenceCustomerType, REFERENCE_PO_MAX };

/**
 * The limits and messages of the order's fields (spec section 5), shared by the order body
 * schema, the imports and the other domain schemas that read a name, an email or a code.
 */

export const NAME_MAX = 100;
export const EMAIL_MIN = 6;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const PRODUCT_CODE_MAX = 64;
/** Far above any real order line, far below the database's integer limit even times units per case. */
export const MAX_QUANTITY = 99_999;
export const MAX_ORDER_LINES = 1000;

// The spec's message templates (section 5), so that a field the spec does not list reads the same.
export const requiredMessage = (field: string) => `${field} is required`;
export const invalidMessage = (field: string) => `Invalid ${field}`;
export const validNumberMessage = (field: string) => `Valid ${field} number is required`;
export const maxLengthMessage = (field: string, max: number) =>
  `Length of ${field} must be less than or equal to ${max}`;

export const messages = {
  deliveryDateRequired: deliveryDateMessages.required,
  deliveryDateLeadTime: deliveryDateMessages.leadTime,
  deliveryDateFormat: deliveryDateMessages.format,
  nameRequired: requiredMessage('Name'),
  nameTooLong: maxLengthMessage('Name', NAME_MAX),
  phoneInvalid: validNumberMessage('Phone'),
  emailRequired: requiredMessage('Email'),
  emailInvalid: invalidMessage('Email'),
  referencePoRequired: requiredMessage('Reference PO'),
  referencePoTooLong: maxLengthMessage('Reference PO', REFERENCE_PO_MAX),
  referencePoInvalid: invalidMessage('Reference PO'),
  productCodeRequired: requiredMessage('Product Code'),
  productCodeTooLong: maxLengthMessage('Product Code', PRODUCT_CODE_MAX),
  quantityInvalid: 'Quantity must be a number',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityTooLarge: `Quantity must be less than or equal to ${MAX_QUANTITY}`,
  linesInvalid: 'ProductQuantities must be a list of products',
  tooManyLines: `An order can list at most ${MAX_ORDER_LINES} products`,
  orderInvalid: 'The order must be an object with DeliveryDate, Name, Phone, Email and ProductQuantities',
  noProducts: 'Order must contain at least one product with a quantity',
  unknownProduct: (code: string) => `Product ${code} is not available to order`,
  duplicateProduct: (code: string) => `Product ${code} is listed more than once`,
} as const;

/** 'Email is required' when empty, else 'Invalid Email' unless it is a well-formed address of 6-254 characters. */
export function emailError(email: string): string | null {
  if (email === '') return messages.emailRequired;
  const localLength = email.lastIndexOf('@');
  const wellFormed =
    email.length >= EMAIL_MIN &&
    email.length <= EMAIL_MAX &&
    localLength >= 1 &&
    localLength <= EMAIL_LOCAL_MAX &&
    z.regexes.email.test(email);
  return wellFormed ? null : messages.emailInvalid;
}
