import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '../../../../domain/passkeys.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Adds a passkey: the server's options, the device's prompt, and POST Passkey with its answer.
 * @simplewebauthn/browser is loaded on the tap, alongside the options, not with the screen.
 */
export async function addPasskey(): Promise<Passkey> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiFetch<PublicKeyCredentialCreationOptionsJSON>('Passkey/Options', { method: 'POST' }),
  ]);
  const response = await startRegistration({ optionsJSON });
  return apiFetch<Passkey>('Passkey', { method: 'POST', body: { Response: response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // The dialog says what went wrong, in words (passkey-errors.ts).
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}
