// The one shape of every API error: { error: "a sentence for a person" } with the right status.
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../errors.ts';

export interface ErrorReply {
  status: number;
  error: string;
}

export const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/** Fastify's own 4xx errors, said for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This endpoint does not take that Content-Type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: the JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
  FST_ERR_BAD_URL: 'The address is not valid (bad percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
  FST_ERR_CTP_INVALID_CONTENT_TYPE: 'The Content-Type header is not valid',
  FST_ERR_VALIDATION: 'The request is not valid',
};

const CONTEXT_FIELD: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** 'members.0.discordId'; a path into an array body starts with the context: 'body[3]'. */
function fieldName(path: readonly PropertyKey[], context: string): string {
  if (path.length === 0) return context;
  const [first, ...rest] = path.map(String);
  const head = /^\d+$/.test(first!) ? `${context}[${first}]` : first!;
  return [head, ...rest].join('.');
}

/** "field: message" per field (the first problem of each), joined with '; ': every problem at once. */
export function issuesText(issues: readonly Issue[], fallbackField: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const field = fieldName(issue.path, fallbackField);
    const top = field.split(/[.[]/)[0]!;
    if (seen.has(top)) continue;
    seen.add(top);
    parts.push(issue.message.startsWith(`${top}:`) || issue.message.startsWith(`${field}:`) ? issue.message : `${field}: ${issue.message}`);
  }
  return parts.join('; ') || `${fallbackField}: is not valid`;
}

/**
 * Maps anything a handler, hook or Fastify itself throws to a status and a sentence.
 * `bodyField` names a text/plain body in messages ('reason: must not be blank').
 */
export function errorReply(error: unknown, bodyField = 'body'): ErrorReply {
  if (error instanceof HttpError) return { status: error.statusCode, error: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const validationContext = (error as { validationContext?: string }).validationContext ?? 'body';
    const context = validationContext === 'body' ? bodyField : (CONTEXT_FIELD[validationContext] ?? 'body');
    const issues = error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'is not valid' }));
    return { status: 400, error: issuesText(issues, context) };
  }
  if (error instanceof ZodError) return { status: 400, error: issuesText(error.issues, bodyField) };
  const e = error as Partial<FastifyError> | undefined;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 500 || status < 400) return { status: 500, error: SERVER_ERROR };
  const known = e?.code ? FRAMEWORK_MESSAGES[e.code] : undefined;
  return { status, error: known ?? (e?.message || 'Bad request') };
}
