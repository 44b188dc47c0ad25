/** The app's status texts, in a module without React (the login page uses them, decision 053). */
export const OFFLINE_TEXT = 'You are offline. Nothing can be sent until the connection is back.';
/** On the customer's ordering pages, where an order submitted offline waits (issue 39). */
export const OFFLINE_ORDER_TEXT =
  'You are offline. An order you submit waits on this device and goes when the connection is back.';

/** The offline bar's words for the page at `pathname`. */
export function offlineText(pathname: string): string {
  return /^\/(order|worksheet)(\/|$)/.test(pathname) ? OFFLINE_ORDER_TEXT : OFFLINE_TEXT;
}
export const UPDATE_TEXT = 'A new version of this site is ready.';
