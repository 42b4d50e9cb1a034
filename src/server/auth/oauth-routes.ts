import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { handleCallbackBodySchema } from '../../domain/api/users.ts';
import type { Db } from '../db/client.ts';
import { HttpError, badRequest } from '../errors.ts';
import * as UsersRepository from '../features/users/users-repository.ts';
import type { DiscordProfile } from './discord-profile.ts';
import type { DiscordEndpoints } from './discord-endpoints.ts';
import type { Sessions } from './session-plugin.ts';
import { safeEqual } from './session-token.ts';

export interface OAuthOptions {
  db: Db;
  sessions: Sessions;
  clientId: string;
  clientSecret: string;
  /** where the browser is sent to authorize (may depend on the request's origin) */
  browserEndpoints: (req: FastifyRequest) => DiscordEndpoints;
  /** where this server exchanges the code and reads the profile */
  serverEndpoints: () => DiscordEndpoints;
  /** the public origin of the site, for redirect_uri */
  publicOrigin: (req: FastifyRequest) => string;
  secureCookies: boolean;
}

const FLOW_COOKIE = 'fh_oauth';

/** Discord OAuth2 with state and PKCE; the SPA route /api/oauth/callback posts the code back. */
export function registerOAuthRoutes(app: FastifyInstance, o: OAuthOptions) {
  const client = (req: FastifyRequest) =>
    new OAuth2Client(o.clientId, o.clientSecret, `${o.publicOrigin(req)}/api/oauth/callback`);

  app.get('/api/oauth/login', async (req, reply) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client(req).createAuthorizationURLWithPKCE(
      o.browserEndpoints(req).authorize, state, CodeChallengeMethod.S256, verifier, ['identify', 'email'],
    );
    reply.setCookie(FLOW_COOKIE, `${state}.${verifier}`, {
      httpOnly: true, sameSite: 'lax', secure: o.secureCookies, path: '/api/oauth', maxAge: 600,
    });
    return reply.redirect(url.toString(), 302);
  });

  app.post('/api/oauth/handle-callback', async (req, reply) => {
    const body = handleCallbackBodySchema.safeParse(req.body);
    if (!body.success) throw badRequest(body.error.issues[0]?.message ?? 'Invalid body');
    const flow = req.cookies[FLOW_COOKIE] ?? '';
    const [state = '', verifier = ''] = flow.split('.');
    reply.clearCookie(FLOW_COOKIE, { path: '/api/oauth', secure: o.secureCookies, httpOnly: true, sameSite: 'lax' });
    if (!state || !body.data.state || !safeEqual(state, body.data.state)) {
      throw badRequest('Sign-in expired or did not start here; please log in again');
    }
    let profile: DiscordProfile;
    try {
      const tokens = await client(req).validateAuthorizationCode(o.serverEndpoints().token, body.data.code, verifier);
      const res = await fetch(o.serverEndpoints().me, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
      if (!res.ok) throw new Error(`users/@me answered ${res.status}`);
      profile = (await res.json()) as DiscordProfile;
      if (typeof profile.id !== 'string' || !/^\d{1,20}$/.test(profile.id) || typeof profile.username !== 'string') {
        throw new Error('unexpected profile');
      }
    } catch (e) {
      req.log.warn({ err: e }, 'OAuth code exchange failed');
      throw new HttpError(400, 'Authentication failed: the code was refused');
    }
    const user = await UsersRepository.upsertFromDiscord(o.db, profile);
    await o.sessions.start(reply, user.discordId);
    return UsersRepository.toCurrentUser(user);
  });

  app.get('/api/oauth/me', async (req) => {
    if (!req.user) throw new HttpError(401, 'Not signed in');
    return req.user;
  });

  app.post('/api/oauth/logout', async (req, reply) => {
    await o.sessions.end(req, reply);
    return { ok: true };
  });
}
