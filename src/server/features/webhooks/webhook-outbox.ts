// The webhook outbox's rules (decision 018; the loop is src/server/discord/outbox.ts): one request at
// a time per webhook, oldest due message first, at most 5 requests per 2 seconds to one webhook from
// this instance, and whatever Discord says of its limits (the Discord client keeps them). Each
// message has its own retry schedule (a failing one keeps no later one waiting, issue 30 §7); each
// failure is a line of the tournament's audit log; a message about a round that is over is dropped,
// not sent late (round-over.ts). A webhook that is gone (401/403/404) gives up everything waiting for
// it. A test message is tried once. The webhook's URL (a secret) is never logged.
import type { FastifyBaseLogger } from 'fastify';
import { DISCORD_WEBHOOK_URL } from '../../../domain/api/event-night.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';
import type { Attempts, Delivered, Outcome, OutboxRules } from '../../discord/outbox.ts';
import { nextDue, recordOutcomes } from '../../discord/outbox-repository.ts';
import * as Events from '../tournaments/events-repository.ts';
import * as Audit from '../tournaments/audit-repository.ts';
import { overReason } from './round-over.ts';
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

/** A Discord webhook URL's path under the API and its two secrets; null for anything else (never posted). */
export function webhookTarget(stored: string): { path: string; secrets: [string, string] } | null {
  if (!DISCORD_WEBHOOK_URL.test(stored)) return null;
  const [, id, token] = /\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(stored)!;
  return { path: `/webhooks/${id}/${token}`, secrets: [token!, id!] };
}

export interface WebhookLimits {
  /** per webhook from this instance: at most `requests` in `windowMs` (Discord's webhook limit: 5 in 2 s) */
  requests: number;
  windowMs: number;
}

export class WebhookOutbox implements OutboxRules<Repo.ClaimedDelivery> {
  readonly name = 'Discord webhook';
  readonly leaseMs: number;
  /** per webhook URL: when this instance last sent to it (the local window) */
  private readonly sends = new Map<string, number[]>();

  constructor(private readonly db: Db, private readonly client: DiscordClient, private readonly log: FastifyBaseLogger, readonly limits: WebhookLimits, timeoutMs: number) {
    this.leaseMs = timeoutMs + 5_000;
  }

  pausedMs(): number {
    return this.client.globalWaitMs('none');
  }

  claim(now: Date, leaseUntil: Date, limit: number) {
    return Repo.claimDue(this.db, now, leaseUntil, limit);
  }

  nextDue(now: Date) {
    return nextDue(this.db, 'webhook_deliveries', now);
  }

  async send(row: Repo.ClaimedDelivery, now: Date, attempts: Attempts): Promise<Outcome> {
    if (row.tournamentUid !== null) {
      const over = overReason(row.kind, row.round, await Events.findTournament(this.db, row.tournamentUid));
      if (over) return { kind: 'dropped', reason: over };
    }
    const old = attempts.tooOld(row, now);
    if (old) return old;
    const target = webhookTarget(row.url);
    if (!target) return { kind: 'failed', error: 'the webhook address is not a Discord webhook', status: null, code: null };
    // Discord's limit, as the client learned it, then this instance's share of the window
    const held = this.client.waitMs('POST', target.path, 'none');
    if (held > 0) return { kind: 'wait', until: new Date(now.getTime() + held) };
    const slot = this.windowWait(row.url, now.getTime());
    if (slot > 0) return { kind: 'wait', until: new Date(now.getTime() + slot) };
    const answer = await this.client.call({ method: 'POST', path: target.path, body: row.body, auth: 'none', secrets: target.secrets, relay: true });
    if (!answer.ok && (answer.status === 401 || answer.status === 403 || answer.status === 404)) {
      return { kind: 'failed', error: `${answer.error}: the webhook was deleted or its address is wrong; set it again in the event's settings`, status: answer.status, code: answer.code, gone: true };
    }
    const outcome = attempts.outcome(answer, row, now);
    // a test says how the channel is now: tried again later, it would only hide that answer
    if (outcome.kind === 'retry' && row.kind === 'test') return { kind: 'failed', error: `${outcome.error}; a test message is tried once`, status: outcome.status, code: null };
    if (outcome.kind === 'wait') this.log.info({ tournament: row.tournamentUid, kind: row.kind, retryAfterMs: answer.limits.retryAfterMs, global: answer.limits.global }, 'Discord webhook rate limited');
    return outcome;
  }

  /** The batch's outcomes and their audit lines, in one transaction. */
  async record(results: Delivered<Repo.ClaimedDelivery>[], now: Date): Promise<void> {
    if (results.length === 0) return;
    await this.db.transaction(async (tx) => {
      await recordOutcomes(tx, 'webhook_deliveries', results, now);
      for (const { row, outcome: o } of results) {
        if (o.kind === 'dropped') {
          const entry: DroppedEntry = { kind: row.kind, ...(row.round !== undefined ? { round: row.round } : {}), reason: o.reason, attempts: row.attempts - 1 };
          // none when the event itself is gone: its log went with it
          if (row.tournamentUid !== null && o.reason !== 'the event no longer exists') await this.audit(tx, row.tournamentUid, DROPPED_ACTION, entry);
          this.log.info({ tournament: row.tournamentUid, kind: row.kind, round: row.round }, `Discord webhook message dropped: ${o.reason}`);
        } else if (o.kind === 'retry') {
          await this.audit(tx, row.tournamentUid, FAILED_ACTION, { kind: row.kind, status: o.status, error: o.error, attempt: row.attempts, final: false, retryAt: o.at.toISOString() } satisfies FailureEntry);
          this.warn(row, o.status, o.error, false);
        } else if (o.kind === 'failed') {
          if (o.gone) await this.webhookGone(tx, row, o.status, o.error);
          else await this.audit(tx, row.tournamentUid, FAILED_ACTION, { kind: row.kind, status: o.status, error: o.error, attempt: row.attempts, final: true } satisfies FailureEntry);
          this.warn(row, o.status, o.error, true);
        }
      }
    });
  }

  /** Everything else waiting for a webhook that is gone is given up too, one audit line per event. */
  private async webhookGone(tx: Tx, row: Repo.ClaimedDelivery, status: number | null, error: string): Promise<void> {
    const failed = await Repo.failPendingOf(tx, row.url, error);
    for (const uid of new Set([row.tournamentUid, ...failed.map((f) => f.tournamentUid)])) {
      const mine = failed.filter((f) => f.tournamentUid === uid);
      await this.audit(tx, uid, FAILED_ACTION, { kind: uid === row.tournamentUid ? row.kind : mine[0]!.kind, status, error, attempt: row.attempts, final: true, messages: mine.length + (uid === row.tournamentUid ? 1 : 0) } satisfies FailureEntry);
    }
  }

  /** An event's audit line; the site's own posts (no event) are only logged. */
  private async audit(tx: Tx, tournamentUid: string | null, action: string, after: FailureEntry | DroppedEntry) {
    if (tournamentUid !== null) await Audit.audit(tx, { tournamentUid, actorDiscordId: SYSTEM_ACTOR, action, after });
  }

  private warn(row: Repo.ClaimedDelivery, status: number | null, error: string, final: boolean) {
    this.log.warn({ tournament: row.tournamentUid, kind: row.kind, status, attempt: row.attempts, final }, `Discord webhook delivery failed: ${error}`);
  }

  /**
   * This instance's share of Discord's limit: 0 when a request to this webhook may go now (it is
   * counted), else how long until the oldest of the last `requests` leaves the window.
   */
  private windowWait(url: string, now: number): number {
    const recent = (this.sends.get(url) ?? []).filter((t) => now - t < this.limits.windowMs);
    if (recent.length >= this.limits.requests) return Math.max(this.limits.windowMs - (now - recent[0]!), 1);
    recent.push(now);
    this.sends.set(url, recent);
    if (this.sends.size >= 256) for (const [u, times] of this.sends) if (times.every((t) => now - t >= this.limits.windowMs)) this.sends.delete(u);
    return 0;
  }
}
