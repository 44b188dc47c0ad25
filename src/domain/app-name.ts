/** The product's name: the login pages and the browser tab, and the site a passkey names (decision 069). */
export const APP_NAME = 'Beverage Ordering';
