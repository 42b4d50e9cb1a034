// Limits on sign-in, uploads and writes, per user and per address, at rates no person reaches by
// hand; reads are not limited (they are cached and cheap). Counts are per instance.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DEMO_PREFIX } from '../auth/discord-endpoints.ts';
import { HttpError } from '../errors.ts';

/** Requests per minute of each kind, per signed-in user (sign-in: per address, there is no user yet). */
export const RATE_LIMITS = { signin: 300, upload: 30, write: 300 } as const;
// (one sign-in is three sign-in requests: login, the provider's authorize, the callback; 100
// sign-ins a minute from one address is a venue's whole room behind one router)
export type RateLimitKind = keyof typeof RATE_LIMITS;
/** Per address, whoever is signed in: a venue's players share one address, a script's many accounts too. */
export const ADDRESS_RATE_LIMITS = { upload: 300, write: 3000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: {
      /**
       * Headers that mark an in-process call (the Discord bot's, issue 38): it counts against its
       * user's limits only, never the loopback address's (every Discord user's commands would share
       * it). A random value of this process: no outside request can carry it.
       */
      inProcessHeaders: Readonly<Record<string, string>>;
      /** A per-user limit of `kind`'s rate on keys of the caller's choosing: 0 while allowed, else the wait in ms. */
      perUser(kind: 'write', key: string): Promise<number>;
    };
  }
}

const IN_PROCESS_HEADER = 'x-format-hub-in-process';

export const tooMany = (ttlMs: number) => `Too many requests: try again in ${Math.max(1, Math.ceil(ttlMs / 1000))} s`;

const UPLOAD_PATHS = [/^\/api\/images\/api\/upload$/, /^\/api\/series(\/[^/]+)?\/upload$/];

/** Which limit a request counts against, or undefined for none. */
export function rateLimitKind(req: Pick<FastifyRequest, 'method' | 'url'>): RateLimitKind | undefined {
  const { method, url } = req;
  // the common case first, without allocating: a read outside sign-in
  if ((method === 'GET' || method === 'HEAD') && !url.startsWith(DEMO_PREFIX) && !url.startsWith('/api/oauth/')) return undefined;
  const path = url.split('?')[0]!;
  if (path.startsWith(`${DEMO_PREFIX}/`) || path === '/api/oauth/login' || path === '/api/oauth/handle-callback') return 'signin';
  if (!path.startsWith('/api/') || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
  return UPLOAD_PATHS.some((p) => p.test(path)) ? 'upload' : 'write';
}

/** `scale` multiplies every limit (tests that send storms raise them). */
export async function registerRateLimits(app: FastifyInstance, { scale = 1 }: { scale?: number } = {}): Promise<void> {
  // Routes that only read, outside sign-in, get no rate-limit hook at all (allowList would let them
  // through, but only after the plugin's per-request work: a fifth of a cached read's cost).
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    if (reads && rateLimitKind({ method: 'GET', url: route.url ?? route.path }) === undefined) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    allowList: (req) => rateLimitKind(req) === undefined,
    keyGenerator: (req) => {
      const kind = rateLimitKind(req)!;
      return `${kind}:${kind !== 'signin' && req.user ? `user:${req.user.discordId}` : `ip:${req.ip}`}`;
    },
    max: (req) => Math.max(1, Math.round(RATE_LIMITS[rateLimitKind(req) ?? 'write'] * scale)),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, error: tooMany(context.ttl), message: tooMany(context.ttl) }),
  });
  // The second count, per address, for uploads and writes of signed-in users (anonymous ones
  // are already counted by address above, and stop at the 401 anyway).
  const perAddress = app.createRateLimit({
    keyGenerator: (req) => `${rateLimitKind(req)}:addr:${req.ip}`,
    max: (req) => Math.max(1, Math.round(ADDRESS_RATE_LIMITS[rateLimitKind(req) as keyof typeof ADDRESS_RATE_LIMITS] * scale)),
  });
  const secret = randomBytes(32);
  const inProcess = (req: FastifyRequest) => {
    const v = req.headers[IN_PROCESS_HEADER];
    return typeof v === 'string' && v.length === 64 && timingSafeEqual(Buffer.from(v, 'hex'), secret);
  };
  app.addHook('onRequest', (req, reply, done) => {
    const kind = rateLimitKind(req);
    if (kind === undefined || kind === 'signin' || !req.user || inProcess(req)) return done();
    perAddress(req).then((r) => {
      if (r.isAllowed || !r.isExceeded) return done();
      reply.header('retry-after', r.ttlInSeconds);
      done(new HttpError(429, tooMany(r.ttl)));
    }, done);
  });

  // keys of the caller's choosing (a Discord user's interactions), at the per-user rate of `kind`
  const keys = new WeakMap<FastifyRequest, string>();
  const perUser = app.createRateLimit({
    keyGenerator: (req) => keys.get(req)!,
    allowList: () => false,
    max: Math.max(1, Math.round(RATE_LIMITS.write * scale)),
    timeWindow: 60_000,
  });
  app.decorate('rateLimits', {
    inProcessHeaders: { [IN_PROCESS_HEADER]: secret.toString('hex') },
    async perUser(_kind: 'write', key: string) {
      // a key, not a request: the limiter reads only the route's config of it
      const req = { routeOptions: { config: {} } } as FastifyRequest;
      keys.set(req, key);
      const r = await perUser(req);
      return r.isAllowed || !r.isExceeded ? 0 : Math.max(r.ttl, 1);
    },
  });
}
