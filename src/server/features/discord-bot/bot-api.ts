// The bot is another way into the same HTTP API, never a second implementation (issue 31): each
// command calls the app's own routes in-process (app.inject) as the Discord user, with a session
// minted exactly as sign-in mints one (same table, same cookie). Every permission, validation,
// per-user rate limit and message is the HTTP API's; the per-address limits are not, since every
// user's call comes from this process (issue 38: a few accounts would stop everyone's).
import type { FastifyInstance } from 'fastify';
import type { InteractionUser } from '../../../domain/discord/interaction-input.ts';
import { PROFILE_UNREADABLE } from '../../../domain/discord/play-answers.ts';
import type { Db } from '../../db/client.ts';
import { discordProfileSchema } from '../../auth/discord-profile.ts';
import { SESSION_MS, hashSessionToken, newSessionToken, sessionCookieName } from '../../auth/session-token.ts';
import * as UsersRepository from '../users/users-repository.ts';
import { suspendedSentence } from '../../../domain/people/suspension.ts';

/** An answer of the HTTP API that is not a 2xx: its sentence is what the user is told. */
export class ApiRefusal extends Error {
  /** the answer's body, for what a sentence leaves out (a refused deck's problems) */
  constructor(readonly status: number, message: string, readonly body?: unknown) {
    super(message);
  }
}

/** The user is suspended (issue 39): no command of theirs is acted on; they are told the reason and the end. */
export class SuspendedRefusal extends ApiRefusal {
  constructor(readonly suspension: { reason: string; until: string | null }) {
    super(403, suspendedSentence(suspension));
  }
}

export interface BotApi {
  readonly discordId: string;
  get<T>(url: string): Promise<T>;
  post<T>(url: string, body?: unknown): Promise<T>;
  put<T>(url: string, body?: unknown): Promise<T>;
  delete<T>(url: string): Promise<T>;
  /** a text/plain body (a deck) */
  postText<T>(url: string, text: string): Promise<T>;
}

class PlainText {
  constructor(readonly text: string) {}
}

/** Sessions per Discord user, minted on first use; a session of 30 days slides with use. */
export function createBotSessions(app: FastifyInstance, { db, secureCookies }: { db: Db; secureCookies: boolean }) {
  const cookieName = sessionCookieName(secureCookies);
  const tokens = new Map<string, string>();

  /** A user who never signed in becomes a site user as sign-in makes one; one who did keeps their row (email included). */
  async function createUser(user: InteractionUser): Promise<void> {
    const profile = discordProfileSchema.safeParse({ id: user.id, username: user.username, discriminator: user.discriminator, global_name: user.global_name, avatar: user.avatar });
    if (!profile.success) throw new ApiRefusal(400, PROFILE_UNREADABLE);
    await UsersRepository.upsertFromDiscord(db, profile.data);
  }

  /**
   * Every interaction reads its user as stored now and whether the kept token's session lives (one
   * indexed select): a suspension, a lift, a logout or an expiry made on any instance holds here at
   * once, with nothing to tell this process's cache (issue 39).
   */
  async function check(user: InteractionUser): Promise<void> {
    const now = new Date();
    const token = tokens.get(user.id);
    const found = await UsersRepository.findWithSession(db, user.id, token ? hashSessionToken(token) : undefined, now);
    if (!found) return createUser(user);
    const suspension = UsersRepository.suspensionOf(found.user, now);
    if (suspension) {
      tokens.delete(user.id);
      throw new SuspendedRefusal(suspension);
    }
    if (token && !found.sessionLive) tokens.delete(user.id);
  }

  async function mint(discordId: string): Promise<string> {
    const token = newSessionToken();
    await UsersRepository.createSession(db, hashSessionToken(token), discordId, new Date(Date.now() + SESSION_MS));
    tokens.set(discordId, token);
    return token;
  }

  /** The API as this Discord user. */
  async function forUser(user: InteractionUser): Promise<BotApi> {
    await check(user);
    const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, retried = false): Promise<T> => {
      const token = tokens.get(user.id) ?? (await mint(user.id));
      const text = body instanceof PlainText;
      const res = await app.inject({
        method, url,
        headers: { cookie: `${cookieName}=${token}`, ...app.rateLimits.inProcessHeaders, ...(body !== undefined && { 'content-type': text ? 'text/plain; charset=utf-8' : 'application/json' }) },
        ...(body !== undefined && { payload: text ? body.text : JSON.stringify(body) }),
      });
      // the session ended (expired, or removed by an operator): a new one, once
      if (res.statusCode === 401 && !retried) {
        tokens.delete(user.id);
        await check(user);
        return call<T>(method, url, body, true);
      }
      let parsed: unknown;
      try {
        parsed = res.json();
      } catch {
        parsed = undefined;
      }
      if (res.statusCode >= 400) {
        const sentence = (parsed as { error?: unknown } | undefined)?.error;
        throw new ApiRefusal(res.statusCode, typeof sentence === 'string' ? sentence : `The site answered ${res.statusCode}`, parsed);
      }
      return parsed as T;
    };
    return {
      discordId: user.id,
      get: (url) => call('GET', url),
      post: (url, body) => call('POST', url, body),
      put: (url, body) => call('PUT', url, body),
      delete: (url) => call('DELETE', url),
      postText: (url, text) => call('POST', url, new PlainText(text)),
    };
  }

  return { forUser };
}
export type BotSessions = ReturnType<typeof createBotSessions>;
