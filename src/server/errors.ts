/** An error with an HTTP status whose message is safe to show a person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** more fields for the error body beside `error` (a refused deck's problems) */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You must be signed in') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Narrow away null/undefined or throw a 404 with the given message. */
export function notFoundIfMissing<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}
