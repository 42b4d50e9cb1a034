// A final league's report (issue 41, "The end"): GET /api/leagues/{id}/report, read from its record
// (league-record-writer.ts): the final leaderboard with its top 8, the published runs with their
// decks, and the meta of every counted run, as an event's report has them.
import { META_CARDS_MAX } from '../../../domain/api/records.ts';
import type { LeagueReport } from '../../../domain/api/league-records.ts';
import { statusOfCount, type CardStatus } from '../../../domain/banlists/statuses.ts';
import { isPerfect, leaderboard, runPoints } from '../../../domain/leagues/leaderboard.ts';
import { placeText } from '../../../domain/leagues/league-record.ts';
import { metaOfTallies, tallyOfCopies, tallyOfCounts } from '../../../domain/meta/meta-tally.ts';
import type { Tx } from '../../db/client.ts';
import * as LeaguesRepository from '../leagues/leagues-repository.ts';
import { tournamentList } from '../tournaments/tournament-views.ts';
import * as LeagueRecords from './league-records-repository.ts';
import { countedCards } from './report.ts';

type CardName = (id: number) => { name: string; type?: number; alias?: number } | undefined;

/**
 * Each card's status on the league's list: its own entry, else the entry of a version of it (the
 * 2005.4 GOAT list names its cards by their GOAT-era passcodes, whose alias is the card), else NONE.
 */
function statusesOn(l: Pick<LeaguesRepository.LeagueRow, 'banlist' | 'banlistName'>, card: CardName): (passcode: number) => CardStatus {
  const list = tournamentList(l);
  const counts = new Map(list?.entries.map((e) => [e.code, e.count]) ?? []);
  for (const e of list?.entries ?? []) {
    const alias = card(e.code)?.alias;
    if (alias && !counts.has(alias)) counts.set(alias, e.count);
  }
  return (passcode) => {
    const n = counts.get(passcode);
    return n === undefined ? 'NONE' : statusOfCount(n);
  };
}

/** The report of a league whose record was written; undefined when the league is gone. */
export async function readLeagueReport(db: Tx, leagueId: string, record: LeagueRecords.LeagueRecordRow, cardName: CardName): Promise<LeagueReport | undefined> {
  const found = await LeaguesRepository.findLeagueNamed(db, leagueId);
  if (!found) return undefined;
  const { league: l, createdByName } = found;
  const totals = await LeaguesRepository.runTotals(db, leagueId);
  const board = leaderboard(totals, { matchesPerRun: l.matchesPerRun, final: true });
  const names = new Map(board.map((r) => [r.discordId, r.displayName]));
  const published = await LeagueRecords.publishedRuns(db, leagueId);
  const all = metaOfTallies([tallyOfCounts(JSON.parse(record.archetypeCounts) as LeagueRecords.RecordArchetypeCount[])]);
  const cards = metaOfTallies([tallyOfCopies(published.map((r) => ({ archetype: r.archetype, topCut: r.topCut, copies: [...r.main, ...r.extra] })))]);
  const status = statusesOn(l, cardName);
  return {
    league: {
      id: l.id, name: l.name, seriesId: l.seriesId, seriesName: l.seriesName, banlistName: record.banlistName,
      startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString(), completedAt: record.completedAt.toISOString(),
      deckPrivacy: l.deckPrivacy, rated: l.rated, matchesPerRun: l.matchesPerRun, runs: totals.length, players: board.length,
      createdBy: { discordId: l.createdBy, displayName: createdByName },
    },
    version: record.version,
    leaderboard: board,
    decks: published.map((r) => ({
      runId: r.runId, discordId: r.discordId, player: names.get(r.discordId) ?? LeaguesRepository.UNKNOWN_PLAYER,
      place: r.place, placement: placeText(r.place), topCut: r.topCut, wins: r.wins, losses: r.losses,
      points: runPoints(r.wins, l.matchesPerRun), perfect: isPerfect(r.wins, l.matchesPerRun),
      archetype: r.archetype, archetypeAuto: r.archetypeAuto,
      main: countedCards(r.main, cardName), extra: countedCards(r.extra, cardName), side: countedCards(r.side, cardName),
    })),
    meta: {
      decks: all.decks, topCutDecks: all.topCutDecks, archetypes: all.archetypes, publishedDecks: cards.decks,
      cards: cards.cards.slice(0, META_CARDS_MAX).map((c) => ({
        passcode: c.passcode, name: cardName(c.passcode)?.name ?? `Card ${c.passcode}`, decks: c.decks, inclusion: c.inclusion,
        averageCopies: c.averageCopies, topCutInclusion: c.topCutInclusion, status: status(c.passcode),
      })),
    },
  };
}
