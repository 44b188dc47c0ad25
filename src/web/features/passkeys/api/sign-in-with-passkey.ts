import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import type { PersonSignedIn } from '../../../../domain/people.schema';
import { apiFetch } from '../../../lib/api-client';

/**
 * Signs in with a passkey: the server's options, the device's prompt (any passkey of this site,
 * so no email is asked), and POST SignIn/Passkey. The library is loaded on the tap: the login
 * page's scripts stay as small as they were.
 */
export async function signInWithPasskey(): Promise<PersonSignedIn> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiFetch<PublicKeyCredentialRequestOptionsJSON>('SignIn/Passkey/Options', { method: 'POST' }),
  ]);
  const response = await startAuthentication({ optionsJSON });
  return apiFetch<PersonSignedIn>('SignIn/Passkey', { method: 'POST', body: { Response: response } });
}

export function useSignInWithPasskey() {
  return useMutation({
    mutationFn: signInWithPasskey,
    meta: { authCall: true, errorDialog: false },
  });
}
