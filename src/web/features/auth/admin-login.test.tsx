import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminLoginMessages } from '../../../domain/login-rules';
import { mockFetch, renderRoutes } from '../../test/render';
import { Component as AdminLogin } from './admin-login.route';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/maint/login', Component: AdminLogin },
      { path: '/maint/home', element: <p>Maint home</p> },
    ],
    '/maint/login',
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Admin Login' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin login', () => {
  it('shows both required messages when submitted empty', async () => {
    const fetchMock = mockFetch(200, {});
    renderLogin();
    submit();
    expect(await screen.findByText(adminLoginMessages.user)).toBeTruthy();
    expect(screen.getByText(adminLoginMessages.password)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a blank user name as missing', async () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText(/User Name/), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    submit();
    expect(await screen.findByText(adminLoginMessages.user)).toBeTruthy();
    expect(screen.queryByText(adminLoginMessages.password)).toBeNull();
  });

  it('shows the spec toast on 401', async () => {
    mockFetch(401, { ErrorMessage: 'Invalid User Name or Password' });
    renderLogin();
    fireEvent.change(screen.getByLabelText(/User Name/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong' } });
    submit();
    expect(await screen.findByText(adminLoginMessages.failed)).toBeTruthy();
  });

  it('signs in and goes to the maintenance home', async () => {
    const fetchMock = mockFetch(200, {
      Id: 1,
      Name: 'Admin',
      UserName: 'admin',
      Company: '',
      Email: '',
      Phone: '',
      Fax: '',
      IsActive: true,
    });
    renderLogin();
    fireEvent.change(screen.getByLabelText(/User Name/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'demo-admin-pass' } });
    submit();
    expect(await screen.findByText('Maint home')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/Maint/Authenticate');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      User: 'admin',
      Password: 'demo-admin-pass',
    });
  });
});
