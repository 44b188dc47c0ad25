import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyMessages } from '../../../../domain/passkeys';
import type { PersonSignedIn } from '../../../../domain/people.schema';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { PasskeySignIn } from './passkey-sign-in';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const options = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  timeout: 300_000,
  userVerification: 'preferred',
};
const answer = {
  id: 'a2V5',
  rawId: 'a2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const venue = (CustomerId: number) => ({
  CustomerId,
  CompanyId: 1000 + CustomerId,
  Name: `Venue ${CustomerId}`,
  Role: 'Orderer' as const,
});
const signedIn = (venues: number[]): PersonSignedIn => ({
  Person: { Id: 7, Name: 'Pam Poe', Email: 'pam@example.com' },
  Venues: venues.map(venue),
});

let replace: ReturnType<typeof vi.fn>;
beforeEach(() => {
  replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace });
  // jsdom has no WebAuthn: a browser that has it.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  webauthn.startAuthentication.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const render = (path = '/user/login') =>
  renderRoutes([{ path: '/user/login', element: <PasskeySignIn /> }], path);
const tap = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

describe('Sign in with a passkey', () => {
  it('is not offered by a browser without WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    render();
    // The check runs as the page mounts (render's act has run it).
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it("asks the device with the server's options, sends its answer, and goes to the order home", async () => {
    webauthn.startAuthentication.mockResolvedValue(answer);
    const api = mockApi({
      'POST /api/v1/SignIn/Passkey/Options': [200, options],
      'POST /api/v1/SignIn/Passkey': [200, signedIn([1])],
    });
    render();
    await tap();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/order/home'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.posts().map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/SignIn/Passkey/Options', undefined],
      ['/api/v1/SignIn/Passkey', { Response: answer }],
    ]);
  });

  it('sends a person with several venues to pick one first, keeping where they were going', async () => {
    webauthn.startAuthentication.mockResolvedValue(answer);
    mockApi({
      'POST /api/v1/SignIn/Passkey/Options': [200, options],
      'POST /api/v1/SignIn/Passkey': [200, signedIn([1, 2])],
    });
    render('/user/login?returnTo=%2Forder%2Fhistory');
    await tap();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/user/venue?returnTo=%2Forder%2Fhistory'));
  });

  it('starts at once when a tap on it is what woke the login page (decision 063)', async () => {
    webauthn.startAuthentication.mockResolvedValue(answer);
    mockApi({
      'POST /api/v1/SignIn/Passkey/Options': [200, options],
      'POST /api/v1/SignIn/Passkey': [200, signedIn([1])],
    });
    document.documentElement.dataset.wakeAction = 'passkey';
    render();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/order/home'));
    expect(document.documentElement.dataset.wakeAction).toBeUndefined();
  });

  it('says nothing when a browser refuses the prompt that came long after the tap: the next tap works', async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    mockApi({
      'POST /api/v1/SignIn/Passkey/Options': [200, options],
      'POST /api/v1/SignIn/Passkey': [200, signedIn([1])],
    });
    document.documentElement.dataset.wakeAction = 'passkey';
    render();
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1));
    webauthn.startAuthentication.mockResolvedValue(answer);
    await tap();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/order/home'));
    expect(screen.queryByText(passkeyMessages.cancelled)).toBeNull();
  });

  it("says so in words when the prompt is closed, and gives the server's refusal", async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    mockApi({
      'POST /api/v1/SignIn/Passkey/Options': [200, options],
      'POST /api/v1/SignIn/Passkey': [401, { ErrorMessage: passkeyMessages.signInFailed }],
    });
    render();
    await tap();
    expect(await screen.findByText(passkeyMessages.cancelled)).toBeTruthy();
    webauthn.startAuthentication.mockResolvedValue(answer);
    await tap();
    expect(await screen.findByText(passkeyMessages.signInFailed)).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});
