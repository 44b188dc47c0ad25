import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../domain/auth.schema';
import { passkeyMessages } from '../../../../domain/passkeys';
import type { Passkey } from '../../../../domain/passkeys.schema';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { DevicesDialog } from '../../auth/components/devices-dialog';

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const customer = {
  Id: 1,
  CompanyId: 1001,
  CustomerTypeId: 1,
  Name: 'Blue Heron Tavern',
  Zipcode: 60601,
  IsActive: true,
};
const venue = { CustomerId: 1, CompanyId: 1001, Name: 'Blue Heron Tavern', Role: 'Orderer' as const };
const personSession: Session = {
  Role: 'customer',
  Customer: customer,
  User: null,
  Person: { Id: 7, Name: 'Pam Poe', Email: 'pam@example.com' },
  VenueRole: 'Orderer',
  Venues: [venue],
};
const sharedSession: Session = { ...personSession, Person: null, Venues: [] };
const device = { Id: 's1', Device: 'Chrome on Android', LastSeen: '2026-11-25T16:00:00.000Z', Current: true };
const phone: Passkey = {
  Id: 'cGhvbmU',
  Device: 'Chrome on Android',
  CreatedAt: '2026-11-20T15:30:00.000Z',
  LastUsed: '2026-11-25T16:05:00.000Z',
};
const laptop: Passkey = {
  Id: 'bGFwdG9w',
  Device: 'Safari on Mac',
  CreatedAt: '2026-11-25T16:10:00.000Z',
  LastUsed: null,
};
const options = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Beverage Ordering', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'pam@example.com', displayName: 'Pam Poe' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const made = {
  id: 'bGFwdG9w',
  rawId: 'bGFwdG9w',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

beforeEach(() => webauthn.startRegistration.mockReset());

function renderDialog(session: Session, passkeys: Passkey[]) {
  const api = mockApi({
    'GET /api/v1/Session': [200, session],
    'GET /api/v1/Sessions': [200, [device]],
    'GET /api/v1/Passkeys': () => [200, passkeys],
    'POST /api/v1/Passkey/Options': [200, options],
    'POST /api/v1/Passkey': () => {
      passkeys = [...passkeys, laptop];
      return [201, laptop];
    },
    [`DELETE /api/v1/Passkey/${phone.Id}`]: () => {
      passkeys = passkeys.filter((p) => p.Id !== phone.Id);
      return [204];
    },
  });
  renderRoutes(
    [{ path: '/', element: <DevicesDialog opened onClose={() => {}} signedOutTo="/user/login" /> }],
    '/',
  );
  return api;
}
const passkeyList = async () => within(await screen.findByRole('list', { name: 'Passkeys' }));
const addPasskey = () => fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));

describe("a person's passkeys in Signed-in Devices", () => {
  it('lists each with its device, when it was added and last used, and removes one', async () => {
    const api = renderDialog(personSession, [phone, laptop]);
    const list = await passkeyList();
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(2));
    expect(list.getByText('Added 11/20/2026 09:30 AM')).toBeTruthy();
    expect(list.getByText('Last used 11/25/2026 10:05 AM')).toBeTruthy();
    expect(list.getByText('Not used yet')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Remove the passkey of Chrome on Android' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url === `/api/v1/Passkey/${phone.Id}`)).toBe(
      true,
    );
    expect(list.getByText('Safari on Mac')).toBeTruthy();
  });

  it("adds one with the server's options and the device's answer", async () => {
    webauthn.startRegistration.mockResolvedValue(made);
    const api = renderDialog(personSession, []);
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    addPasskey();
    const list = await passkeyList();
    expect(await list.findByText('Safari on Mac')).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(api.posts().map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/Passkey/Options', undefined],
      ['/api/v1/Passkey', { Response: made }],
    ]);
  });

  it('says in words why one was not added: closed, already there, or no passkeys in this browser', async () => {
    renderDialog(personSession, []);
    await screen.findByText('You have no passkeys yet.');
    const failures: [Error, string][] = [
      [
        Object.assign(new Error('The operation either timed out or was not allowed.'), {
          name: 'NotAllowedError',
        }),
        passkeyMessages.cancelled,
      ],
      [
        Object.assign(new Error('The authenticator was previously registered'), {
          name: 'InvalidStateError',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        }),
        passkeyMessages.alreadyAdded,
      ],
      [new Error('WebAuthn is not supported in this browser'), passkeyMessages.notSupported],
    ];
    for (const [error, words] of failures) {
      webauthn.startRegistration.mockRejectedValueOnce(error);
      addPasskey();
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', words);
    }
  });

  it('is not there for the shared sign-in, which has no passkeys', async () => {
    const api = renderDialog(sharedSession, [phone]);
    expect(await screen.findByText('Chrome on Android')).toBeTruthy();
    expect(screen.queryByText('Passkeys')).toBeNull();
    expect(api.calls.some((c) => c.url === '/api/v1/Passkeys')).toBe(false);
  });
});
