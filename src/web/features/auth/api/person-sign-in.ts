import { useMutation } from '@tanstack/react-query';
import type { PersonSignedIn } from '../../../../domain/people.schema';
import { apiFetch } from '../../../lib/api-client';

/** POST SignIn/Code: mails a code; the answer is the same whether the email is known or not. */
export function useRequestCode() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<void>('SignIn/Code', { method: 'POST', body: { Email: email } }),
    meta: { authCall: true, errorDialog: false },
  });
}

/** POST SignIn/Person: the mailed code signs the person in. */
export function useSignInWithCode() {
  return useMutation({
    mutationFn: (body: { Email: string; Code: string }) =>
      apiFetch<PersonSignedIn>('SignIn/Person', { method: 'POST', body }),
    meta: { authCall: true, errorDialog: false },
  });
}

/** POST Invitation/Accept: the invitation's link signs the person in, once. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<PersonSignedIn>('Invitation/Accept', { method: 'POST', body: { Token: token } }),
    meta: { authCall: true, errorDialog: false },
  });
}

/** POST Session/Venue: the session moves to another of the person's venues. */
export function usePickVenue() {
  return useMutation({
    mutationFn: (customerId: number) =>
      apiFetch<unknown>('Session/Venue', { method: 'POST', body: { CustomerId: customerId } }),
  });
}

/**
 * Where a person goes once signed in: the venue picker when they have several, else `to`. A new
 * page load, so the pages and their data are drawn for the person and venue from the start.
 */
export function afterPersonSignIn(answer: PersonSignedIn, to: string) {
  const next = answer.Venues.length > 1 ? `/user/venue?returnTo=${encodeURIComponent(to)}` : to;
  window.location.replace(next);
}
