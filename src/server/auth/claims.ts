// The spec's client names the acting user in many places (rules.md "Identity"). None of them is
// proof: identity comes from the session. This is the one place that checks every such claim,
// for every write, present and future: a claim must name the session user, else 403 (401 without
// a session, from the route).
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

/** Query, body and multipart fields that name the acting user. */
export const CLAIM_FIELDS = [
  'discordId', 'adminId', 'requesterId', 'reviewerDiscordId', 'reporterDiscordId', 'captainDiscordId', 'participantDiscordId', 'poster',
] as const;
export const CLAIM_HEADER = 'x-discord-id';

/** The ids claimed by a header value, a query object or a body object (top level; `poster` may be `{ discordId }`). */
export function claimedIds(source: unknown): string[] {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return [];
  const out: string[] = [];
  for (const field of CLAIM_FIELDS) {
    const value = (source as Record<string, unknown>)[field];
    const id = field === 'poster' && value && typeof value === 'object' ? (value as Record<string, unknown>).discordId : value;
    if (typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint') {
      if (String(id) !== '') out.push(String(id));
    } else if (Array.isArray(id)) {
      out.push(...id.map(String)); // ?discordId=a&discordId=b: both must hold
    }
  }
  return out;
}

/**
 * Throws unless every claimed id is the session user's. Without a session a claim proves nothing
 * and grants nothing: the route's own check answers (401 where a user is needed).
 */
export function assertClaims(req: FastifyRequest, claimed: readonly string[]): void {
  if (claimed.length === 0 || !req.user) return;
  if (claimed.some((id) => id.trim() !== req.user!.discordId)) throw forbidden('The acting user must be the signed-in user');
}

/** Every claim of a write: the X-Discord-Id header, the query and the parsed body. */
export function assertRequestClaims(req: FastifyRequest): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const header = req.headers[CLAIM_HEADER];
  const fromHeader = (Array.isArray(header) ? header : header === undefined ? [] : [header]).filter((h) => h !== '');
  assertClaims(req, [...fromHeader, ...claimedIds(req.query), ...claimedIds(req.body)]);
}
