/**
 * The one-time sign-in code (design.md 8.2, decision 068): 6 digits, good for 10 minutes and 5
 * tries, and used once. The server keeps a keyed hash, never the digits.
 */
export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_TRIES = 5;

export const personSignInMessages = {
  email: 'Enter your email address',
  code: 'Enter the 6-digit code from the mail',
  failed: 'Invalid or expired code',
  sharedOff: 'This customer signs in with personal accounts: use your email',
} as const;

/** The stored code as the server reads it. */
export interface StoredCode {
  expiresAt: Date;
  tries: number;
}

/**
 * Whether a stored code may be checked once more at `now`: not expired (10 minutes from when it
 * was sent, the last millisecond out) and with tries left. A used code is gone, so it is never here.
 */
export const codeCheckable = (code: StoredCode, now: Date): boolean =>
  now.getTime() < code.expiresAt.getTime() && code.tries < CODE_TRIES;

/** A code's digits as typed: spaces and dashes between them are allowed ("123 456"). */
export function normalizeCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** An email compared as one: trimmed and lower case (design.md 8.2: unique, case-insensitive). */
export const emailKey = (email: string) => email.trim().toLowerCase();
