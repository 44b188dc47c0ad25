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

  it("takes a gateway's error, or a 5xx without the API's JSON, as no answer from the API", async () => {
    const failWith = async (status: number, body: string, type: string) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } })),
      );
      return (await apiFetch('Order', { body: {} }).catch((e) => e)) as ApiError;
    };
    const nginx =
      '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    expect((await failWith(502, nginx, 'text/html')).unanswered).toBe(true);
    expect((await failWith(504, nginx, 'text/html')).unanswered).toBe(true);
    expect((await failWith(500, nginx, 'text/html')).unanswered).toBe(true);
    // The API's own 503 (its database out of reach) still may have committed before it lost it.
    expect((await failWith(503, '{"ErrorMessage":"Unavailable"}', 'application/json')).unanswered).toBe(true);
    // The API's own answers: the request was carried out or refused, and that is known.
    const own500 = await failWith(
      500,
      '{"ErrorMessage":"Something went wrong (reference x)"}',
      'application/json',
    );
    expect(own500.unanswered).toBe(false);
    expect((await failWith(422, '{"ErrorMessage":"Bad"}', 'application/json')).unanswered).toBe(false);
  });

  it('uses the no-connection message for a 5xx without a body', async () => {
    mockFetch(502);
    const error = (await apiFetch('Session').catch((e) => e)) as ApiError;
    expect(error.title).toBe('Server Error');
    expect(error.ErrorMessage).toBe(NO_CONNECTION_MESSAGE);
  });
});
