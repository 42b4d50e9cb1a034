// Pieces every route schema shares: the error replies, and the documented text/plain bodies.
import { z } from 'zod';
import { errorBodySchema } from './openapi.ts';

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: the sentence names the field',
  401: 'Not signed in',
  403: 'Not allowed (or a claimed id that is not the signed-in user)',
  404: 'Not found',
  409: 'Not in a state that allows this',
  410: 'Gone: a link that has expired',
  413: 'Too large',
  415: 'Wrong content type',
  422: 'Content that cannot be processed',
  429: 'Too many requests (see Retry-After)',
};

/** Error replies of a route, for the docs: `{ 400: {error}, 404: {error} }`. */
export function errors(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema.describe(ERROR_TEXT[s] ?? 'Error')]));
}

/** Errors every write can give, besides its own. */
export const WRITE_ERRORS = [400, 401, 403, 429] as const;

/** No body (204). */
export const noContent = z.undefined().describe('No content');
