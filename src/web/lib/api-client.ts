import { NO_CONNECTION_MESSAGE, NO_CONNECTION_TITLE } from './messages';

/** The API root (design.md section 2: `/api/{provider}` is `/api/v1`). */
export const API_ROOT = '/api/v1';

export interface FieldError {
  Field: string;
  Message: string;
}

/** HTTP status to the short name shown as an error dialog's title (spec section 8: "titled with the error name"). */
const statusTitles: Record<number, string> = {
  0: NO_CONNECTION_TITLE,
  400: 'Bad Request',
  401: 'Not Signed In',
  403: 'Not Allowed',
  404: 'Not Found',
  409: 'Conflict',
  413: 'File Too Large',
  422: 'Validation Error',
  429: 'Too Many Attempts',
};

/**
 * Every failed call, including one that got no answer at all (`Status` 0): the server's error
 * body is `{ ErrorMessage, Errors? }` (design.md section 2).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly Status: number;
  readonly ErrorMessage: string;
  readonly Errors: FieldError[];
  /** The whole error answer, for calls whose errors carry more than the message (POST Order). */
  readonly Body: unknown;

  constructor(status: number, errorMessage: string, errors: FieldError[] = [], body?: unknown) {
    super(errorMessage);
    this.Status = status;
    this.ErrorMessage = errorMessage;
    this.Errors = errors;
    this.Body = body;
  }

  /** True when the request never got an answer (offline, DNS, server down). */
  get isNetworkError(): boolean {
    return this.Status === 0;
  }

  /**
   * True when the API itself gave no answer, so the request may or may not have been carried
   * out: no connection, or a proxy's or gateway's error in the API's place (502, 503 or 504, or
   * any 5xx without the API's JSON: nginx's page when a process dies mid-request, issue 44).
   */
  get unanswered(): boolean {
    if (this.Status === 0 || this.Status === 502 || this.Status === 503 || this.Status === 504) return true;
    const body = this.Body as { ErrorMessage?: unknown } | undefined;
    return this.Status >= 500 && typeof body?.ErrorMessage !== 'string';
  }

  /** The dialog title for this error. */
  get title(): string {
    return statusTitles[this.Status] ?? (this.Status >= 500 ? 'Server Error' : 'Error');
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.Status === status);
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; `FormData` as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Outlives the page (a save as it is hidden or left): at most 64 kB of body in all, the browser's limit. */
  keepalive?: boolean;
}

/** `Session` → `/api/v1/Session`; a path starting with `/` (the uploads under `/api`) is used as is. */
export function apiUrl(path: string): string {
  return path.startsWith('/') ? path : `${API_ROOT}/${path}`;
}

/**
 * Calls the API and returns the parsed JSON body (undefined for 204). Throws `ApiError` for any
 * non-2xx answer and for a request that got no answer (`Status` 0, the no-connection message).
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NO_CONNECTION_MESSAGE);
  }

  if (response.status === 204) return undefined as T;
  const data = await readJson(response);
  if (response.ok) return data as T;

  const error = (data ?? {}) as { ErrorMessage?: unknown; Errors?: unknown };
  const message =
    typeof error.ErrorMessage === 'string' && error.ErrorMessage !== ''
      ? error.ErrorMessage
      : response.status >= 500 || response.status === 0
        ? NO_CONNECTION_MESSAGE
        : response.statusText || `Request failed (${response.status})`;
  const errors = Array.isArray(error.Errors) ? (error.Errors as FieldError[]) : [];
  throw new ApiError(response.status, message, errors, data);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page or similar: no usable body.
    return undefined;
  }
}
