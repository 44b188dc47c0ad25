import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerLoginMessages, tooManyAttemptsMessage } from '../../domain/login-rules';
import indexHtml from '../index.html?raw';
import { NO_CONNECTION_MESSAGE } from '../lib/messages';
import { mockFetch } from '../test/render';
import { signedInTarget, startCustomerLoginPage } from './customer-login-page';
import { stopPageStatus } from './page-status';

const customer = { Id: 1, CompanyId: 1001, CustomerTypeId: 1, Name: 'Demo', Zipcode: 60601, IsActive: true };

/** index.html's login page in the document, made to work, with `onSignedIn` recording where it went. */
function openLoginPage(address = '/user/login') {
  window.history.replaceState(null, '', address);
  const page = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('login-page');
  if (!page) throw new Error('index.html has no login page');
  document.body.append(page);
  const onSignedIn = vi.fn();
  startCustomerLoginPage(onSignedIn);
  return onSignedIn;
}

const customerNumber = () => screen.getByLabelText(/Customer Number/) as HTMLInputElement;
const zipCode = () => screen.getByLabelText(/Zip Code/) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.input(input, { target: { value } });
const login = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  stopPageStatus();
  document.getElementById('login-page')?.remove();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the customer login page without React', () => {
  it('shows both required messages, tied to their fields, when submitted empty, without calling the API', () => {
    const fetchMock = mockFetch(200, customer);
    openLoginPage();
    login();
    expect(screen.getByText(customerLoginMessages.companyId)).toBeTruthy();
    expect(screen.getByText(customerLoginMessages.zipcode)).toBeTruthy();
    expect(customerNumber().getAttribute('aria-invalid')).toBe('true');
    expect(customerNumber().getAttribute('aria-describedby')).toBe('lp-number-error');
    expect(fetchMock).not.toHaveBeenCalled();
    // Typing clears the field's message.
    type(customerNumber(), '1');
    expect(screen.queryByText(customerLoginMessages.companyId)).toBeNull();
    expect(customerNumber().hasAttribute('aria-invalid')).toBe(false);
  });

  it('masks Customer Number to 4 digits and Zip Code to 5 digits', () => {
    openLoginPage();
    type(customerNumber(), '1a0-0156');
    expect(customerNumber().value).toBe('1001');
    type(zipCode(), '60 601-1234');
    expect(zipCode().value).toBe('60601');
  });

  it('gives the field messages for a 3-digit number or a zip of 0, without calling the API', () => {
    const fetchMock = mockFetch(200, customer);
    openLoginPage();
    type(customerNumber(), '100');
    type(zipCode(), '00000');
    login();
    expect(screen.getByText(customerLoginMessages.companyId)).toBeTruthy();
    expect(screen.getByText(customerLoginMessages.zipcode)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with numbers and goes to the order home', async () => {
    const fetchMock = mockFetch(200, customer);
    const onSignedIn = openLoginPage();
    type(customerNumber(), '1001');
    type(zipCode(), '60601');
    login();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/order/home', customer));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/Authenticate');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ CompanyId: 1001, Zipcode: 60601 });
  });

  it('returns to the customer page the guard came from, never off-site or to the maintenance site', async () => {
    mockFetch(200, customer);
    const onSignedIn = openLoginPage('/user/login?returnTo=%2Forder%2Fhistory');
    type(customerNumber(), '1001');
    type(zipCode(), '60601');
    login();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/order/history', customer));
    expect(signedInTarget('?returnTo=%2F%2Fevil.example')).toBe('/order/home');
    expect(signedInTarget('?returnTo=%2Fmaint%2Fhome')).toBe('/order/home');
    expect(signedInTarget('?returnTo=%2Forder%2Fform%2F0%3Fcopy%3D7')).toBe('/order/form/0?copy=7');
  });

  it("shows the spec's toast on 401 for 4 seconds, and the next failure replaces it", async () => {
    mockFetch(401, { ErrorMessage: 'Invalid Customer Number and/or Zip Code' });
    const onSignedIn = openLoginPage();
    type(customerNumber(), '1234');
    type(zipCode(), '12345');
    login();
    expect((await screen.findByRole('alert')).textContent).toBe(customerLoginMessages.failed);
    login();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(4100);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's message on 429, and the no-connection message when there is no answer", async () => {
    mockFetch(429, { ErrorMessage: tooManyAttemptsMessage });
    openLoginPage();
    type(customerNumber(), '1234');
    type(zipCode(), '12345');
    login();
    expect((await screen.findByRole('alert')).textContent).toBe(tooManyAttemptsMessage);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    login();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NO_CONNECTION_MESSAGE));
  });
});
