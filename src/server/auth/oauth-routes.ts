import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { currentUserSchema, handleCallbackBodySchema, handleCallbackResponseSchema, safeReturnPath } from '../../domain/api/users.ts';
import type { Db } from '../db/client.ts';
import { HttpError, badRequest, forbidden } from '../errors.ts';
import { suspendedSentence } from '../../domain/people/suspension.ts';
import { errors } from '../http/route-schemas.ts';
import * as UsersRepository from '../features/users/users-repository.ts';
import { discordProfileSchema, type DiscordProfile } from './discord-profile.ts';
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
const tags = ['sign-in'];

/** The flow cookie: state, PKCE verifier and the page to come back to, dot-separated. */
const flowCookie = (state: string, verifier: string, returnTo: string) => `${state}.${verifier}.${Buffer.from(returnTo).toString('base64url')}`;
function readFlowCookie(value: string) {
  const [state = '', verifier = '', back = ''] = value.split('.');
  return { state, verifier, returnTo: safeReturnPath(Buffer.from(back, 'base64url').toString('utf8')) };
}

/** Discord OAuth2 with state and PKCE; the SPA route /api/oauth/callback posts the code back. */
export function registerOAuthRoutes(server: FastifyInstance, o: OAuthOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const client = (req: FastifyRequest) =>
    new OAuth2Client(o.clientId, o.clientSecret, `${o.publicOrigin(req)}/api/oauth/callback`);

  app.get('/api/oauth/login', {
    schema: {
      tags,
      summary: 'Start signing in: redirects to Discord (or the demo provider)',
      description: 'After sign-in the browser comes back to `returnTo` (a path of this site; default /).',
      querystring: z.object({ returnTo: z.string().max(2048).optional() }),
      response: { 302: z.undefined().describe('Redirect to the authorize page'), ...errors(400, 429) },
    },
  }, async (req, reply) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client(req).createAuthorizationURLWithPKCE(
      o.browserEndpoints(req).authorize, state, CodeChallengeMethod.S256, verifier, ['identify', 'email'],
    );
    reply.setCookie(FLOW_COOKIE, flowCookie(state, verifier, safeReturnPath(req.query.returnTo)), {
      httpOnly: true, sameSite: 'lax', secure: o.secureCookies, path: '/api/oauth', maxAge: 600,
    });
    return reply.redirect(url.toString(), 302);
  });

  app.post('/api/oauth/handle-callback', {
    schema: {
      tags,
      summary: 'Finish signing in with the code Discord sent back; starts a session',
      body: handleCallbackBodySchema,
      response: { 200: handleCallbackResponseSchema, ...errors(400, 403, 429) },
    },
  }, async (req, reply) => {
    const flow = readFlowCookie(req.cookies[FLOW_COOKIE] ?? '');
    reply.clearCookie(FLOW_COOKIE, { path: '/api/oauth', secure: o.secureCookies, httpOnly: true, sameSite: 'lax' });
    if (!flow.state || !req.body.state || !safeEqual(flow.state, req.body.state)) {
      throw badRequest('Sign-in expired or did not start here; please log in again');
    }
    let profile: DiscordProfile;
    try {
      const tokens = await client(req).validateAuthorizationCode(o.serverEndpoints().token, req.body.code, flow.verifier);
      const res = await fetch(o.serverEndpoints().me, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
      if (!res.ok) throw new Error(`users/@me answered ${res.status}`);
      profile = discordProfileSchema.parse(await res.json());
    } catch (e) {
      req.log.warn({ err: e }, 'OAuth code exchange failed');
      throw new HttpError(400, 'Authentication failed: the code was refused');
    }
    // a suspended user is told why and until when, and gets no session (issue 39)
    const suspension = UsersRepository.suspensionOf(await UsersRepository.findByDiscordId(o.db, profile.id), new Date());
    if (suspension) throw forbidden(suspendedSentence(suspension));
    const user = await UsersRepository.upsertFromDiscord(o.db, profile);
    await o.sessions.start(reply, user.discordId);
    return { ...UsersRepository.toCurrentUser(user), returnTo: flow.returnTo };
  });

  app.get('/api/oauth/me', {
    schema: {
      tags,
      summary: 'The signed-in user, or null for a visitor',
      response: { 200: currentUserSchema.nullable() },
    },
  }, async (req) => req.user);

  app.post('/api/oauth/logout', {
    schema: { tags, summary: 'End the session (always succeeds from our own pages)', response: { 200: z.object({ ok: z.literal(true) }), ...errors(403, 429) } },
  }, async (req, reply) => {
    await o.sessions.end(req, reply);
    return { ok: true as const };
  });
}
