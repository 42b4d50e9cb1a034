// Checks that run before any route: which Host names we answer, where writes may come from, and
// text the database cannot store. Each refuses with an HttpError, so the reply is { error }.
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, forbidden } from '../errors.ts';

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

/**
 * Host names this site answers to: PUBLIC_URL's, loopback names (health checks and reverse
 * proxies on the same machine send them), and ALLOWED_HOSTS. Anything else is a DNS-rebinding
 * page or a misrouted request.
 */
export function allowedHostnames(publicUrl: URL | undefined, extra: readonly string[] = []): Set<string> {
  return new Set([...LOOPBACK_HOSTNAMES, ...(publicUrl ? [publicUrl.hostname.toLowerCase()] : []), ...extra.map((h) => h.toLowerCase())]);
}

/** The host name of a Host header without its port ('[::1]:8080' → '[::1]'); undefined when malformed. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(host.trim());
  return m ? m[1]!.toLowerCase() : undefined;
}

// Every request names its Host: the few seen are remembered (a forged one is still parsed each time).
const ALLOWED_SEEN = new WeakMap<ReadonlySet<string>, Set<string>>();

export function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  let seen = ALLOWED_SEEN.get(allowed);
  if (host !== undefined && seen?.has(host)) return true;
  const name = hostnameOf(host);
  if (name === undefined || !allowed.has(name)) return false;
  if (!seen) ALLOWED_SEEN.set(allowed, (seen = new Set()));
  if (seen.size < 64) seen.add(host!);
  return true;
}

export function assertHostAllowed(req: FastifyRequest, allowed: ReadonlySet<string>): void {
  if (!hostAllowed(req.headers.host, allowed)) {
    throw new HttpError(421, 'This server does not answer to that host name (set PUBLIC_URL or ALLOWED_HOSTS)');
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes must come from our own pages: an Origin of ours, or none with a same-origin or absent
 * Sec-Fetch-Site and no foreign Referer (tools and bots send neither). `Origin: null` (sandboxed
 * frames, file pages, some redirects) is refused.
 */
export function assertSameOriginWrite(req: FastifyRequest, ownOrigins: (req: FastifyRequest) => ReadonlySet<string>): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (origin !== 'null' && ownOrigins(req).has(origin)) return;
    throw forbidden('Cross-site request refused');
  }
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden('Cross-site request refused');
  const referer = req.headers.referer;
  if (referer !== undefined) {
    let from: string | undefined;
    try {
      from = new URL(referer).origin;
    } catch {
      from = undefined;
    }
    if (!from || !ownOrigins(req).has(from)) throw forbidden('Cross-site request refused');
  }
}

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The string with NUL removed and unpaired surrogates replaced (U+FFFD), as PostgreSQL text can hold it. */
export function storable(s: string): string {
  return s.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** Why a string cannot be stored as PostgreSQL text (NUL) or UTF-8 (a lone surrogate), if it cannot. */
export function unstorable(s: string): string | undefined {
  if (s.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate';
  return undefined;
}

/**
 * Walks a parsed value without recursion and refuses (400, naming the field) text the database
 * cannot store and nesting deeper than any of our bodies goes, before validation sees it.
 */
export function assertStorable(value: unknown, field: string): void {
  const stack: [unknown, string, number][] = [[value, field, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      const why = unstorable(v);
      if (why) throw badRequest(`${path}: ${why}`);
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) throw badRequest(`${path}: is nested too deeply`);
      for (const [k, child] of Object.entries(v)) {
        const why = unstorable(k);
        if (why) throw badRequest(`${path}: a key ${why}`);
        stack.push([child, Array.isArray(v) ? `${path}[${k}]` : path === 'body' || path === 'query' || path === 'path' ? k : `${path}.${k}`, depth + 1]);
      }
    }
  }
}

/** The request's path parameters, query and parsed body. */
export function assertStorableRequest(req: FastifyRequest): void {
  assertStorable(req.params ?? {}, 'path');
  assertStorable(req.query ?? {}, 'query');
  // a text/plain body is one field of its own (reason, deck, date): errors name it
  if (req.body !== undefined) assertStorable(req.body, typeof req.body === 'string' ? (req.routeOptions.config?.textBody ?? 'body') : 'body');
}
