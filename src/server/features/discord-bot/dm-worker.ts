// Sends the direct-message outbox (decision 033): kicked after each commit that queued messages,
// and on a poll for retries and for rows a restart left behind. Per message: the user's DM channel
// is opened once (POST /users/@me/channels, kept on discord_users), then the message is posted to
// it with the bot token. Discord's limits are obeyed from its headers and 429s: a global pause, and
// per channel (the channel-opening route as one more key) — Discord's per-route buckets simplified.
// A 429 is waited out (not an attempt); a 5xx or no answer is retried with the webhooks' backoff;
// another 4xx is final (50007: the user takes no direct messages, which the host sees). A message
// carries a nonce Discord enforces: a retry after a lost answer is not shown twice. The bot token
// is only ever in the Authorization header.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { afterFailure, DEFAULT_RETRY, formatSpan, type RetryPolicy } from '../webhooks/backoff.ts';
import { sendMessage, type SendOutcome } from '../webhooks/webhook-sender.ts';
import * as Repo from './dm-repository.ts';

export interface DmTuning {
  retry?: Partial<RetryPolicy>;
  /** how often due rows are looked for when nothing kicks (default 3 s) */
  pollMs?: number;
  /** one request's limit (default 10 s) */
  timeoutMs?: number;
  /** rows claimed and sent at once, each for another user (default 48) */
  batch?: number;
  random?: () => number;
  fetch?: typeof fetch;
}

const OPEN_KEY = 'open-channel';

/** What a batch's deliveries leave to write once, after all of them: channels opened, rows held for a rate limit. */
interface Batch { kept: Map<string, string>; held: Repo.Held[] }
/** "(50007)" at the end of the sender's description of Discord's JSON error */
const codeOf = (error: string) => {
  const m = /\((\d{4,6})\)\s*$/.exec(error);
  return m ? Number(m[1]) : null;
};

export class DmWorker {
  private policy: RetryPolicy;
  private tuning: Required<Omit<DmTuning, 'retry' | 'fetch'>> & { fetch?: typeof fetch };
  private globalUntil = 0;
  /** per DM channel (and the channel-opening route): no request before this time */
  private readonly until = new Map<string, number>();
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly apiUrl: string, private readonly token: string, tuning: DmTuning = {}) {
    this.policy = { ...DEFAULT_RETRY };
    this.tuning = { pollMs: 3_000, timeoutMs: 10_000, batch: 48, random: Math.random };
    this.tune(tuning);
  }

  /** Tests shorten the waits. */
  tune(t: DmTuning): void {
    this.policy = { ...this.policy, ...t.retry };
    const { retry: _retry, ...rest } = t;
    this.tuning = { ...this.tuning, ...rest };
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.kick();
  }

  kick(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (!this.stopped && this.again) this.kick();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    let wake = this.tuning.pollMs;
    try {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped) return;
          const now = new Date();
          // while Discord holds every call (a global 429) nothing is claimed: the rows stay as they are,
          // not rewritten once per wait; while it holds the channel-opening route, only kept channels go
          if (this.globalUntil > now.getTime()) {
            wake = Math.min(wake, this.globalUntil - now.getTime());
            break;
          }
          const opening = (this.until.get(OPEN_KEY) ?? 0) - now.getTime();
          if (opening > 0) wake = Math.min(wake, opening);
          const lease = new Date(now.getTime() + this.tuning.timeoutMs * 2 + 5_000);
          const claimed = await Repo.claimDue(this.db, now, lease, this.tuning.batch, { withChannel: opening > 0 });
          if (claimed.length === 0) break;
          const batch: Batch = { kept: new Map(), held: [] };
          const results = await Promise.allSettled(claimed.map((row) => this.deliver(row, batch)));
          // the channels opened, kept in one write (one lost to a crash is opened again: Discord answers the same channel)
          await Repo.keepChannels(this.db, batch.kept);
          // the rows waiting for a rate limit, in one write (a round's first messages meet hundreds of 429s)
          await Repo.holdMany(this.db, batch.held);
          // the batch's sent rows in one write (a row left pending by a crash here goes again with its nonce: Discord shows it once)
          const sent = claimed.filter((_, i) => {
            const r = results[i]!;
            return r.status === 'fulfilled' && r.value === true;
          });
          await Repo.markSent(this.db, sent.map((r) => r.id), new Date());
          const failure = results.find((r) => r.status === 'rejected');
          if (failure) throw failure.reason;
        }
      } while (this.again && !this.stopped);
      const due = await Repo.nextDue(this.db, new Date());
      if (due) wake = Math.min(wake, Math.max(due.getTime() - Date.now(), 10));
    } catch (e) {
      if (!this.stopped) this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'Discord DM outbox: could not read the queue');
    } finally {
      if (!this.stopped) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), wake);
        this.timer.unref();
      }
    }
  }

  /** A POST with the bot token; the answer's JSON when it was a 2xx. */
  private async post(url: string, body: unknown): Promise<{ outcome: SendOutcome; json?: Record<string, unknown> }> {
    let captured: Response | undefined;
    const base = this.tuning.fetch ?? fetch;
    const authed = (async (input: string, init: RequestInit) => {
      const res = await base(input, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bot ${this.token}` } });
      captured = res.clone();
      return res;
    }) as typeof fetch;
    const outcome = await sendMessage(url, JSON.stringify(body), '', { timeoutMs: this.tuning.timeoutMs, fetch: authed });
    if (outcome.kind !== 'sent') {
      await captured?.body?.cancel().catch(() => {});
      return { outcome };
    }
    const json = await captured?.json().catch(() => undefined) as Record<string, unknown> | undefined;
    return { outcome, json };
  }

  /** Tries one message; true when Discord took it (the caller marks it sent). */
  private async deliver(row: Repo.ClaimedDm, batch: Batch): Promise<boolean | void> {
    const started = Date.now();
    if (started - row.createdAt.getTime() > this.policy.maxAgeMs) {
      return this.giveUp(row, `not sent within ${formatSpan(this.policy.maxAgeMs)}`, null);
    }
    // turned off after it was queued: not sent
    if (row.dmOff) return this.giveUp(row, 'the player turned direct messages off', null);
    let channel = row.channelId;
    const key = channel ?? OPEN_KEY;
    const wait = Math.max(this.globalUntil, this.until.get(key) ?? 0) - started;
    if (wait > 0) return void batch.held.push({ id: row.id, at: new Date(started + wait) });
    if (!channel) {
      const opened = await this.post(`${this.apiUrl}/users/@me/channels`, { recipient_id: row.discordId });
      if (opened.outcome.kind !== 'sent') return this.after(row, OPEN_KEY, opened.outcome, batch);
      this.limited(OPEN_KEY, opened.outcome);
      if (typeof opened.json?.id !== 'string') return this.after(row, OPEN_KEY, { kind: 'failed', status: opened.outcome.status, error: 'Discord opened no DM channel' }, batch);
      channel = opened.json.id;
      batch.kept.set(row.discordId, channel);
      const more = Math.max(this.globalUntil, this.until.get(channel) ?? 0) - Date.now();
      if (more > 0) return void batch.held.push({ id: row.id, at: new Date(Date.now() + more) });
    }
    // the nonce is enforced by Discord: a retry after a lost answer returns the same message
    const sent = await this.post(`${this.apiUrl}/channels/${channel}/messages`, { ...row.body, nonce: `fh-dm-${row.id}`, enforce_nonce: true });
    if (sent.outcome.kind === 'sent') {
      this.limited(channel, sent.outcome);
      return true;
    }
    // a channel Discord no longer knows (10003) is opened again on the next try
    if (sent.outcome.kind === 'refused' && codeOf(sent.outcome.error) === 10003) {
      await Repo.setChannel(this.db, row.discordId, null);
      return Repo.reschedule(this.db, row.id, new Date(), { error: sent.outcome.error });
    }
    return this.after(row, channel, sent.outcome, batch);
  }

  /** A 2xx that used up its window: that key waits for the reset. */
  private limited(key: string, outcome: Extract<SendOutcome, { kind: 'sent' }>) {
    if (outcome.rateLimit && outcome.rateLimit.remaining <= 0) this.until.set(key, Date.now() + outcome.rateLimit.resetAfterMs);
    if (this.until.size > 4096) for (const [k, t] of this.until) if (t < Date.now()) this.until.delete(k);
  }

  private async after(row: Repo.ClaimedDm, key: string, outcome: SendOutcome, batch: Batch): Promise<void> {
    const now = Date.now();
    switch (outcome.kind) {
      case 'sent':
        return;
      case 'rate-limited': {
        const retryAt = now + outcome.retryAfterMs;
        if (outcome.global) this.globalUntil = Math.max(this.globalUntil, retryAt);
        else this.until.set(key, Math.max(this.until.get(key) ?? 0, retryAt));
        this.log.info({ retryAfterMs: outcome.retryAfterMs, global: outcome.global }, 'Discord DM rate limited');
        return void batch.held.push({ id: row.id, at: new Date(retryAt), error: `HTTP 429: rate limited for ${(outcome.retryAfterMs / 1000).toFixed(1)} s` });
      }
      case 'refused':
        return this.giveUp(row, outcome.error, codeOf(outcome.error));
      case 'failed': {
        const next = afterFailure(row.attempts, row.createdAt, new Date(now), this.policy, this.tuning.random);
        if ('giveUp' in next) return this.giveUp(row, `${outcome.error}; ${next.giveUp}`, null);
        this.log.warn({ tournament: row.tournamentUid, kind: row.kind, status: outcome.status, attempt: row.attempts }, `Discord DM failed, tried again later: ${outcome.error}`);
        return Repo.reschedule(this.db, row.id, next.retryAt, { error: outcome.error });
      }
    }
  }

  private async giveUp(row: Repo.ClaimedDm, error: string, code: number | null): Promise<void> {
    await Repo.markFailed(this.db, row.id, error, code);
    this.log.warn({ tournament: row.tournamentUid, kind: row.kind, code, attempt: row.attempts }, `Discord DM given up: ${error}`);
  }
}
