// One loop for every Discord outbox (issue 38 §1): the event webhooks' posts (webhook_deliveries)
// and the bot's direct messages (discord_dms). Each outbox keeps its own table and rules (what to
// claim, how to send a row, what a batch's outcome writes); the loop claims due rows, sends them side
// by side, writes the batch's outcomes at once, backs off, and polls: kicked after each commit that
// queued a message, else every few seconds for retries and for rows a restart left behind. Rows are
// written in the action's own transaction, so a rolled-back action queues nothing and a committed one
// is never lost; 'held' rows (a restored backup's) are never claimed (decision 026).
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { DiscordAnswer } from './discord-client.ts';
import { afterFailure, DEFAULT_RETRY, formatSpan, type RetryPolicy } from './backoff.ts';

export interface OutboxRow { id: number; attempts: number; createdAt: Date }

/** What became of one row this pass. */
export type Outcome =
  | { kind: 'sent' }
  /** a rate limit: due again then, not counted as an attempt */
  | { kind: 'wait'; until: Date; error?: string }
  /** a failure worth another try (5xx, no answer) */
  | { kind: 'retry'; at: Date; error: string; status: number | null }
  /** given up; `gone`: the target itself is gone (a deleted webhook), so is everything waiting for it */
  | { kind: 'failed'; error: string; status: number | null; code: number | null; gone?: boolean }
  /** no longer worth sending (its round is over) */
  | { kind: 'dropped'; reason: string };

export interface Delivered<Row> { row: Row; outcome: Outcome }

export interface OutboxTuning {
  /** the clock of every decision (tests move it on instead of waiting) */
  now?: () => Date;
  retry?: Partial<RetryPolicy>;
  /** how often due rows are looked for when nothing kicks (default 3 s) */
  pollMs?: number;
  /** rows claimed and sent at once */
  batch?: number;
  /** jitter of the backoff (tests: () => 0.5) */
  random?: () => number;
  /** false: never sends (rows stay pending); for a test of what is queued */
  enabled?: boolean;
}

/** The loop's clock and retry rule, given to each delivery. */
export class Attempts {
  constructor(public policy: RetryPolicy, public random: () => number) {}

  /** Given up unsent: older than the age limit (last night's pairings help nobody). */
  tooOld(row: OutboxRow, now: Date): Outcome | undefined {
    if (now.getTime() - row.createdAt.getTime() <= this.policy.maxAgeMs) return undefined;
    return { kind: 'failed', error: `not sent within ${formatSpan(this.policy.maxAgeMs)} (the server was down or Discord unreachable)`, status: null, code: null };
  }

  /** A failure: tried again with backoff, or given up after the last attempt or past the age limit. */
  failure(row: OutboxRow, now: Date, error: string, status: number | null): Outcome {
    const next = afterFailure(row.attempts, row.createdAt, now, this.policy, this.random);
    if ('giveUp' in next) return { kind: 'failed', error: `${error}; ${next.giveUp}`, status, code: null };
    return { kind: 'retry', at: next.retryAt, error, status };
  }

  /** What Discord's answer means for the row: sent; a 429 waited out; a 5xx or no answer tried again; another 4xx final. */
  outcome(answer: DiscordAnswer, row: OutboxRow, now: Date): Outcome {
    if (answer.ok) return { kind: 'sent' };
    const error = answer.error ?? `HTTP ${answer.status}`;
    if (answer.status === 429) {
      const wait = answer.limits.retryAfterMs ?? 1000;
      return { kind: 'wait', until: new Date(now.getTime() + wait), error: `HTTP 429: rate limited for ${(wait / 1000).toFixed(1)} s` };
    }
    if (answer.status === null || answer.status >= 500) return this.failure(row, now, error, answer.status);
    return { kind: 'failed', error, status: answer.status, code: answer.code };
  }
}

export interface OutboxRules<Row extends OutboxRow> {
  /** names the outbox in the log ('Discord webhook', 'Discord DM') */
  readonly name: string;
  /** how long a claim holds a row (longer than one request: taken again only if its sender died) */
  readonly leaseMs: number;
  /** while above 0 nothing is claimed (a global rate limit): the rows stay as they are, not rewritten once per wait */
  pausedMs(): number;
  claim(now: Date, leaseUntil: Date, limit: number): Promise<Row[]>;
  /** one row; throws only when the database fails (the row then goes again once its lease runs out) */
  send(row: Row, now: Date, attempts: Attempts): Promise<Outcome>;
  /** a batch's outcomes, written at once after it (on the embedded database every write holds the one thread) */
  record(results: Delivered<Row>[], now: Date): Promise<void>;
  nextDue(now: Date): Promise<Date | undefined>;
}

export class OutboxLoop<Row extends OutboxRow> {
  private now: () => Date = () => new Date();
  private pollMs = 3_000;
  private batch: number;
  private enabled = true;
  readonly attempts = new Attempts({ ...DEFAULT_RETRY }, Math.random);
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly rules: OutboxRules<Row>, private readonly log: FastifyBaseLogger, defaults: { batch: number }, tuning: OutboxTuning = {}) {
    this.batch = defaults.batch;
    this.tune(tuning);
  }

  /** Tests shorten the waits, move the clock, or keep the loop from sending. */
  tune(t: OutboxTuning): void {
    if (t.now) this.now = t.now;
    if (t.pollMs !== undefined) this.pollMs = t.pollMs;
    if (t.batch !== undefined) this.batch = t.batch;
    if (t.enabled !== undefined) this.enabled = t.enabled;
    if (t.retry) this.attempts.policy = { ...this.attempts.policy, ...t.retry };
    if (t.random) this.attempts.random = t.random;
  }

  /** The clock rows are stamped with. */
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
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (!this.stopped && this.again) this.kick();
    });
  }

  /** No new claims; the requests under way finish (each within its time limit). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    let wake = this.pollMs;
    try {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped) return;
          const paused = this.rules.pausedMs();
          if (paused > 0) {
            wake = Math.min(wake, paused);
            break;
          }
          const now = this.now();
          const claimed = await this.rules.claim(now, new Date(now.getTime() + this.rules.leaseMs), this.batch);
          if (claimed.length === 0) break;
          const settled = await Promise.allSettled(claimed.map((row) => this.rules.send(row, now, this.attempts)));
          const done: Delivered<Row>[] = [];
          settled.forEach((s, i) => { if (s.status === 'fulfilled') done.push({ row: claimed[i]!, outcome: s.value }); });
          await this.rules.record(done, this.now());
          const failure = settled.find((s) => s.status === 'rejected');
          if (failure) throw failure.reason;
        }
      } while (this.again && !this.stopped);
      const due = await this.rules.nextDue(this.now());
      if (due) wake = Math.min(wake, Math.max(due.getTime() - this.now().getTime(), 10));
    } catch (e) {
      // the database went away (closing) or refused: tried again at the next poll
      if (!this.stopped) this.log.warn({ err: e instanceof Error ? e.message : String(e) }, `${this.rules.name} outbox: could not read the queue`);
    } finally {
      if (!this.stopped) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), wake);
        this.timer.unref();
      }
    }
  }
}

export interface Outbox<Row extends OutboxRow = OutboxRow> {
  loop: OutboxLoop<Row>;
  /** this request queued rows: the loop is kicked once its reply is sent (after the commit) */
  queued(req: FastifyRequest): void;
}

/** Starts and stops the loop with the app, and kicks it after each request that queued rows. */
export function registerOutbox<Row extends OutboxRow>(app: FastifyInstance, loop: OutboxLoop<Row>): Outbox<Row> {
  const pending = new WeakSet<FastifyRequest>();
  app.addHook('onResponse', (req, _reply, done) => {
    if (pending.delete(req)) loop.kick();
    done();
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
  return { loop, queued: (req) => void pending.add(req) };
}
