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

// Claimed ids (X-Discord-Id, adminId, ...) are checked for every write in one place: claims.ts.
