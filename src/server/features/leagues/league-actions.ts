// The writes of a league's players and hosts (issue 41), each one transaction of LeagueWriter: the
// rule (src/domain/leagues), the rows, what the live message says. A refusal is an HttpError thrown
// before anything is kept.
import {
  LEAGUE_MESSAGES, LEAGUE_QUEUE_MINUTES, type DecideBody, type LeagueMatch, type LeagueRun, type QueueReply,
} from '../../../domain/api/leagues.ts';
import { leaguePhase } from '../../../domain/leagues/league-clock.ts';
import { answerRefusal, decideRefusal, decisionProblem, reportRefusal, scoreProblem, type Refusal } from '../../../domain/leagues/match-rules.ts';
import { firstOpponent, isWaiting, queueRefusal } from '../../../domain/leagues/pairing.ts';
import { newRoomPassword } from '../../../domain/tournaments/rooms.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, HttpError, notFoundIfMissing } from '../../errors.ts';
import type { CardIndex } from '../cards/card-index.ts';
import type { CheckedDeck } from '../tournaments/decks/deck-checks.ts';
import { deckOf } from './league-decks.ts';
import { toMatch, toRun, viewerOf } from './league-views.ts';
import type { LeagueWriter } from './league-writer.ts';
import * as Repo from './leagues-repository.ts';

type User = { discordId: string; auth: number };

const HOUR = 3_600_000;
const refused = (r: Refusal | null) => {
  if (r) throw new HttpError(r.status, r.message);
};

/** Runs and the queue are open only while the league runs. */
function refuseUnlessRunning(l: Repo.LeagueRow, now: Date): void {
  const phase = leaguePhase(l, now);
  if (phase === 'upcoming') throw conflict(LEAGUE_MESSAGES.notStarted(l.startsAt.toISOString()));
  if (phase !== 'running') throw conflict(LEAGUE_MESSAGES.over);
}

export function leagueActions({ writer, cards }: { writer: LeagueWriter; cards: CardIndex }) {
  const matchView = async (tx: Tx, m: Repo.MatchRow, user: User | null, l: Repo.LeagueRow): Promise<LeagueMatch> =>
    toMatch(m, await Repo.namesOf(tx, [m.player1Id, m.player2Id]), viewerOf(user, l));

  const matchOr404 = async (tx: Tx, leagueId: string, matchId: number) => notFoundIfMissing(await Repo.findMatch(tx, leagueId, matchId), LEAGUE_MESSAGES.matchNotFound);

  /** A run as its own player reads it (deck included). */
  async function ownRunView(tx: Tx, l: Repo.LeagueRow, r: Repo.RunRow, user: User, now: Date): Promise<LeagueRun> {
    const { matches, name } = notFoundIfMissing(await Repo.runPage(tx, l.id, { runId: r.id }), LEAGUE_MESSAGES.runNotFound);
    return toRun(r, { league: l, name, matches, viewer: viewerOf(user, l), now, deck: await deckOf(r, cards), published: false });
  }

  return {
    /** POST .../runs: a checked deck becomes the player's run (one active run per league). */
    startRun: (id: string, user: User, checked: CheckedDeck) => writer.write(id, async (tx, l, now) => {
      refuseUnlessRunning(l, now);
      if (await Repo.activeRun(tx, id, user.discordId)) throw conflict(LEAGUE_MESSAGES.activeRun);
      const run = await Repo.insertRun(tx, {
        leagueId: id, discordId: user.discordId, mainDeck: checked.deck.main, extraDeck: checked.deck.extra, sideDeck: checked.deck.side, startedAt: now,
        boardVersion: l.version,
      });
      return { result: await ownRunView(tx, l, run, user, now), change: 'run', discordIds: [user.discordId], leaderboard: true };
    }),

    /**
     * POST .../queue, 'Find a match': paired at once with the first waiting run that may meet this
     * one, or put in the queue for LEAGUE_QUEUE_MINUTES (again: the entry is renewed, its place kept).
     */
    findMatch: (id: string, user: User) => writer.write<QueueReply>(id, async (tx, l, now) => {
      refuseUnlessRunning(l, now);
      const run = await Repo.activeRun(tx, id, user.discordId);
      if (!run) throw conflict(LEAGUE_MESSAGES.noActiveRun);
      const refusal = queueRefusal(run, l.matchesPerRun);
      if (refusal) throw conflict(refusal);
      await Repo.dropLapsed(tx, id, now);
      const opponent = firstOpponent(run, await Repo.waitingRuns(tx, id, now), await Repo.metRuns(tx, run.id), now);
      if (opponent) {
        const match = await Repo.insertMatch(tx, { leagueId: id, a: run, b: opponent, roomPassword: newRoomPassword(), now });
        return {
          result: { waiting: false, match: await matchView(tx, match, user, l) }, change: 'paired',
          discordIds: [user.discordId, opponent.discordId], matchId: match.id,
        };
      }
      const expiresAt = new Date(now.getTime() + LEAGUE_QUEUE_MINUTES * 60_000);
      await Repo.setRun(tx, run.id, { queuedAt: isWaiting(run, now) ? run.queuedAt : now, queuedUntil: expiresAt });
      return { result: { waiting: true, expiresAt: expiresAt.toISOString(), queueSize: await Repo.queueSize(tx, id, now) }, change: 'queue' };
    }),

    /** DELETE .../queue, 'Cancel': out of the queue; a pairing made before the Cancel arrived stands, and is the answer. */
    leaveQueue: (id: string, user: User) => writer.write<QueueReply>(id, async (tx, l) => {
      const run = await Repo.ownRun(tx, id, user.discordId);
      if (run?.currentMatchId) {
        return { result: { waiting: false, match: await matchView(tx, await matchOr404(tx, id, run.currentMatchId), user, l) }, change: 'queue' };
      }
      if (run && run.queuedUntil) await Repo.setRun(tx, run.id, { queuedAt: null, queuedUntil: null });
      return { result: { waiting: false, match: null }, change: 'queue' };
    }),

    /** POST .../report: the reporter's games first; the opponent has confirmHours to confirm or dispute. */
    report: (id: string, matchId: number, user: User, games: { gamesWon: number; gamesLost: number }) => {
      const problem = scoreProblem(games.gamesWon, games.gamesLost);
      if (problem) throw badRequest(problem);
      return writer.write(id, async (tx, l, now) => {
        const m = await matchOr404(tx, id, matchId);
        refused(reportRefusal(m, user.discordId, leaguePhase(l, now)));
        const by1 = m.player1Id === user.discordId;
        const [games1, games2] = by1 ? [games.gamesWon, games.gamesLost] : [games.gamesLost, games.gamesWon];
        const reported = await Repo.setMatch(tx, m.id, {
          state: 'reported', reportedBy: user.discordId, reportedAt: now, confirmBy: new Date(now.getTime() + l.confirmHours * HOUR),
          reportGames1: games1, reportGames2: games2, games1, games2, winnerRunId: games1 > games2 ? m.run1Id : m.run2Id, resultAt: now,
        });
        await Repo.markPlayed(tx, [m.run1Id, m.run2Id], l.matchesPerRun, now);
        return { result: await matchView(tx, reported, user, l), change: 'report', discordIds: [m.player1Id, m.player2Id], matchId: m.id };
      });
    },

    /** POST .../confirm: the opponent agrees; the result counts. */
    confirm: (id: string, matchId: number, user: User) => writer.write(id, async (tx, l, now) => {
      const m = await matchOr404(tx, id, matchId);
      refused(answerRefusal(m, user.discordId, leaguePhase(l, now), now));
      const done = await Repo.setMatch(tx, m.id, { state: 'complete', resolution: 'confirmed', completedAt: now });
      await Repo.recountRuns(tx, [m.run1Id, m.run2Id], l.version);
      return { result: await matchView(tx, done, user, l), change: 'confirm', discordIds: [m.player1Id, m.player2Id], matchId: m.id, leaderboard: true };
    }),

    /** POST .../dispute: the opponent disagrees; the hosts decide. */
    dispute: (id: string, matchId: number, user: User, reason: string | undefined) => writer.write(id, async (tx, l, now) => {
      const m = await matchOr404(tx, id, matchId);
      refused(answerRefusal(m, user.discordId, leaguePhase(l, now), now));
      const disputed = await Repo.setMatch(tx, m.id, { state: 'disputed', disputedBy: user.discordId, disputedAt: now, disputeReason: reason ?? null });
      return { result: await matchView(tx, disputed, user, l), change: 'dispute', discordIds: [m.player1Id, m.player2Id], matchId: m.id };
    }),

    /** POST .../decide (hosts, never their own match): the winner and the winner's games first. */
    decide: (id: string, matchId: number, user: User, body: Pick<DecideBody, 'winnerDiscordId'> & { gamesWon: number; gamesLost: number }) => {
      const problem = decisionProblem(body.gamesWon, body.gamesLost);
      if (problem) throw badRequest(problem);
      return writer.write(id, async (tx, l, now) => {
        const m = await matchOr404(tx, id, matchId);
        refused(decideRefusal(m, viewerOf(user, l)!, leaguePhase(l, now)));
        if (body.winnerDiscordId !== m.player1Id && body.winnerDiscordId !== m.player2Id) throw badRequest(LEAGUE_MESSAGES.winnerNotPlayer);
        const win1 = body.winnerDiscordId === m.player1Id;
        const decided = await Repo.setMatch(tx, m.id, {
          state: 'complete', resolution: 'decided', decidedBy: user.discordId, decidedAt: now, completedAt: now, resultAt: m.resultAt ?? now,
          games1: win1 ? body.gamesWon : body.gamesLost, games2: win1 ? body.gamesLost : body.gamesWon, winnerRunId: win1 ? m.run1Id : m.run2Id,
        });
        if (m.state === 'playing') await Repo.markPlayed(tx, [m.run1Id, m.run2Id], l.matchesPerRun, now);
        await Repo.recountRuns(tx, [m.run1Id, m.run2Id], l.version);
        return { result: await matchView(tx, decided, user, l), change: 'decide', discordIds: [m.player1Id, m.player2Id], matchId: m.id, leaderboard: true };
      });
    },

    /** POST .../runs/{runId}/retire: the player ends their run between matches; its results stay. */
    retire: (id: string, runId: number, user: User) => writer.write(id, async (tx, l, now) => {
      const run = notFoundIfMissing(await Repo.findRun(tx, id, runId), LEAGUE_MESSAGES.runNotFound);
      if (run.discordId !== user.discordId) throw forbidden(LEAGUE_MESSAGES.notYourRun);
      if (run.status !== 'active') throw conflict(LEAGUE_MESSAGES.runEnded);
      if (run.currentMatchId !== null) throw conflict(LEAGUE_MESSAGES.unreported(run.currentMatchId));
      const retired = await Repo.setRun(tx, run.id, { status: 'retired', endedAt: now, queuedAt: null, queuedUntil: null });
      return { result: await ownRunView(tx, l, retired, user, now), change: 'retire', discordIds: [user.discordId] };
    }),
  };
}
export type LeagueActions = ReturnType<typeof leagueActions>;
