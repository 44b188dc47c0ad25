import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userMessages } from '../../../domain/user.schema';
import { userNameMessages } from '../../../domain/user-name';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { expectToast } from '../../test/toasts';
import { UserForm } from './components/user-form';

afterEach(() => vi.unstubAllGlobals());

const pat = {
  Id: 5,
  Name: 'Pat Lee',
  UserName: 'pat',
  Company: 'Acme',
  Email: 'pat@example.com',
  Phone: '3125550142',
  Fax: '',
  IsActive: true,
};

function renderForm(id: number, post: [number, unknown] = [201, pat], isSelf = false) {
  const api = mockApi({ 'POST /api/v1/User': post });
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <UserForm
            id={id}
            user={id ? pat : undefined}
            isSelf={isSelf}
            onSaved={onSaved}
            onCancel={() => {}}
          />
        ),
      },
    ],
    '/',
  );
  return { api, onSaved };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('user form', () => {
  it('needs a user name and a password for a new user', async () => {
    const { api } = renderForm(0);
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    save();
    expect(await screen.findByText('User Name is required')).toBeTruthy();
    expect(screen.getByText(userMessages.passwordRequired)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('refuses a user name that reads as another before anything is sent (issue 33)', async () => {
    const { api } = renderForm(0);
    type(/^User Name/, '\u0430dmin');
    type(/^Password/, 'correct horse');
    save();
    expect(await screen.findByText(userNameMessages.mixedScripts)).toBeTruthy();
    type(/^User Name/, 'admin\u200b');
    save();
    expect(await screen.findByText(userNameMessages.invisible)).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('checks password length, email and the phone mask', async () => {
    const { api } = renderForm(0);
    type(/User Name/, 'sam');
    type(/^Password/, 'short');
    type(/Email/, 'not-an-email');
    type(/Phone/, '(312) 555-01');
    expect(field(/Phone/).value).toBe('31255501');
    save();
    expect(await screen.findByText(userMessages.passwordTooShort)).toBeTruthy();
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    expect(screen.getByText('Valid Phone number is required')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('creates a user and shows a taken user name under the field', async () => {
    const { api, onSaved } = renderForm(0, [409, { ErrorMessage: userMessages.userNameTaken }]);
    type(/Name$/, 'Sam Park');
    type(/User Name/, 'admin');
    type(/^Password/, 'long-enough-pass');
    type(/Phone/, '3125550199');
    save();
    expect(await screen.findByText(userMessages.userNameTaken)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText(/saved$/)).toBeNull();
    expect(api.posts()[0]!.body).toEqual({
      Id: 0,
      Name: 'Sam Park',
      UserName: 'admin',
      Password: 'long-enough-pass',
      Company: '',
      Email: '',
      Phone: '3125550199',
      Fax: '',
      IsActive: true,
    });
  });

  it('edits without showing or requiring a password; a New Password resets it', async () => {
    const { api, onSaved } = renderForm(5, [200, pat]);
    const password = field(/New Password/);
    expect(password.value).toBe('');
    expect(field(/User Name/).value).toBe('pat');
    save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    await expectToast('User pat saved');
    expect(api.posts()[0]!.body).toMatchObject({ Id: 5, UserName: 'pat', Password: null });

    type(/New Password/, 'a-new-password');
    save();
    await vi.waitFor(() => expect(api.posts()).toHaveLength(2));
    expect(api.posts()[1]!.body).toMatchObject({ Id: 5, Password: 'a-new-password' });
  });

  it('does not let admins deactivate themselves', () => {
    renderForm(5, [200, pat], true);
    const active = screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement;
    expect(active.disabled).toBe(true);
    expect(screen.getByText(userMessages.cannotDeactivateSelf)).toBeTruthy();
  });
});
