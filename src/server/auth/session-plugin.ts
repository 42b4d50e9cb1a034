import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { CurrentUser } from '../../domain/api/users.ts';
import * as UsersRepository from '../features/users/users-repository.ts';
import { SESSION_MS, hashSessionToken, newSessionToken, sessionCookieName } from './session-token.ts';

/** A signed-in connection of the live channel: its user, and the session (the stored hash) it rides on. */
export interface SessionIdentity {
  user: CurrentUser;
  sessionId: string;
}

/** ids per query of the live channel's session check (10,000 connections: 20 short queries) */
const CHECK_BATCH = 500;

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

  const endedListeners: ((sessionId: string) => void | Promise<void>)[] = [];

  /**
   * The live channel's view of sessions. Calling it reads the signed-in user of a raw Cookie
   * header (a live upgrade or SockJS request) and the id of its session (null when none);
   * `check` and `onEnded` follow that session for as long as the connection stays open.
   */
  const userFromCookies = Object.assign(
    async (header: string | undefined): Promise<SessionIdentity | null> => {
      const token = header ? app.parseCookie(header)[cookieName] : undefined;
      if (!token) return null;
      const now = new Date();
      const sessionId = hashSessionToken(token);
      const found = await UsersRepository.findSessionUser(db, sessionId, now, new Date(now.getTime() + SESSION_MS));
      return found ? { user: UsersRepository.toCurrentUser(found.user), sessionId } : null;
    },
    {
      /** The users of those sessions now; an id missing from the answer has ended (logout on any instance, expiry, a suspension). */
      async check(sessionIds: readonly string[]): Promise<Map<string, CurrentUser>> {
        const live = new Map<string, CurrentUser>();
        const now = new Date();
        for (let i = 0; i < sessionIds.length; i += CHECK_BATCH) {
          const rows = await UsersRepository.liveSessionUsers(db, sessionIds.slice(i, i + CHECK_BATCH), now);
          for (const row of rows) live.set(row.idHash, UsersRepository.toCurrentUser(row.user));
        }
        return live;
      },
      /** Called (and awaited) when a session ends by a logout in this process. */
      onEnded(listener: (sessionId: string) => void | Promise<void>): void {
        endedListeners.push(listener);
      },
    },
  );

  return {
    userFromCookies,
    /** A new session id on every sign-in (no fixation). */
    async start(reply: FastifyReply, discordId: string) {
      const token = newSessionToken();
      await UsersRepository.createSession(db, hashSessionToken(token), discordId, new Date(Date.now() + SESSION_MS));
      setSessionCookie(reply, token);
    },
    async end(req: FastifyRequest, reply: FastifyReply) {
      const token = req.cookies[cookieName];
      if (token) {
        const sessionId = hashSessionToken(token);
        await UsersRepository.deleteSession(db, sessionId);
        // the live channel stops sending this session what it may no longer read (every instance)
        const outcomes = await Promise.allSettled(endedListeners.map(async (listener) => listener(sessionId)));
        for (const o of outcomes) if (o.status === 'rejected') req.log.warn({ err: o.reason }, 'a session-ended listener failed');
      }
      reply.clearCookie(cookieName, { path: '/', secure: secureCookies, httpOnly: true, sameSite: 'lax' });
    },
  };
}
export type Sessions = ReturnType<typeof registerSessions>;
