import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../domain/api/users.ts';
import { forbidden, unauthorized } from '../errors.ts';

// The session plugin fills request.user from the session cookie, and only from it.
declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export function requireUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** auth >= level (auth 2 is admin). */
export function requireAuth(req: FastifyRequest, level: number, message = 'You are not allowed to do this'): CurrentUser {
  const user = requireUser(req);
  if (user.auth < level) throw forbidden(message);
  return user;
}

/**
 * The spec's client also names the acting user (X-Discord-Id, adminId, requesterId, ...).
 * Accepted for compatibility, never as proof: when present it must be the session user.
 */
export function assertActingAs(req: FastifyRequest, ...claimed: (string | null | undefined)[]): CurrentUser {
  const user = requireUser(req);
  const header = req.headers['x-discord-id'];
  for (const id of [...claimed, ...(Array.isArray(header) ? header : [header])]) {
    if (id !== undefined && id !== null && id !== '' && id !== user.discordId) {
      throw forbidden('The acting user must be the signed-in user');
    }
  }
  return user;
}
