// The direct-message outbox's rules (decision 033; the loop is src/server/discord/outbox.ts). Per
// message: the user's DM channel is opened once (POST /users/@me/channels, kept on discord_users),
// then the message is posted to it as the bot. Discord's limits (per channel, the channel-opening
// route, the global one) are the Discord client's to keep: a row that would meet one waits without a
// call; during a global limit nothing is claimed, and while the opening route waits only players
// whose channel is kept are. A message carries a nonce Discord enforces: a retry after a lost answer
// is not shown twice. 50007 (the user takes no direct messages) is final and kept for the host;
// 10003 (a channel Discord forgot) opens the channel again on the next try.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';
import type { Attempts, Delivered, Outcome, OutboxRules } from '../../discord/outbox.ts';
import { nextDue, recordOutcomes } from '../../discord/outbox-repository.ts';
import * as Repo from './dm-repository.ts';

const OPEN_CHANNEL = '/users/@me/channels';
/** Discord's code for a channel it no longer knows. */
const UNKNOWN_CHANNEL = 10003;

export class DmOutbox implements OutboxRules<Repo.ClaimedDm> {
  readonly name = 'Discord DM';
  readonly leaseMs: number;
  /** what the batch under way learned, written with its outcomes */
  private opened = new Map<string, string>();
  private forgotten = new Set<string>();

  constructor(private readonly db: Db, private readonly client: DiscordClient, private readonly log: FastifyBaseLogger, timeoutMs: number) {
    this.leaseMs = timeoutMs * 2 + 5_000;
  }

  pausedMs(): number {
    return this.client.globalWaitMs();
  }

  claim(now: Date, leaseUntil: Date, limit: number) {
    return Repo.claimDue(this.db, now, leaseUntil, limit, { withChannel: this.client.waitMs('POST', OPEN_CHANNEL) > 0 });
  }

  nextDue(now: Date) {
    return nextDue(this.db, 'discord_dms', now);
  }

  async send(row: Repo.ClaimedDm, now: Date, attempts: Attempts): Promise<Outcome> {
    const old = attempts.tooOld(row, now);
    if (old) return old;
    // turned off after it was queued: not sent
    if (row.dmOff) return { kind: 'failed', error: 'the player turned direct messages off', status: null, code: null };
    let channel = row.channelId;
    if (!channel) {
      const wait = this.client.waitMs('POST', OPEN_CHANNEL);
      if (wait > 0) return { kind: 'wait', until: new Date(Date.now() + wait) };
      const opened = await this.client.call({ method: 'POST', path: OPEN_CHANNEL, body: { recipient_id: row.discordId } });
      if (!opened.ok) return this.after(attempts.outcome(opened, row, new Date()), row);
      const id = (opened.json as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) return attempts.failure(row, new Date(), 'Discord opened no DM channel', opened.status);
      channel = id;
      this.opened.set(row.discordId, channel);
    }
    const path = `/channels/${channel}/messages`;
    const wait = this.client.waitMs('POST', path);
    if (wait > 0) return { kind: 'wait', until: new Date(Date.now() + wait) };
    // the nonce is enforced by Discord: a retry after a lost answer returns the same message
    const sent = await this.client.call({ method: 'POST', path, body: { ...row.body, nonce: `fh-dm-${row.id}`, enforce_nonce: true } });
    if (!sent.ok && sent.code === UNKNOWN_CHANNEL) {
      this.forgotten.add(row.discordId);
      return { kind: 'retry', at: new Date(), error: sent.error ?? 'Unknown Channel', status: sent.status };
    }
    return this.after(attempts.outcome(sent, row, new Date()), row);
  }

  private after(outcome: Outcome, row: Repo.ClaimedDm): Outcome {
    if (outcome.kind === 'wait') this.log.info({ tournament: row.tournamentUid, kind: row.kind }, `Discord DM rate limited: ${outcome.error ?? 'waiting'}`);
    if (outcome.kind === 'retry') this.log.warn({ tournament: row.tournamentUid, kind: row.kind, status: outcome.status, attempt: row.attempts }, `Discord DM failed, tried again later: ${outcome.error}`);
    if (outcome.kind === 'failed') this.log.warn({ tournament: row.tournamentUid, kind: row.kind, code: outcome.code, attempt: row.attempts }, `Discord DM given up: ${outcome.error}`);
    return outcome;
  }

  /** The channels the batch opened or lost, and its rows' outcomes: one write each. */
  async record(results: Delivered<Repo.ClaimedDm>[], now: Date): Promise<void> {
    const [opened, forgotten] = [this.opened, this.forgotten];
    this.opened = new Map();
    this.forgotten = new Set();
    // a channel lost to a crash before this is opened again: Discord answers the same channel
    await Repo.keepChannels(this.db, opened);
    await Repo.forgetChannels(this.db, forgotten);
    await recordOutcomes(this.db, 'discord_dms', results, now);
  }
}
