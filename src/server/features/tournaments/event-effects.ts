// What an event's writes set going in other features, inside the write's transaction (issue 40 §4,
// decision 043): the event's Discord webhook posts, the bot's direct messages, the record written with
// the winner, the seeds by rating. Tournaments names what it needs here in its own types and calls it;
// src/server/event-effects.ts wires the features that do it. So the webhooks, the bot, the record and
// the players import tournaments, and tournaments imports none of them.
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type * as Events from './events-repository.ts';
import type * as Matches from './play/matches-repository.ts';
import type * as Teams from './teams/teams-repository.ts';

type Event = Events.TournamentRow;
type NamedTeam = Pick<Teams.TeamRow, 'uid' | 'name'>;

export interface EventEffects {
  /** the event's Discord webhook: posts queued in the write's transaction, sent after commit */
  webhooks: {
    checkInOpen(tx: Tx, req: FastifyRequest, t: Event): Promise<void>;
    pairings(tx: Tx, req: FastifyRequest, t: Event): Promise<void>;
    champion(tx: Tx, req: FastifyRequest, t: Event, winnerTeamUid: string): Promise<void>;
  };
  /** the bot's direct messages to the event's players, queued likewise */
  bot: {
    checkInOpened(tx: Tx, req: FastifyRequest, t: Event): Promise<void>;
    droppedNoShows(tx: Tx, req: FastifyRequest, t: Event, teams: readonly NamedTeam[]): Promise<void>;
    madeTopCut(tx: Tx, req: FastifyRequest, t: Event, cutTeamUids: readonly string[]): Promise<void>;
    roundPaired(tx: Tx, req: FastifyRequest, t: Event): Promise<void>;
    opponentReported(tx: Tx, req: FastifyRequest, t: Pick<Event, 'uid' | 'name'>, m: Matches.MatchRow, side: 1 | 2, gamesWon: number, gamesLost: number): Promise<void>;
    disputeSettled(tx: Tx, req: FastifyRequest, t: Event, m: Matches.MatchRow, teams?: NamedTeam[]): Promise<void>;
    finalResult(tx: Tx, req: FastifyRequest, t: Event): Promise<void>;
  };
  /** the public record (report, meta, profiles, ratings), written with the winner and after a correction */
  writeRecord(tx: Tx, t: Event): Promise<void>;
  /** with seedByRating in a series: the teams seeded by their members' ratings (stored), else as they are */
  seedTeams<T extends { uid: string; seed: number; dropped: boolean }>(tx: Tx, t: Event, teams: readonly T[]): Promise<T[]>;
}
