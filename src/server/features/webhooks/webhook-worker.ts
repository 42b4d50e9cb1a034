// Sends the outbox (decision 018): after each commit that queued a message (kick), and every few
// seconds for retries and for rows a restart left behind (poll). One request at a time per webhook,
// oldest due message first, at most 5 requests per 2 seconds to one webhook from this instance,
// Discord's rate-limit headers and 429s obeyed for the whole webhook; each message has its own
// retry schedule (a failing one keeps no later one waiting, issue 30 §7), is retried with backoff,
// then given up, each failure written to the tournament's audit log. A message about a round that
// is over is dropped, not sent late (round-over.ts), with an audit line saying why. The webhook's URL (a secret) is never logged. Only 'pending' rows are
// claimed: a restored backup's 'held' rows are never sent until an operator releases them (decision 026).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import * as TournamentsRepo from '../tournaments/tournaments-repository.ts';
import { overReason } from './round-over.ts';
import { afterFailure, DEFAULT_RETRY, formatSpan, type RetryPolicy } from './backoff.ts';
import { deliveryUrl, sendMessage } from './webhook-sender.ts';
import * as Repo from './webhooks-repository.ts';

/** Who the audit log names for what the server did on its own. */
export const SYSTEM_ACTOR = 'system';
export const FAILED_ACTION = 'discord-webhook-failed';
export const DROPPED_ACTION = 'discord-webhook-dropped';

/** What the audit entry of a dropped message holds. */
export interface DroppedEntry {
  kind: string;
  round?: number;
  reason: string;
  /** attempts made before (failed or waited out) */
  attempts: number;
}

export interface WebhookTuning {
  /** the clock of every decision (tests move it on instead of waiting) */
  now?: () => Date;
  retry?: Partial<RetryPolicy>;
  /** how often due rows are looked for when nothing kicks (default 3 s) */
  pollMs?: number;
  /** one request's limit, answer included (default 10 s) */
  timeoutMs?: number;
  /** rows claimed at once, each of another webhook (default 8) */
  batch?: number;
  /** per webhook from this instance: at most `requests` in `windowMs` (default 5 in 2 s, Discord's webhook limit) */
  requests?: number;
  windowMs?: number;
  /** jitter of the backoff (tests: () => 0.5) */
  random?: () => number;
  fetch?: typeof fetch;
  /** false: never sends (the row stays pending); for a test of what is queued */
  enabled?: boolean;
}

/** What the audit entry of a failure holds: what failed and how, never the webhook's address. */
export interface FailureEntry {
  kind: string;
  status: number | null;
  error: string;
  attempt: number;
  /** true: given up, no further try */
  final: boolean;
  /** the next try, when there is one */
  retryAt?: string;
  /** a webhook that is gone gives up every waiting message at once: how many */
  messages?: number;
}

export class WebhookWorker {
  private readonly now: () => Date;
  private readonly policy: RetryPolicy;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly batch: number;
  private readonly requests: number;
  private readonly windowMs: number;
  private readonly random: () => number;
  private readonly fetch: typeof fetch | undefined;
  private readonly enabled: boolean;
  /** per webhook URL: when this instance last sent to it (the local 5-per-2-s window) */
  private readonly sends = new Map<string, number[]>();
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly relayUrl: string | undefined,
    tuning: WebhookTuning = {},
  ) {
    this.now = tuning.now ?? (() => new Date());
    this.policy = { ...DEFAULT_RETRY, ...tuning.retry };
    this.pollMs = tuning.pollMs ?? 3_000;
    this.timeoutMs = tuning.timeoutMs ?? 10_000;
    this.batch = tuning.batch ?? 8;
    this.requests = tuning.requests ?? 5;
    this.windowMs = tuning.windowMs ?? 2_000;
    this.random = tuning.random ?? Math.random;
    this.fetch = tuning.fetch;
    this.enabled = tuning.enabled ?? true;
  }

  /** The clock enqueue stamps rows with. */
  clock(): Date {
    return this.now();
  }

  start(): void {
    if (this.started || !this.enabled) return;
    this.started = true;
    this.kick();
  }

  /** Look for due rows now (after a commit that queued some); a pass under way looks again when done. */
  kick(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) this.kick();
    });
  }

  /** No new claims; the requests under way finish (each within the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async run(): Promise<void> {
    let wake = this.pollMs;
    try {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped) return;
          const now = this.now();
          const claimed = await Repo.claimDue(this.db, now, new Date(now.getTime() + this.leaseMs()), this.batch);
          if (claimed.length === 0) break;
          // each row is another webhook's: they go out side by side
          const results = await Promise.allSettled(claimed.map((row) => this.deliver(row)));
          const failure = results.find((r) => r.status === 'rejected');
          if (failure) throw failure.reason;
        }
      } while (this.again && !this.stopped);
      const due = await Repo.nextDue(this.db, this.now());
      if (due) wake = Math.min(this.pollMs, Math.max(due.getTime() - this.now().getTime(), 10));
    } catch (e) {
      // the database went away (closing) or refused: try again at the next poll
      if (!this.stopped) this.log.warn({ err: e }, 'Discord webhook outbox: could not read the queue');
    } finally {
      if (!this.stopped) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), wake);
        this.timer.unref();
      }
    }
  }

  /** Longer than one request: a row is taken again only if its sender died. */
  private leaseMs(): number {
    return this.timeoutMs + 5_000;
  }

  private async deliver(row: Repo.ClaimedDelivery): Promise<void> {
    const started = this.now();
    const event = await TournamentsRepo.findTournament(this.db, row.tournamentUid);
    const over = overReason(row.kind, row.round, event);
    if (over) return this.drop(row, over, !!event);
    if (started.getTime() - row.createdAt.getTime() > this.policy.maxAgeMs) {
      return this.giveUp(row, null, `not sent within ${formatSpan(this.policy.maxAgeMs)} (the server was down or Discord unreachable)`);
    }
    const target = deliveryUrl(row.url, this.relayUrl);
    if (!target) return this.giveUp(row, null, 'the webhook address is not a Discord webhook');
    const wait = this.windowWait(row.url, started.getTime());
    if (wait > 0) {
      // this instance's share of the window is used up: the webhook waits until a slot frees
      const until = new Date(started.getTime() + wait);
      await Repo.reschedule(this.db, row.id, until, { uncount: true });
      await Repo.pause(this.db, row.url, until);
      return;
    }
    const outcome = await sendMessage(target, JSON.stringify(row.body), row.url, { timeoutMs: this.timeoutMs, fetch: this.fetch });
    const now = this.now();
    switch (outcome.kind) {
      case 'sent':
        await Repo.markSent(this.db, row.id, now);
        if (outcome.rateLimit && outcome.rateLimit.remaining <= 0) await Repo.pause(this.db, row.url, new Date(now.getTime() + outcome.rateLimit.resetAfterMs));
        return;
      case 'rate-limited': {
        // not the message's fault: waited out, not counted (the age limit still bounds it)
        const retryAt = new Date(now.getTime() + outcome.retryAfterMs);
        await Repo.reschedule(this.db, row.id, retryAt, { error: `HTTP 429: rate limited for ${(outcome.retryAfterMs / 1000).toFixed(1)} s`, uncount: true });
        await Repo.pause(this.db, row.url, retryAt);
        this.log.info({ tournament: row.tournamentUid, kind: row.kind, retryAfterMs: outcome.retryAfterMs, global: outcome.global }, 'Discord webhook rate limited');
        return;
      }
      case 'refused':
        if (!outcome.webhookGone) return this.giveUp(row, outcome.status, outcome.error);
        return this.webhookGone(row, outcome.status, outcome.error);
      case 'failed': {
        // a test says how the channel is now: tried again later, it would only hide that answer
        if (row.kind === 'test') return this.giveUp(row, outcome.status, `${outcome.error}; a test message is tried once`);
        const next = afterFailure(row.attempts, row.createdAt, now, this.policy, this.random);
        if ('giveUp' in next) return this.giveUp(row, outcome.status, `${outcome.error}; ${next.giveUp}`);
        await this.db.transaction(async (tx) => {
          await Repo.reschedule(tx, row.id, next.retryAt, { error: outcome.error });
          await this.audit(tx, row.tournamentUid, { kind: row.kind, status: outcome.status, error: outcome.error, attempt: row.attempts, final: false, retryAt: next.retryAt.toISOString() });
        });
        this.warn(row, outcome.status, outcome.error, false);
      }
    }
  }

  /** Dropped, with an audit line saying why (none when the event itself is gone: its log went with it). */
  private async drop(row: Repo.ClaimedDelivery, reason: string, audited: boolean): Promise<void> {
    const entry: DroppedEntry = { kind: row.kind, ...(row.round !== undefined ? { round: row.round } : {}), reason, attempts: row.attempts - 1 };
    await this.db.transaction(async (tx) => {
      await Repo.markDropped(tx, row.id, `dropped: ${reason}`);
      if (audited) await TournamentsRepo.audit(tx, { tournamentUid: row.tournamentUid, actorDiscordId: SYSTEM_ACTOR, action: DROPPED_ACTION, after: entry });
    });
    this.log.info({ tournament: row.tournamentUid, kind: row.kind, round: row.round }, `Discord webhook message dropped: ${reason}`);
  }

  private async giveUp(row: Repo.ClaimedDelivery, status: number | null, error: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await Repo.markFailed(tx, row.id, error);
      await this.audit(tx, row.tournamentUid, { kind: row.kind, status, error, attempt: row.attempts, final: true });
    });
    this.warn(row, status, error, true);
  }

  /** 401/403/404: the webhook was deleted or its token is wrong; nothing waiting for it can go out. */
  private async webhookGone(row: Repo.ClaimedDelivery, status: number, error: string): Promise<void> {
    const text = `${error}: the webhook was deleted or its address is wrong; set it again in the event's settings`;
    await this.db.transaction(async (tx) => {
      const failed = await Repo.failPendingOf(tx, row.url, text);
      for (const uid of new Set([row.tournamentUid, ...failed.map((f) => f.tournamentUid)])) {
        const mine = failed.filter((f) => f.tournamentUid === uid);
        await this.audit(tx, uid, { kind: uid === row.tournamentUid ? row.kind : mine[0]!.kind, status, error: text, attempt: row.attempts, final: true, messages: Math.max(mine.length, 1) });
      }
    });
    this.warn(row, status, text, true);
  }

  private audit(tx: Parameters<Parameters<Db['transaction']>[0]>[0], tournamentUid: string, after: FailureEntry) {
    return TournamentsRepo.audit(tx, { tournamentUid, actorDiscordId: SYSTEM_ACTOR, action: FAILED_ACTION, after });
  }

  private warn(row: Repo.ClaimedDelivery, status: number | null, error: string, final: boolean) {
    this.log.warn({ tournament: row.tournamentUid, kind: row.kind, status, attempt: row.attempts, final }, `Discord webhook delivery failed: ${error}`);
  }

  /**
   * This instance's share of Discord's limit: 0 when a request to this webhook may go now (it is
   * counted), else how long until the oldest of the last `requests` leaves the window.
   */
  private windowWait(url: string, now: number): number {
    const recent = (this.sends.get(url) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.requests) return Math.max(this.windowMs - (now - recent[0]!), 1);
    recent.push(now);
    this.sends.set(url, recent);
    this.forgetOld(now);
    return 0;
  }

  private forgetOld(now: number) {
    if (this.sends.size < 256) return;
    for (const [url, times] of this.sends) if (times.every((t) => now - t >= this.windowMs)) this.sends.delete(url);
  }
}
