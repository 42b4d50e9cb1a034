// Pieces every route schema shares: the error replies, the documented text/plain bodies, and the
// replies that are files rather than JSON.
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

/** A text file's body (CSV, iCalendar, .lflist.conf, SVG). */
const textFile = z.string();
/** A binary file's body (a Buffer or a stream to the handler): OpenAPI 3.0 says `type: string, format: binary`. */
const binaryFile = z.unknown().meta({ type: 'string', format: 'binary' });
const isText = (mediaType: string) => /^text\/|\+xml\b/.test(mediaType);

/**
 * A reply that is a file, not JSON, for the docs: its media types exactly as the route sends them,
 * parameters included (`text/csv; charset=utf-8; header=present`), so that a client knows how to
 * read the bytes. Without it @fastify/swagger would call every reply `application/json`.
 */
export function fileReply(description: string, ...mediaTypes: [string, ...string[]]) {
  return { description, content: Object.fromEntries(mediaTypes.map((t) => [t, { schema: isText(t) ? textFile : binaryFile }])) };
}
