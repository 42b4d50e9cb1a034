// The one door to Discord's HTTP API (issue 38 §1): event webhooks, the banlist's post, direct
// messages and the channels they need, command registration and late interaction answers all go
// through `call`, under DISCORD_API_URL (webhook posts under DISCORD_WEBHOOK_RELAY_URL when set).
// It answers what Discord said (status, its JSON error code, the JSON body, a sentence for logs)
// and what it said of its rate limits, and keeps those limits, per route key and global, for the
// callers to wait on (in this process's memory: each instance learns them from its own answers,
// as Discord's own libraries do). It is the only place that reads a 429.
//
// Never follows a redirect, never waits past its time limit, reads at most 64 KB of an answer, and
// never puts a secret (the bot token, a webhook's or an interaction's token) in what it returns.

const MAX_ANSWER_BYTES = 64 * 1024;
/** No wait Discord asks for is taken longer than this; the outboxes' age limit gives up on what waits too long. */
const MAX_WAIT_MS = 3_600_000;
const USER_AGENT = 'DiscordBot (https://github.com/format-hub, 1.0)';

export interface RateLimitFacts {
  /** X-RateLimit-Bucket: Discord's name of the limit this route shares */
  bucket: string | null;
  /** X-RateLimit-Remaining */
  remaining: number | null;
  /** X-RateLimit-Reset: when the window resets, epoch ms */
  resetAt: number | null;
  /** X-RateLimit-Reset-After, in ms from the answer */
  resetAfterMs: number | null;
  /** a 429's wait: the body's retry_after (exact), else Retry-After (whole seconds) */
  retryAfterMs: number | null;
  /** the 429 is the bot's global limit (every route waits) */
  global: boolean;
  /** X-RateLimit-Scope: user, global or shared */
  scope: string | null;
}

export interface DiscordAnswer {
  /** null: no answer (time limit, connection refused) */
  status: number | null;
  /** a 2xx */
  ok: boolean;
  /** Discord's JSON error code (10003 Unknown Channel, 50007 Cannot send messages to this user, …) */
  code: number | null;
  /** the answer's JSON, when it was JSON */
  json: unknown;
  /** what went wrong, for logs and the audit log ('HTTP 404: Unknown Webhook (10015)'); null for a 2xx */
  error: string | null;
  limits: RateLimitFacts;
}

export interface DiscordCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** under the API base: '/channels/1/messages' */
  path: string;
  body?: unknown;
  /** 'bot' (default): the bot token in Authorization; 'none': the path's own token authorizes it (webhooks) */
  auth?: 'bot' | 'none';
  /** blanked out of every error (a webhook's or an interaction's token) */
  secrets?: readonly string[];
  /** a webhook post goes to the relay when one is set */
  relay?: boolean;
  timeoutMs?: number;
}

export interface DiscordClientOptions {
  /** DISCORD_API_URL, without a trailing slash (https://discord.com/api/v10) */
  apiUrl: string;
  /** DISCORD_WEBHOOK_RELAY_URL: webhook posts go to it with the path /api/webhooks/{id}/{token} */
  relayUrl?: string;
  /** the bot token (DISCORD_BOT_TOKEN), for the calls made as the bot */
  token?: string;
  timeoutMs?: number;
  /** the clock of the rate limits (tests move it on instead of waiting) */
  now?: () => number;
  fetch?: typeof fetch;
}

/**
 * The key of the limit a call counts against: its top-level resource (a channel, a guild, a
 * webhook: Discord's "major parameters"), else the route itself. A 429 on one DM channel holds
 * that channel only; one on the channel-opening route holds every opening.
 */
export function routeKey(method: string, path: string): string {
  // a webhook's limit is its id and token's (an interaction's late answers each have their own token)
  const webhook = /^\/webhooks\/(\d{1,25}\/[\w.-]{1,200})/.exec(path);
  if (webhook) return `webhooks/${webhook[1]}`;
  const major = /^\/(channels|guilds)\/([\w-]{1,64})/.exec(path);
  if (major) return `${major[1]}/${major[2]}`;
  return `${method} ${path.replace(/\/\d{1,25}(?=\/|$)/g, '/:id').split('?')[0]}`;
}

type Auth = 'bot' | 'none';

export class DiscordClient {
  private readonly until = new Map<string, number>();
  /** the global limit is the bot's (its token); unauthenticated webhook posts have their own */
  private readonly globalUntil: Record<Auth, number> = { bot: 0, none: 0 };
  private readonly now: () => number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly o: DiscordClientOptions) {
    this.now = o.now ?? Date.now;
    this.fetchImpl = o.fetch ?? fetch;
  }

  get hasToken(): boolean {
    return !!this.o.token;
  }

  /** How long a call on this route must wait for a limit Discord announced (0: it may go now). */
  waitMs(method: string, path: string, auth: Auth = 'bot'): number {
    return Math.max(this.globalWaitMs(auth), (this.until.get(routeKey(method, path)) ?? 0) - this.now());
  }

  /** How long every call made as the bot (or, 'none', every webhook post) waits for a global limit. */
  globalWaitMs(auth: Auth = 'bot'): number {
    return Math.max(0, this.globalUntil[auth] - this.now());
  }

  async call(c: DiscordCall): Promise<DiscordAnswer> {
    const secrets = [...(c.secrets ?? []), ...(c.auth !== 'none' && this.o.token ? [this.o.token] : [])];
    const base = c.relay && this.o.relayUrl ? `${this.o.relayUrl.replace(/\/+$/, '')}/api` : this.o.apiUrl;
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    if (c.auth !== 'none') {
      if (!this.o.token) return noAnswer('the bot has no token (DISCORD_BOT_TOKEN)');
      headers.authorization = `Bot ${this.o.token}`;
    }
    const timeoutMs = c.timeoutMs ?? this.o.timeoutMs ?? 10_000;
    let res: Response;
    let text: string;
    try {
      res = await this.fetchImpl(`${base}${c.path}`, {
        method: c.method, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs),
        ...(c.body !== undefined && { body: JSON.stringify(c.body) }),
      });
      text = await readSome(res, MAX_ANSWER_BYTES);
    } catch (e) {
      return noAnswer(scrub(networkError(e, timeoutMs), secrets));
    }
    const json = parseJson(text);
    const limits = limitsOf(res, json);
    this.learn(routeKey(c.method, c.path), c.auth ?? 'bot', res.status, limits);
    const ok = res.status >= 200 && res.status < 300;
    const code = isRecord(json) && typeof json.code === 'number' ? json.code : null;
    return { status: res.status, ok, code, json, error: ok ? null : scrub(describe(res.status, json, text), secrets), limits };
  }

  /** What an answer says of the limits: a 429 holds its route (or, global, every route); a window used up holds its route until it resets. */
  private learn(key: string, auth: Auth, status: number, l: RateLimitFacts) {
    const now = this.now();
    if (status === 429) {
      const until = now + (l.retryAfterMs ?? 1000);
      if (l.global) this.globalUntil[auth] = Math.max(this.globalUntil[auth], until);
      else this.until.set(key, Math.max(this.until.get(key) ?? 0, until));
    } else if (l.remaining !== null && l.remaining <= 0 && l.resetAfterMs !== null) {
      this.until.set(key, Math.max(this.until.get(key) ?? 0, now + l.resetAfterMs));
    }
    if (this.until.size > 4096) for (const [k, t] of this.until) if (t <= now) this.until.delete(k);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function noAnswer(error: string): DiscordAnswer {
  return { status: null, ok: false, code: null, json: undefined, error, limits: { bucket: null, remaining: null, resetAt: null, resetAfterMs: null, retryAfterMs: null, global: false, scope: null } };
}

function secondsHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_WAIT_MS) : null;
}

function limitsOf(res: Response, json: unknown): RateLimitFacts {
  const h = res.headers;
  const remaining = h.get('x-ratelimit-remaining');
  const reset = Number(h.get('x-ratelimit-reset') ?? NaN);
  let retryAfterMs: number | null = null;
  if (res.status === 429) {
    // the body's retry_after is exact; Retry-After is the same wait rounded up to whole seconds
    const fromBody = isRecord(json) && typeof json.retry_after === 'number' && Number.isFinite(json.retry_after) ? json.retry_after * 1000 : null;
    retryAfterMs = Math.min(Math.max(fromBody ?? secondsHeader(h, 'retry-after') ?? secondsHeader(h, 'x-ratelimit-reset-after') ?? 1000, 0), MAX_WAIT_MS);
  }
  return {
    bucket: h.get('x-ratelimit-bucket')?.slice(0, 64) ?? null,
    remaining: remaining !== null && remaining.trim() !== '' && Number.isFinite(Number(remaining)) ? Number(remaining) : null,
    resetAt: Number.isFinite(reset) && reset > 0 ? Math.round(reset * 1000) : null,
    resetAfterMs: secondsHeader(h, 'x-ratelimit-reset-after'),
    retryAfterMs,
    global: res.status === 429 && ((isRecord(json) && json.global === true) || h.get('x-ratelimit-global') === 'true'),
    scope: h.get('x-ratelimit-scope')?.slice(0, 16) ?? null,
  };
}

/** Each secret blanked out of a text. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('…');
  return out;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** 'HTTP 404: Unknown Webhook (10015)': Discord's own message when it gave one, else the start of the answer. */
function describe(status: number, json: unknown, text: string): string {
  const message = isRecord(json) && typeof json.message === 'string' ? json.message + (typeof json.code === 'number' ? ` (${json.code})` : '') : text;
  const clean = message.replace(/\p{Cc}+/gu, ' ').trim().slice(0, 200);
  const redirect = status >= 300 && status < 400 ? 'redirected (not followed)' : '';
  return `HTTP ${status}${clean || redirect ? `: ${clean || redirect}` : ''}`;
}

function networkError(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; name?: string } };
  if (err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const code = err?.cause?.code;
  return `could not reach Discord (${code ?? err?.message ?? 'network error'})`;
}

export type Download =
  | { kind: 'ok'; bytes: Buffer }
  /** the body passed `maxBytes` (read no further) */
  | { kind: 'too-big' }
  /** no answer, an answer other than 200, or a body cut short or slower than the time limit */
  | { kind: 'failed'; status: number | null };

/**
 * A file from Discord's CDN (an attachment): no redirect followed, at most `maxBytes` read whatever
 * the answer claims, the whole download (body included) within `timeoutMs`.
 */
export async function download(url: URL, { maxBytes, timeoutMs, fetch: fetchImpl = fetch }: { maxBytes: number; timeoutMs: number; fetch?: typeof fetch }): Promise<Download> {
  let res: Response;
  try {
    res = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': USER_AGENT } });
  } catch {
    return { kind: 'failed', status: null };
  }
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel().catch(() => {});
    return { kind: 'failed', status: res.status };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return { kind: 'too-big' };
      chunks.push(value);
    }
  } catch {
    // the time limit struck mid-body, or the connection closed before the end
    return { kind: 'failed', status: res.status };
  } finally {
    await reader.cancel().catch(() => {});
  }
  return { kind: 'ok', bytes: Buffer.concat(chunks) };
}

/** At most `limit` bytes of a body, as text; the rest is discarded unread. */
export async function readSome(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
