// A league read's bytes (http-cache.ts's CachedBody) compressed at a quicker setting: a 2,500-run
// league's body is 300 kB, which brotli at quality 5 takes 7 ms to compress and at quality 3 takes 3
// (and comes out smaller than gzip's default). A reader's own body, made per request, is compressed
// at the quickest setting: 1.6 ms, a quarter larger.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CachedBody, contentEtag } from '../../http/http-cache.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const JSON_TYPE = 'application/json; charset=utf-8';

type Encoding = 'br' | 'gzip';

export class LeagueBody extends CachedBody {
  private made = new Map<Encoding, Promise<Buffer>>();
  private ready = new Map<Encoding, Buffer>();

  /** `quick`: compressed for one reader, at the quickest setting; `etag`: when the caller knows one cheaper than hashing the bytes. */
  constructor(body: Buffer, private readonly quick: boolean, etag?: string) {
    super(body, JSON_TYPE, etag ?? contentEtag(body));
  }

  override encode(encoding: Encoding): Promise<Buffer> {
    let p = this.made.get(encoding);
    if (!p) {
      p = encoding === 'br'
        ? brotli(this.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: this.quick ? 1 : 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
        : gzip(this.body, { level: this.quick ? 1 : 6 });
      p.then((b) => this.ready.set(encoding, b), () => this.made.delete(encoding));
      this.made.set(encoding, p);
    }
    return p;
  }

  override encodedNow(encoding: Encoding): Buffer | undefined {
    return this.ready.get(encoding);
  }
}
