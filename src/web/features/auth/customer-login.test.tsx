import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerLoginMessages, tooManyAttemptsMessage } from '../../../domain/login-rules';
import { mockFetch, renderRoutes } from '../../test/render';
import { Component as CustomerLogin } from './customer-login.route';

function renderLogin(path = '/user/login') {
  return renderRoutes(
    [
      { path: '/user/login', Component: CustomerLogin },
      { path: '/order/home', element: <p>Order home</p> },
      { path: '/order/history', element: <p>Order history</p> },
    ],
    path,
  );
}

const customerNumber = () => screen.getByLabelText(/Customer Number/) as HTMLInputElement;
const zipCode = () => screen.getByLabelText(/Zip Code/) as HTMLInputElement;
const login = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer login', () => {
  it('shows both required messages when submitted empty, without calling the API', async () => {
    const fetchMock = mockFetch(200, {});
    renderLogin();
    login();
    expect(await screen.findByText(customerLoginMessages.companyId)).toBeTruthy();
    expect(screen.getByText(customerLoginMessages.zipcode)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('masks Customer Number to 4 digits and Zip Code to 5 digits', () => {
    renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '1a0-0156' } });
    expect(customerNumber().value).toBe('1001');
    fireEvent.change(zipCode(), { target: { value: '60 601-1234' } });
    expect(zipCode().value).toBe('60601');
    fireEvent.change(zipCode(), { target: { value: 'abc' } });
    expect(zipCode().value).toBe('');
  });

  it('rejects a zip code of 0', async () => {
    renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '1001' } });
    fireEvent.change(zipCode(), { target: { value: '00000' } });
    login();
    expect(await screen.findByText(customerLoginMessages.zipcode)).toBeTruthy();
    expect(screen.queryByText(customerLoginMessages.companyId)).toBeNull();
  });

  it('gives the field messages for a 3-digit customer number or a 4-digit zip, without calling the API', async () => {
    const fetchMock = mockFetch(200, {});
    renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '100' } });
    fireEvent.change(zipCode(), { target: { value: '6060' } });
    login();
    expect(await screen.findByText(customerLoginMessages.companyId)).toBeTruthy();
    expect(screen.getByText(customerLoginMessages.zipcode)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with numbers and goes to the order home', async () => {
    const fetchMock = mockFetch(200, {
      Id: 1,
      CompanyId: 1001,
      CustomerTypeId: 1,
      Name: 'Demo',
      Zipcode: 60601,
      IsActive: true,
    });
    const { router } = renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '1001' } });
    fireEvent.change(zipCode(), { target: { value: '60601' } });
    login();
    expect(await screen.findByText('Order home')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/Authenticate');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ CompanyId: 1001, Zipcode: 60601 });
    expect(router.state.location.pathname).toBe('/order/home');
  });

  it('returns to the page the guard came from, but never off-site', async () => {
    mockFetch(200, { Id: 1, CompanyId: 1001, CustomerTypeId: 1, Name: 'D', Zipcode: 60601, IsActive: true });
    const { router } = renderLogin('/user/login?returnTo=%2Forder%2Fhistory');
    fireEvent.change(customerNumber(), { target: { value: '1001' } });
    fireEvent.change(zipCode(), { target: { value: '60601' } });
    login();
    expect(await screen.findByText('Order history')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/history');
  });

  it('shows the spec toast on 401', async () => {
    mockFetch(401, { ErrorMessage: 'Invalid Customer Number and/or Zip Code' });
    renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '1234' } });
    fireEvent.change(zipCode(), { target: { value: '12345' } });
    login();
    expect(await screen.findByText(customerLoginMessages.failed)).toBeTruthy();
    expect(screen.queryByText('Order home')).toBeNull();
  });

  it("shows the server's message on 429", async () => {
    mockFetch(429, { ErrorMessage: tooManyAttemptsMessage });
    renderLogin();
    fireEvent.change(customerNumber(), { target: { value: '1234' } });
    fireEvent.change(zipCode(), { target: { value: '12345' } });
    login();
    await waitFor(() => expect(screen.getByText(tooManyAttemptsMessage)).toBeTruthy());
  });
});
