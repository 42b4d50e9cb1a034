import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { CurrentUser } from '../../domain/api/users.ts';
import * as UsersRepository from '../features/users/users-repository.ts';
import { SESSION_MS, hashSessionToken, newSessionToken, sessionCookieName } from './session-token.ts';

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
}

/** Reads the session cookie on every request (lazily cheap: one indexed select when present). */
export function registerSessions(app: FastifyInstance, { db, secureCookies }: SessionOptions) {
  const cookieName = sessionCookieName(secureCookies);
  app.decorateRequest('user', null);
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: '/',
      maxAge: SESSION_MS / 1000,
    });

  // a callback hook: requests without a session (most reads) pass without a promise
  app.addHook('onRequest', (req, reply, done) => {
    const token = req.url.startsWith('/api/') ? req.cookies[cookieName] : undefined;
    if (!token) return done();
    const now = new Date();
    UsersRepository.findSessionUser(db, hashSessionToken(token), now, new Date(now.getTime() + SESSION_MS)).then((found) => {
      req.user = found ? UsersRepository.toCurrentUser(found.user) : null;
      // 30 days sliding: the browser's copy slides with the database row
      if (found?.slid) setSessionCookie(reply, token);
      done();
    }, done);
  });

  return {
    /** The user of a raw Cookie header (the live channel's upgrade or SockJS request); null when none. */
    async userFromCookies(header: string | undefined): Promise<CurrentUser | null> {
      const token = header ? app.parseCookie(header)[cookieName] : undefined;
      if (!token) return null;
      const now = new Date();
      const found = await UsersRepository.findSessionUser(db, hashSessionToken(token), now, new Date(now.getTime() + SESSION_MS));
      return found ? UsersRepository.toCurrentUser(found.user) : null;
    },
    /** A new session id on every sign-in (no fixation). */
    async start(reply: FastifyReply, discordId: string) {
      const token = newSessionToken();
      await UsersRepository.createSession(db, hashSessionToken(token), discordId, new Date(Date.now() + SESSION_MS));
      setSessionCookie(reply, token);
    },
    async end(req: FastifyRequest, reply: FastifyReply) {
      const token = req.cookies[cookieName];
      if (token) await UsersRepository.deleteSession(db, hashSessionToken(token));
      reply.clearCookie(cookieName, { path: '/', secure: secureCookies, httpOnly: true, sameSite: 'lax' });
    },
  };
}
export type Sessions = ReturnType<typeof registerSessions>;
