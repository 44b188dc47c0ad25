import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VenuePerson } from '../../../../domain/people.schema';
import { peopleMessages } from '../../../../domain/people.schema';
import { DialogHost } from '../../../components/dialogs/dialog-host';
import { createQueryClient } from '../../../lib/query-client';
import { type ApiRoutes, mockApi } from '../../../test/mock-api';
import { expectToast } from '../../../test/toasts';
import { theme } from '../../../theme';
import { stubViewport } from '../../order/test/render-order';
import { PeoplePanel } from './people-panel';
import { SHARED_SIGN_IN_HELP } from './shared-sign-in-switch';

afterEach(() => vi.unstubAllGlobals());

const venue = {
  Id: 7,
  CompanyId: 1001,
  CustomerTypeId: 1,
  CustomerTypeName: 'Bars',
  Name: 'Blue Heron Tavern',
  Zipcode: 60601,
  IsActive: true,
  LicenseNumber: null,
  LicenseExpires: null,
  PaymentTerms: null,
  SharedSignIn: true,
  Products: [],
};
const ann: VenuePerson = { Id: 1, Name: 'Ann Lee', Email: 'ann@example.com', Role: 'Owner' };
const cy: VenuePerson = { Id: 2, Name: 'Cy Park', Email: 'cy@example.com', Role: 'Counter' };

/** The panel for customer 7, with the dialogs and toasts mounted, over a fake API keeping its list. */
function renderPanel(routes: ApiRoutes = {}, people: VenuePerson[] = [ann, cy], me: number | null = null) {
  let list = [...people];
  const api = mockApi({
    'GET /api/v1/Customer/7': [200, venue],
    'GET /api/v1/Customer/7/People': () => [200, list],
    'PUT /api/v1/Customer/7/People/2': ({ body }) => {
      list = list.map((p) => (p.Id === 2 ? { ...p, ...(body as object) } : p));
      return [204];
    },
    'DELETE /api/v1/Customer/7/People/2': () => {
      list = list.filter((p) => p.Id !== 2);
      return [204];
    },
    'PUT /api/v1/Customer/7/SharedSignIn': ({ body }) => [200, body],
    ...routes,
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <PeoplePanel
          customerId={7}
          venueName="Blue Heron Tavern"
          venueLabel="1001 Blue Heron Tavern"
          me={me}
        />
        <Notifications />
        <DialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...api,
    add: (p: VenuePerson) => {
      list = [...list, p];
    },
    writes: () => api.calls.filter((c) => c.method !== 'GET'),
  };
}

const people = () => screen.findByRole('table', { name: 'People' });
const row = async (name: string) => within(await people()).findByRole('row', { name: new RegExp(name) });
const inviteForm = () => screen.getByRole('form', { name: 'Invite' });
const field = (label: string) => within(inviteForm()).getByRole('textbox', { name: new RegExp(`^${label}`) });
/** The options of the select `combobox`, opened (each select has a listbox of its own). */
const openOptions = async (combobox: HTMLElement) => {
  fireEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  return within(listbox);
};
const pickRole = async (combobox: HTMLElement, role: string) => {
  const options = await openOptions(combobox);
  fireEvent.click(await options.findByRole('option', { name: new RegExp(`^${role}`), hidden: true }));
};

// The whole panel with dialogs and toasts: slow on a busy machine.
describe('the People panel (design.md 8.2)', { timeout: 20_000 }, () => {
  it("lists the venue's people with their roles, each role with its line of what it may do", async () => {
    renderPanel();
    const annRow = await row('Ann Lee');
    expect(within(annRow).getByText('ann@example.com')).toBeTruthy();
    const annRole = within(annRow).getByRole('combobox', { name: 'Role of Ann Lee' }) as HTMLInputElement;
    expect(annRole.value).toBe('Owner');
    const options = await (await openOptions(annRole)).findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual([
      'OwnerEverything, and manages people',
      'OrdererPlaces, changes and cancels orders',
      'CounterCounts and prepares the draft; cannot send',
    ]);
  });

  it('draws each person as a card on a phone, with their role and Remove', async () => {
    const undo = stubViewport(true);
    try {
      renderPanel();
      const list = await screen.findByRole('list', { name: 'People' });
      const cards = await within(list).findAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(within(cards[1]!).getByText('cy@example.com')).toBeTruthy();
      expect(within(cards[1]!).getByRole('combobox', { name: 'Role of Cy Park' })).toBeTruthy();
      expect(within(cards[1]!).getByRole('button', { name: 'Remove Cy Park' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      undo();
    }
  });

  it('invites: its own checks first, then the server’s field errors and 409 under their fields, then the notice', async () => {
    const answers: [number, unknown][] = [
      [
        422,
        {
          ErrorMessage: 'Email is not valid',
          Errors: [{ Field: 'Email', Message: 'Email is not valid' }],
        },
      ],
      [409, { ErrorMessage: peopleMessages.alreadyThere('cy@example.com') }],
    ];
    const api = renderPanel({
      'POST /api/v1/Customer/7/People': ({ body }) => {
        const next = answers.shift();
        if (next) return next;
        const person = { Id: 3, ...(body as Omit<VenuePerson, 'Id'>) };
        api.add(person);
        return [201, person];
      },
    });
    await people();
    const invite = () => fireEvent.click(within(inviteForm()).getByRole('button', { name: 'Invite' }));

    // Nothing typed: the schema's messages, and no call.
    invite();
    expect(await within(inviteForm()).findByText('Name is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    fireEvent.change(field('Name'), { target: { value: 'Di Ross' } });
    fireEvent.change(field('Email'), { target: { value: 'di@example.com' } });
    await pickRole(within(inviteForm()).getByRole('combobox', { name: /^Role/ }), 'Counter');
    expect(within(inviteForm()).getByText('Counts and prepares the draft; cannot send')).toBeTruthy();

    // The server's 422: under Email.
    invite();
    const email = field('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(inviteForm()).getByText('Email is not valid')).toBeTruthy();
    // 409: they already have access, said under Email too.
    invite();
    expect(
      await within(inviteForm()).findByText('cy@example.com already has access to this venue'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    invite();
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'We mailed di@example.com a sign-in link',
      ),
    );
    expect(api.writes().at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/Customer/7/People',
      body: { Name: 'Di Ross', Email: 'di@example.com', Role: 'Counter' },
    });
    // The list has them, and the form is empty for the next.
    const di = await row('Di Ross');
    expect((within(di).getByRole('combobox', { name: 'Role of Di Ross' }) as HTMLInputElement).value).toBe(
      'Counter',
    );
    expect((field('Name') as HTMLInputElement).value).toBe('');
  });

  it('changes a role at once, and shows the server’s 409 in the error dialog, the role as it was', async () => {
    const api = renderPanel({
      'PUT /api/v1/Customer/7/People/1': [409, { ErrorMessage: peopleMessages.lastOwner }],
    });
    await pickRole(
      within(await row('Cy Park')).getByRole('combobox', { name: 'Role of Cy Park' }),
      'Orderer',
    );
    await expectToast('Cy Park is now Orderer');
    expect(api.writes()).toEqual([
      { method: 'PUT', url: '/api/v1/Customer/7/People/2', body: { Role: 'Orderer' } },
    ]);
    const cyRole = within(await row('Cy Park')).getByRole('combobox', { name: 'Role of Cy Park' });
    expect((cyRole as HTMLInputElement).value).toBe('Orderer');

    const annRole = within(await row('Ann Lee')).getByRole('combobox', { name: 'Role of Ann Lee' });
    await pickRole(annRole, 'Counter');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(peopleMessages.lastOwner)).toBeTruthy();
    await waitFor(() => expect((annRole as HTMLInputElement).value).toBe('Owner'));
  });

  it('asks an Owner before they give up their own Owner role; Cancel changes nothing', async () => {
    const api = renderPanel({ 'PUT /api/v1/Customer/7/People/1': [204] }, [ann, cy], ann.Id);
    const annRole = within(await row('Ann Lee')).getByRole('combobox', { name: 'Role of Ann Lee' });
    expect(within(await row('Ann Lee')).getByText('You')).toBeTruthy();
    await pickRole(annRole, 'Orderer');
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'As Orderer you will no longer manage the people of Blue Heron Tavern. Change your role?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    expect((annRole as HTMLInputElement).value).toBe('Owner');

    await pickRole(annRole, 'Orderer');
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make me Orderer' }));
    await expectToast('Ann Lee is now Orderer');
    expect(api.writes()).toEqual([
      { method: 'PUT', url: '/api/v1/Customer/7/People/1', body: { Role: 'Orderer' } },
    ]);
    // Staff (or another Owner) change Cy's role without asking: it is not their own.
    await pickRole(
      within(await row('Cy Park')).getByRole('combobox', { name: 'Role of Cy Park' }),
      'Orderer',
    );
    await expectToast('Cy Park is now Orderer');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toHaveLength(2);
  });

  it('removes a person only once Remove is confirmed', async () => {
    const api = renderPanel();
    fireEvent.click(within(await row('Cy Park')).getByRole('button', { name: 'Remove Cy Park' }));
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Remove Cy Park \(cy@example.com\) from Blue Heron Tavern\?/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);

    fireEvent.click(within(await row('Cy Park')).getByRole('button', { name: 'Remove Cy Park' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Cy Park removed');
    expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/v1/Customer/7/People/2', body: undefined }]);
    await waitFor(async () =>
      expect(within(await people()).queryByRole('row', { name: /Cy Park/ })).toBeNull(),
    );
  });

  it('turns the shared sign-in off only once confirmed, and on again at once', async () => {
    const api = renderPanel();
    const toggle = (await screen.findByRole('switch', { name: /Shared sign-in/ })) as HTMLInputElement;
    expect(screen.getByText(SHARED_SIGN_IN_HELP)).toBeTruthy();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1001 Blue Heron Tavern/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle.checked).toBe(true);
    expect(api.writes()).toEqual([]);

    fireEvent.click(toggle);
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await expectToast('Shared sign-in off for 1001 Blue Heron Tavern');
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    await expectToast('Shared sign-in on for 1001 Blue Heron Tavern');
    expect(toggle.checked).toBe(true);
    // No question this way (the last dialog's close has ended).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().map((c) => c.body)).toEqual([{ SharedSignIn: false }, { SharedSignIn: true }]);
  });

  it('warns, before turning the shared sign-in off, that nobody has their own sign-in yet', async () => {
    renderPanel({}, []);
    expect(await screen.findByText(/Nobody has their own sign-in here yet/)).toBeTruthy();
    const toggle = (await screen.findByRole('switch', { name: /Shared sign-in/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/until you invite someone, nobody can sign in for it/)).toBeTruthy();
  });
});
