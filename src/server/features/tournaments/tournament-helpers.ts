// What the tournament route files share: the write helpers that tournaments-routes.ts makes and
// hands to each register*Routes. Types only, so that every route file imports downward.
import type { FastifyRequest } from 'fastify';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CachedBody } from '../../http/http-cache.ts';
import type { CardIndex } from '../cards/card-index.ts';
import type { EventEffects } from './event-effects.ts';
import type { EventWrite } from './event-write.ts';
import type { TournamentLive } from './tournament-live.ts';
import type { TournamentReads } from './tournament-reads.ts';
import type { TeamsContext } from './tournament-views.ts';
import type * as Events from './events-repository.ts';

/** What the routes of play (matches-routes.ts, round-routes.ts) need. */
export interface PlayHelpers {
  live: TournamentLive;
  /** what the event's writes set going in other features (the webhook, the bot, the record, seeding) */
  effects: EventEffects;
  /** the one write of an event (event-write.ts): locked, its version moved once, audited, published after commit */
  write: EventWrite;
  /** the same write for a score report: the event's row in the columns a report reads */
  writePlay: EventWrite<Events.PlayEventRow>;
  /** a write of an admin or the host (else 403), its line in the event's log with the state before and after (none when `unchanged`) */
  adminAction<T>(req: FastifyRequest, uid: string, action: string, work: (tx: Tx, t: Events.TournamentRow, user: { discordId: string }) => Promise<{ result: T; before?: unknown; after?: unknown; unchanged?: boolean }>): Promise<T>;
  loadTournament(tx: Tx, t: Events.TournamentRow): Promise<Tournament>;
  findOr404(uid: string): Promise<Events.TournamentRow>;
  refuseIfOver(t: Events.TournamentRow): void;
  /** drops this tournament's cached reads (call after commit) */
  changed(uid: string): void;
  /** inside a transaction that is not an event's write (a new event, a record's signatures): other instances drop this tournament's cached reads when it commits */
  notice(tx: Tx, uid: string): Promise<void>;
  /** a public read of this tournament, from memory until its next change */
  cached<T>(uid: string, key: string, make: () => Promise<T | undefined>): CachedBody | Promise<CachedBody | undefined>;
}

/** What the routes of teams, decks and play (teams-routes.ts, decks-routes.ts, matches-routes.ts) share with these. */
export interface TournamentHelpers extends PlayHelpers {
  db: Db;
  cards: CardIndex;
  teamsContext(tx: Tx, uid: string): Promise<TeamsContext>;
  refuseIfStarted(t: Events.TournamentRow, what: string): void;
  /** the public reads' cache (exports-routes.ts keeps its files there too) */
  tournamentReads: TournamentReads;
}
