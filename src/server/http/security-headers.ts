// Security headers on every page and API answer (helmet), with a Content-Security-Policy the app
// runs under: scripts only from this site; images from this site (uploads, card images), Discord's
// CDN (avatars) and the card image base.
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export function contentSecurityPolicy(cardImageBaseUrl?: string): Record<string, string[]> {
  const cardImages = cardImageBaseUrl ? [new URL(cardImageBaseUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Radix (scroll lock) and the demo sign-in page add <style> elements
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: previews a picture before it is uploaded
    'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.discordapp.com', ...cardImages],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * helmet's headers for our options, computed once: they are the same for every answer, and
 * @fastify/helmet rebuilt them (parsing the policy again) on every request.
 */
export function securityHeaders({ cardImageBaseUrl, https }: { cardImageBaseUrl?: string; https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const sink = {
    setHeader: (name: string, value: string) => { headers[name] = value; },
    removeHeader: (name: string) => { delete headers[name]; },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...contentSecurityPolicy(cardImageBaseUrl), ...(https ? { 'upgrade-insecure-requests': [] } : {}) } },
    // cross-origin isolation would block Discord avatars and linked covers
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, sink as unknown as ServerResponse, (err?: unknown) => { if (err) throw err; });
  return headers;
}

/** Headers of every API answer (and of refusals made before any route): the page's, never cached. */
export function apiSecurityHeaders(options: { cardImageBaseUrl?: string; https: boolean }): Record<string, string> {
  return { ...securityHeaders(options), 'cache-control': 'no-store' };
}

export function registerSecurityHeaders(app: FastifyInstance, options: { cardImageBaseUrl?: string; https: boolean }): void {
  const headers = securityHeaders(options);
  // API answers are per request (and often per user): never kept by a shared cache, unless the
  // route says otherwise (cached reads set their own validators, images their lifetime). Set up
  // front, so no onSend hook runs on every answer.
  const apiHeaders = apiSecurityHeaders(options);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
