// One POST of one message to a Discord webhook, and what its answer means for the outbox: sent,
// wait (429), give up (another 4xx), or try again later (5xx, no answer). Never follows redirects,
// never waits longer than the timeout, reads at most a few kilobytes of the answer, and never puts
// the webhook's address (its token is a secret) into the error it returns.
import { DISCORD_WEBHOOK_URL } from '../../../domain/api/event-night.ts';

/** A message is a few kilobytes (Discord takes 6,000 characters of embeds): anything larger is refused at enqueue. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Of an answer, only this much is read (an error's message, a 429's retry_after). */
const MAX_ANSWER_BYTES = 16 * 1024;
/** No 429 wait is taken longer than this; the outbox's age limit gives up on what waits too long. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export interface RateLimitState {
  /** requests left in the current window (X-RateLimit-Remaining) */
  remaining: number;
  /** when the window resets, from now (X-RateLimit-Reset-After) */
  resetAfterMs: number;
}

export type SendOutcome =
  | { kind: 'sent'; status: number; rateLimit?: RateLimitState }
  /** 429: wait retryAfterMs, not a failure of the message */
  | { kind: 'rate-limited'; status: 429; retryAfterMs: number; global: boolean }
  /** another 4xx (or a redirect): trying again cannot help; `webhookGone` for 401, 403, 404 (deleted or bad token) */
  | { kind: 'refused'; status: number; error: string; webhookGone: boolean }
  /** a 5xx or no answer: try again later */
  | { kind: 'failed'; status: number | null; error: string };

/**
 * Where a stored webhook URL is posted: itself, or with a relay (DISCORD_WEBHOOK_RELAY_URL) the
 * relay's base with the webhook's path. Null when the stored URL is not a Discord webhook (the
 * settings schema refuses those; checked again so the server never posts elsewhere).
 */
export function deliveryUrl(stored: string, relayBase: string | undefined): string | null {
  if (!DISCORD_WEBHOOK_URL.test(stored)) return null;
  if (!relayBase) return stored;
  const path = new URL(stored).pathname;
  return `${relayBase.replace(/\/+$/, '')}${path}`;
}

/** The secret parts of a webhook URL (its id and token) blanked out of a text. */
export function scrub(text: string, stored: string): string {
  const match = /\/api\/webhooks\/(\d+)\/([\w-]+)/.exec(stored);
  let out = text;
  for (const secret of match ? [match[2]!, match[1]!] : []) out = out.split(secret).join('…');
  return out;
}

export interface SendOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
}

export async function sendMessage(target: string, body: string, stored: string, { timeoutMs, fetch: fetchImpl = fetch }: SendOptions): Promise<SendOutcome> {
  let res: Response;
  let answer: string;
  try {
    res = await fetchImpl(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'FormatHub (event webhooks, 1.0)' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    answer = await readSome(res, MAX_ANSWER_BYTES);
  } catch (e) {
    return { kind: 'failed', status: null, error: scrub(networkError(e, timeoutMs), stored) };
  }
  const status = res.status;
  if (status >= 200 && status < 300) return { kind: 'sent', status, rateLimit: rateLimitOf(res.headers) };
  const json = parseJson(answer);
  if (status === 429) {
    const fromBody = typeof json?.retry_after === 'number' ? json.retry_after * 1000 : NaN;
    const fromHeader = secondsHeader(res.headers, 'retry-after') ?? secondsHeader(res.headers, 'x-ratelimit-reset-after');
    // the body's retry_after is exact; Retry-After is the same wait rounded up to whole seconds
    const wait = Number.isFinite(fromBody) ? fromBody : (fromHeader ?? 1000);
    return { kind: 'rate-limited', status, retryAfterMs: Math.min(Math.max(wait, 0), MAX_RETRY_AFTER_MS), global: json?.global === true || res.headers.get('x-ratelimit-global') === 'true' };
  }
  const error = scrub(describeAnswer(status, json, answer), stored);
  if (status >= 500) return { kind: 'failed', status, error };
  return { kind: 'refused', status, error, webhookGone: status === 401 || status === 403 || status === 404 };
}

function rateLimitOf(headers: Headers): RateLimitState | undefined {
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const resetAfterMs = secondsHeader(headers, 'x-ratelimit-reset-after');
  if (headers.get('x-ratelimit-remaining') === null || !Number.isFinite(remaining) || resetAfterMs === undefined) return undefined;
  return { remaining, resetAfterMs: Math.min(resetAfterMs, MAX_RETRY_AFTER_MS) };
}

function secondsHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** 'HTTP 404: Unknown Webhook (10015)': Discord's own message when it gave one, else the start of the answer. */
function describeAnswer(status: number, json: Record<string, unknown> | undefined, text: string): string {
  const message = typeof json?.message === 'string' ? json.message + (typeof json.code === 'number' ? ` (${json.code})` : '') : text;
  const clean = message.replace(/\p{Cc}+/gu, ' ').trim().slice(0, 200);
  const redirect = status >= 300 && status < 400 ? 'redirected (not followed)' : '';
  return `HTTP ${status}${clean || redirect ? `: ${clean || redirect}` : ''}`;
}

function networkError(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; name?: string } };
  if (err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const code = err?.cause?.code;
  if (code) return `could not reach the webhook (${code})`;
  return `could not reach the webhook (${err?.message ?? 'network error'})`;
}

/** At most `limit` bytes of the answer, as text; the rest is discarded unread. */
async function readSome(res: Response, limit: number): Promise<string> {
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
