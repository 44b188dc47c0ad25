import { passkeyMessages } from '../../../domain/passkeys';
import { isApiError } from '../../lib/api-client';

/**
 * What went wrong with a passkey, in words: the server's own message, or what the device's
 * prompt answered (@simplewebauthn/browser's WebAuthnError carries the browser's error name
 * and a code of its own).
 */
export function passkeyErrorMessage(error: unknown, ceremony: 'add' | 'signIn'): string {
  if (isApiError(error)) return error.ErrorMessage;
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return passkeyMessages.alreadyAdded;
  // Closed, timed out, or (on sign-in) no passkey of this site on the device: browsers give one
  // answer for all of these, so that a page cannot learn which passkeys a device holds.
  if (name === 'NotAllowedError' || name === 'AbortError') return passkeyMessages.cancelled;
  if (
    name === 'NotSupportedError' ||
    name === 'SecurityError' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG' ||
    message === 'WebAuthn is not supported in this browser'
  )
    return passkeyMessages.notSupported;
  return ceremony === 'add' ? passkeyMessages.addFailed : passkeyMessages.signInFailed;
}
