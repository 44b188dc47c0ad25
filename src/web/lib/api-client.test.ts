import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { ApiError, apiFetch, apiUrl } from './api-client';
import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from './messages';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('prefixes API paths and leaves absolute ones alone', () => {
    expect(apiUrl('Session')).toBe('/api/v1/Session');
    expect(apiUrl('/api/CustomerImport')).toBe('/api/CustomerImport');
  });

  it('returns the JSON body and sends the session cookie', async () => {
    const fetchMock = mockFetch(200, { Footer: '<p>x</p>' });
    await expect(apiFetch('Footer')).resolves.toEqual({ Footer: '<p>x</p>' });
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('same-origin');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('returns undefined for 204', async () => {
    mockFetch(204);
    await expect(apiFetch('Logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws ApiError with the server body', async () => {
    mockFetch(422, { ErrorMessage: 'Bad', Errors: [{ Field: 'Zipcode', Message: 'Zip Code is required' }] });
    const error = (await apiFetch('Authenticate', { body: {} }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.Status).toBe(422);
    expect(error.ErrorMessage).toBe('Bad');
    expect(error.Errors).toEqual([{ Field: 'Zipcode', Message: 'Zip Code is required' }]);
    expect(error.title).toBe('Validation Error');
  });

  it('turns a request without an answer into the no-connection error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await apiFetch('Session').catch((e) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.title).toBe(NO_CONNECTION_TITLE);
    expect(error.ErrorMessage).toBe(NO_CONNECTION_MESSAGE);
  });

  it('uses the no-connection message for a 5xx without a body', async () => {
    mockFetch(502);
    const error = (await apiFetch('Session').catch((e) => e)) as ApiError;
    expect(error.title).toBe('Server Error');
    expect(error.ErrorMessage).toBe(NO_CONNECTION_MESSAGE);
  });
});
