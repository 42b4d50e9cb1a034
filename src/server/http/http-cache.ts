// Revalidated reads: ETags, 304s and bodies serialised (and compressed) once per version, then sent as buffers.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundIfMissing } from '../errors.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A weak ETag from content: bodies equal byte for byte share it on every instance. */
export function contentEtag(content: string | Buffer): string {
  return `W/"${createHash('sha1').update(content).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match (weak comparison, lists and `*` included) against our ETag. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .some((t) => t.trim() === '*' || opaque(t) === wanted);
}

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0), br before gzip; undefined for identity. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** One representation of a resource: the bytes, their ETag and compressed forms made on first demand. */
export class CachedBody {
  private encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly etag: string = contentEtag(body),
  ) {}

  private done = new Map<Encoding, Buffer>();

  encode(encoding: Encoding): Promise<Buffer> {
    let p = this.encoded.get(encoding);
    if (!p) {
      // brotli quality 5: far faster than the default 11 on megabyte lists, still smaller than gzip
      p = encoding === 'br' ? brotli(this.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(this.body);
      p.then((b) => this.done.set(encoding, b), () => this.encoded.delete(encoding));
      this.encoded.set(encoding, p);
    }
    return p;
  }

  /** The encoded bytes if they are made already. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.done.get(encoding);
  }
}

/**
 * Answers 304 when the client holds this version, else the bytes in the best accepted encoding.
 * Sent in this tick (no promise) unless the encoding is still being made.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  headers?: Record<string, string>,
): FastifyReply | Promise<FastifyReply> {
  reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (headers) for (const k in headers) reply.header(k, headers[k]);
  if (etagMatches(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type(cached.contentType);
  const encoding = cached.body.length >= 1024 ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(cached.body);
  // Content-Encoding set: the reply is not compressed again
  reply.header('Content-Encoding', encoding);
  const ready = cached.encodedNow(encoding);
  if (ready) return reply.send(ready);
  return cached.encode(encoding).then((b) => reply.send(b));
}

/**
 * The handler's answer for a cached read: in this tick when the body is in memory (the handler
 * then returns nothing, so Fastify makes no promise either), else once it is made; 404 with
 * `notFound` when there is none.
 */
export function replyCached(
  req: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody | undefined | Promise<CachedBody | undefined>,
  notFound: string,
): Promise<void> | undefined {
  // (awaiting a reply waits until it has been written)
  if (body instanceof Promise) return body.then(async (b) => { await sendCached(req, reply, notFoundIfMissing(b, notFound)); });
  const sent = sendCached(req, reply, notFoundIfMissing(body, notFound));
  return sent instanceof Promise ? sent.then(async (r) => { await r; }) : undefined;
}

/** A small least-recently-used map. */
export class Lru<K, V> {
  private map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}
