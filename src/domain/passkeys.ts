/**
 * Passkeys (design.md 8.2, decision 069): a person signed in by their mailed code may add one
 * (WebAuthn) and then sign in with it, without typing their email. Apart from the API's schemas
 * (passkeys.schema.ts), so the login page takes these words without zod.
 */

/** How long a challenge of the options calls may be answered: the browser's prompt waits as long. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

export const passkeyMessages = {
  /** Every failed passkey sign-in, whatever failed: the answer tells an attacker nothing. */
  signInFailed: 'This passkey could not sign you in: sign in with your email',
  addFailed: 'This passkey could not be added: try again',
  /** The shared sign-in and staff: passkeys belong to people (decision 069). */
  peopleOnly: 'Passkeys are for people who sign in with their own email',
  // The browser's side, in words (the prompt's own errors).
  cancelled: 'The passkey prompt was closed or timed out: nothing was changed',
  notSupported: 'This browser cannot use a passkey here: sign in with your email',
  alreadyAdded: 'This device already holds a passkey for you',
} as const;
