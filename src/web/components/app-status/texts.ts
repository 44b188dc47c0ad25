/** The app's status texts, in a module without React (the login page uses them, decision 053). */
export const OFFLINE_TEXT = 'You are offline. Nothing can be sent until the connection is back.';
export const UPDATE_TEXT = 'A new version of this site is ready.';
