// Per-user (else per-address) limits on sign-in, uploads and writes, at rates no person reaches
// by hand; reads are not limited (they are cached and cheap). Counts are per instance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { DEMO_PREFIX } from '../auth/discord-endpoints.ts';

/** Requests per minute of each kind. */
export const RATE_LIMITS = { signin: 120, upload: 30, write: 300 } as const;
// (one sign-in is three sign-in requests: login, the provider's authorize, the callback)
export type RateLimitKind = keyof typeof RATE_LIMITS;

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
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: `Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      message: `Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
    }),
  });
}
