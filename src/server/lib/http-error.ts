/** A failure the caller can act on, sent as `{ ErrorMessage, Errors }` with its status (design.md section 2). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { Field: string; Message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what = 'The requested record') => new HttpError(404, `${what} was not found`);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: { Field: string; Message: string }[]) =>
  new HttpError(422, message, errors);
