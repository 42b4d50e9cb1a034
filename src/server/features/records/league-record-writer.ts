// A league's record (issue 41, decision 042's "The record"): written in the transaction that makes its
// leaderboard final, as an event's is written with its winner's marking. The final leaderboard's
// places and top 8, which runs the deck privacy publishes, each counted run's archetype by the rule
// of event decks (EDOPro's setnames, then the admins' signatures), and, for a league an admin marked
// rated, the series' ratings made again with its matches.
import { archetypeOf } from '../../../domain/decks/archetype.ts';
import { leaderboard } from '../../../domain/leagues/leaderboard.ts';
import { recordedRuns } from '../../../domain/leagues/league-record.ts';
import type { Tx } from '../../db/client.ts';
import { edoproSetnames } from '../cards/edopro-setnames.ts';
import type { LeagueEvent } from '../leagues/league-writer.ts';
import * as LeaguesRepository from '../leagues/leagues-repository.ts';
import { tournamentList } from '../tournaments/tournament-views.ts';
import * as LeagueRecords from './league-records-repository.ts';
import { recomputeSeriesRatings } from './ratings-store.ts';
import * as RecordsRepository from './records-repository.ts';
import * as SignaturesRepository from './signatures-repository.ts';

/** The league writer's listener: the record is written when the leaderboard becomes final. */
export async function onLeagueChange(tx: Tx, e: LeagueEvent): Promise<void> {
  if (e.change !== 'final' || !e.league.finalAt) return;
  if (await LeagueRecords.findLeagueRecord(tx, e.league.id)) return;
  // the row as it is now: a rated mark made by the write that ended the league counts
  const league = (await LeaguesRepository.findLeague(tx, e.league.id)) ?? e.league;
  await writeLeagueRecord(tx, { ...league, finalAt: league.finalAt ?? e.league.finalAt });
}

export async function writeLeagueRecord(tx: Tx, l: LeaguesRepository.LeagueRow & { finalAt: Date }): Promise<void> {
  const board = leaderboard(await LeaguesRepository.runTotals(tx, l.id), { matchesPerRun: l.matchesPerRun, final: true });
  const runs = recordedRuns(board, l.deckPrivacy);
  // a closed league's decks are never named: its runs keep only their places
  const named = l.deckPrivacy !== 'closed';
  const decks = named ? await LeagueRecords.runDecks(tx, runs.map((r) => r.runId)) : new Map<number, { main: number[]; extra: number[] }>();
  const lookup = await RecordsRepository.setcodeLookup(tx, [...decks.values()].flatMap((d) => [...d.main, ...d.extra]));
  const signatures = await SignaturesRepository.listSignatures(tx);
  const setnames = edoproSetnames();
  await LeagueRecords.writeLeagueRecord(tx, {
    leagueId: l.id, seriesId: l.seriesId, banlistName: l.banlistName ?? tournamentList(l)?.name ?? null, completedAt: l.finalAt, deckPrivacy: l.deckPrivacy,
  }, runs.map((r) => {
    const deck = decks.get(r.runId) ?? { main: [], extra: [] };
    const archetype = named ? archetypeOf(deck, lookup, setnames, signatures).name : '';
    return { runId: r.runId, leagueId: l.id, place: r.place, topCut: r.topCut, published: r.published, archetype, archetypeAuto: archetype };
  }));
  if (l.rated) await recomputeSeriesRatings(tx, l.seriesId);
}
