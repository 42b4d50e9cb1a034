import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PREFIX } from './discord-endpoints.ts';
import type { DiscordProfile } from './discord-profile.ts';
import { safeEqual } from './session-token.ts';
import { badRequest } from '../errors.ts';
import * as UsersRepository from '../features/users/users-repository.ts';

const text = z.string().max(2048).optional();
const authorizeQuerySchema = z.object({
  response_type: text, client_id: text, scope: text, state: text, code_challenge: text, code_challenge_method: text,
  redirect_uri: z.string({ error: 'is required' }).max(2048),
  login: z.string().max(64).optional(),
  name: z.string().max(200).regex(/^[^\p{Cc}]*$/u, 'must not contain control characters').optional(),
  deny: z.string().max(8).optional(),
});
const tokenBodySchema = z.record(z.string(), z.string().max(4096)).optional();

interface Grant { profile: DiscordProfile; redirectUri: string; challenge: string; expires: number }

/** Loopback clients only (127.0.0.0/8, ::1), unless DEMO_SIGN_IN=anyone. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

const decodeOrEmpty = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A stand-in for Discord's authorize, token and users/@me endpoints, so that sign-in runs the
 * real OAuth2 client code in demo, tests and CI. Mounted only without DISCORD_CLIENT_ID.
 */
export interface DemoProviderOptions {
  db: Db;
  allowAnyone: boolean;
  /** the only redirect_uri values the provider sends a code (or a denial) to: the site's own callback */
  callbackAllowed: (uri: string, req: FastifyRequest) => boolean;
}

export function registerDemoProvider(app: FastifyInstance, { db, allowAnyone, callbackAllowed }: DemoProviderOptions) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { profile: DiscordProfile; expires: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const [k, v] of grants) if (v.expires < now) grants.delete(k);
    for (const [k, v] of tokens) if (v.expires < now) tokens.delete(k);
  };

  app.register(async (scope) => {
    const demo = scope.withTypeProvider<ZodTypeProvider>();
    demo.addHook('onRequest', async (req, reply) => {
      // A proxied request comes from the proxy's loopback socket but not from this machine.
      const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => h in req.headers);
      if (!allowAnyone && (proxied || !isLoopback(req.socket.remoteAddress))) {
        return reply.code(403).send({ error: 'The demo sign-in answers only this machine (set DEMO_SIGN_IN=anyone to open it)' });
      }
    });
    // Discord's token endpoint is form-encoded
    demo.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    demo.get('/oauth2/authorize', { schema: { hide: true, querystring: authorizeQuerySchema } }, async (req, reply) => {
      const q = req.query;
      if (q.client_id !== DEMO_CLIENT_ID) throw badRequest('client_id: unknown application');
      if (q.response_type !== 'code') throw badRequest('response_type: must be code');
      if (!callbackAllowed(q.redirect_uri, req)) throw badRequest("redirect_uri: must be this site's /api/oauth/callback");
      if (!q.code_challenge || q.code_challenge_method !== 'S256') throw badRequest('code_challenge: PKCE (S256) is required');
      const back = new URL(q.redirect_uri);
      if (q.state) back.searchParams.set('state', q.state);
      if (q.deny) {
        back.searchParams.set('error', 'access_denied');
        return reply.redirect(back.toString(), 302);
      }
      const login = q.login?.trim();
      if (login) {
        if (!/^\d{1,20}$/.test(login)) throw badRequest('login: a Discord id is a number of up to 20 digits');
        const name = (q.name?.trim() || `demo${login.slice(-4)}`).slice(0, 32);
        const code = randomBytes(24).toString('base64url');
        sweep();
        grants.set(code, {
          profile: { id: login, username: name.toLowerCase().replace(/\s+/g, '_'), global_name: name, avatar: null, discriminator: '0', email: `${login}@demo.invalid` },
          redirectUri: q.redirect_uri,
          challenge: q.code_challenge,
          expires: Date.now() + 60_000,
        });
        back.searchParams.set('code', code);
        return reply.redirect(back.toString(), 302);
      }
      const known = await UsersRepository.listForDemoSignIn(db, 12);
      return reply.type('text/html').send(authorizePage(q, known));
    });

    demo.post('/api/oauth2/token', { schema: { hide: true, body: tokenBodySchema } }, async (req, reply) => {
      const body = req.body ?? {};
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      // credentials are form-encoded (RFC 6749 §2.3.1); bad percent-encoding is wrong credentials, not a 500
      const [id = '', secret = ''] = basic.split(':').map(decodeOrEmpty);
      if (!safeEqual(id, DEMO_CLIENT_ID) || !safeEqual(secret, DEMO_CLIENT_SECRET)) {
        return reply.code(401).send({ error: 'invalid_client: the client credentials are wrong' });
      }
      const grant = grants.get(body.code ?? '');
      grants.delete(body.code ?? ''); // a code works once, as on Discord
      const verifierHash = createHash('sha256').update(body.code_verifier ?? '').digest('base64url');
      if (
        body.grant_type !== 'authorization_code' || !grant || grant.expires < Date.now() ||
        grant.redirectUri !== body.redirect_uri || !safeEqual(verifierHash, grant.challenge)
      ) {
        return reply.code(400).send({ error: 'invalid_grant: the code is unknown, used, expired or for another redirect_uri' });
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { profile: grant.profile, expires: Date.now() + 3_600_000 });
      return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'identify email' };
    });

    demo.get('/api/v10/users/@me', { schema: { hide: true } }, async (req, reply) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const entry = tokens.get(token);
      // Discord's own shape is { message, code }; ours adds the error sentence every answer carries
      if (!entry || entry.expires < Date.now()) return reply.code(401).send({ error: 'The access token is unknown or expired', message: '401: Unauthorized', code: 0 });
      return entry.profile;
    });
  }, { prefix: DEMO_PREFIX });
}

type KnownUser = { discordId: string; displayName: string | null; username: string | null; auth: number };

function authorizePage(q: Record<string, string | undefined>, known: readonly KnownUser[]): string {
  const hidden = ['response_type', 'client_id', 'scope', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']
    .map((k) => (q[k] ? `<input type="hidden" name="${k}" value="${escapeHtml(q[k]!)}">` : ''))
    .join('');
  const role = (auth: number) => (auth >= 2 ? 'admin' : auth === 1 ? 'privileged' : 'user');
  const buttons = known
    .map((u) => {
      const name = u.displayName ?? u.username ?? `user ${u.discordId}`;
      return `<form method="get" action="authorize">${hidden}<input type="hidden" name="login" value="${escapeHtml(u.discordId)}"><input type="hidden" name="name" value="${escapeHtml(name)}"><button type="submit">Sign in as ${escapeHtml(name)} <small>(${role(u.auth)})</small></button></form>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Demo sign-in</title><style>
body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#2b2d31;padding:2rem;border-radius:12px;max-width:26rem;width:calc(100% - 2rem);box-sizing:border-box}
h1{font-size:1.3rem;margin-top:0}p{color:#b5bac1;font-size:.9rem}button{width:100%;padding:.7rem;margin:.25rem 0;border:0;border-radius:6px;background:#5865f2;color:#fff;font-size:1rem;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #fff;outline-offset:2px}small{opacity:.8}
label{display:block;margin:.6rem 0 .2rem;font-size:.85rem}input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border-radius:6px;border:1px solid #1e1f22;background:#1e1f22;color:#f2f3f5}
.deny{background:#4e5058}</style></head><body><main>
<h1>Demo sign-in</h1><p>This server runs without Discord settings, so this page stands in for Discord. Pick a demo user or type any id and name.</p>
${buttons}
<form method="get" action="authorize">${hidden}
<label for="login">Discord id</label><input id="login" name="login" type="text" inputmode="numeric" pattern="\\d{1,20}" required>
<label for="name">Name</label><input id="name" name="name" type="text" maxlength="32" required>
<button type="submit">Authorize</button></form>
<form method="get" action="authorize">${hidden}<input type="hidden" name="deny" value="1"><button class="deny" type="submit">Cancel</button></form>
</main></body></html>`;
}

