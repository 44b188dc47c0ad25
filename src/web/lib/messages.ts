/** Spec section 8: the product's message pair for a call that got no answer. */
export const NO_CONNECTION_TITLE = 'Internet Connection Required';
export const NO_CONNECTION_MESSAGE =
  'Your request could not be completed at this time. Please try again and if the error persists contact support.';

export const PLEASE_WAIT = 'Please wait...';
