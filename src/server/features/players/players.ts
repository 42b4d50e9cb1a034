// A player's profile and the leaderboard (issue 20), assembled from the public record.
import type { Leaderboard, PlayerLeague, PlayerProfile } from '../../../domain/api/players.ts';
import { isPerfect } from '../../../domain/leagues/leaderboard.ts';
import { bestRun } from '../../../domain/leagues/league-record.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import type { Tx } from '../../db/client.ts';
import { UNKNOWN_PLAYER, userAvatar, userName } from '../tournaments/tournament-views.ts';
import * as PlayersRepository from './players-repository.ts';

export const PLAYER_NOT_FOUND = 'Player not found';
export const SERIES_NOT_FOUND = 'Series not found: no series has this id';
const DELETED_SERIES = 'Deleted series';

/** GET /api/players/{discordId}; undefined for someone who never signed in and has no record. */
export async function readProfile(db: Tx, discordId: string): Promise<PlayerProfile | undefined> {
  const [user, events, decks, ratings, h2h, leagueRows] = await Promise.all([
    PlayersRepository.findUser(db, discordId),
    PlayersRepository.playerEvents(db, discordId),
    PlayersRepository.publishedDecks(db, discordId),
    PlayersRepository.playerRatingsOf(db, discordId),
    PlayersRepository.headToHead(db, discordId),
    PlayersRepository.playerLeagues(db, discordId),
  ]);
  if (!user && events.length === 0 && leagueRows.length === 0) return undefined;
  const recorded = user ? undefined : (await PlayersRepository.recordedNames(db, [discordId])).get(discordId);

  const deckOf = new Map<string, { id: number; archetype: string }>();
  for (const d of decks) if (!deckOf.has(d.tournamentUid)) deckOf.set(d.tournamentUid, d);

  const headToHead = h2h
    .map(({ recordedName, user: u, ...h }) => ({ ...h, displayName: u ? nameOf(u, UNKNOWN_PLAYER) : recordedName || UNKNOWN_PLAYER }))
    .sort((a, b) => b.wins + b.losses + b.ties - (a.wins + a.losses + a.ties) || a.displayName.localeCompare(b.displayName) || (a.discordId < b.discordId ? -1 : 1));

  return {
    discordId,
    displayName: user ? userName(user) : recorded?.displayName || UNKNOWN_PLAYER,
    avatarUrl: user ? userAvatar(user, discordId) : recorded?.avatarUrl ?? userAvatar(undefined, discordId),
    events: events.map((e) => ({
      tournamentUid: e.tournamentUid, name: e.name, seriesUid: e.seriesUid, seriesName: e.seriesUid ? e.seriesName ?? DELETED_SERIES : null,
      date: e.completedAt, placement: e.placement, rank: e.rank, teams: e.teams, wins: e.wins, losses: e.losses, ties: e.ties, champion: e.champion, rated: e.rated,
      archetype: deckOf.get(e.tournamentUid)?.archetype ?? null, deckId: deckOf.get(e.tournamentUid)?.id ?? null,
    })),
    ratings: ratings.map((r) => ({ ...r, seriesName: r.seriesName ?? DELETED_SERIES })),
    headToHead,
    ...leagueRecordOf(leagueRows),
  };
}

/** A profile's leagues, and every run of them together: runs, complete matches won and lost, the best run. */
export function leagueRecordOf(rows: readonly PlayersRepository.PlayerLeagueRow[]): Pick<PlayerProfile, 'leagues' | 'leagueRecord'> {
  const leagues = rows.map((l): PlayerLeague => {
    const best = bestRun(l.runs);
    const wins = l.runs.reduce((n, r) => n + r.wins, 0);
    const losses = l.runs.reduce((n, r) => n + r.losses, 0);
    // a final league's record places the player by their counted runs (one place for all of them)
    const place = l.finalAt ? l.runs.find((r) => r.place !== null)?.place ?? null : null;
    return {
      leagueId: l.leagueId, name: l.name, seriesId: l.seriesId, seriesName: l.seriesName, startsAt: l.startsAt, endsAt: l.endsAt,
      phase: l.finalAt ? 'final' : l.closedAt ? 'deciding' : 'running', rated: l.rated,
      runs: l.runs.length, perfectRuns: l.runs.filter((r) => isPerfect(r.wins, l.matchesPerRun)).length, wins, losses,
      bestRun: best && { leagueId: l.leagueId, runId: best.id, wins: best.wins, losses: best.losses },
      place, players: l.players, archetype: best?.published ? best.archetype : null,
    };
  });
  const best = bestRun(leagues.flatMap((l) => (l.bestRun ? [{ ...l.bestRun, id: l.bestRun.runId }] : [])));
  return {
    leagues,
    leagueRecord: {
      leagues: leagues.length,
      runs: leagues.reduce((n, l) => n + l.runs, 0),
      perfectRuns: leagues.reduce((n, l) => n + l.perfectRuns, 0),
      wins: leagues.reduce((n, l) => n + l.wins, 0),
      losses: leagues.reduce((n, l) => n + l.losses, 0),
      bestRun: best && { leagueId: best.leagueId, runId: best.runId, wins: best.wins, losses: best.losses },
    },
  };
}

/** GET /api/players; undefined for a series that neither exists nor has ratings. */
export async function readLeaderboard(db: Tx, seriesUid: string | undefined, limit: number): Promise<Leaderboard | undefined> {
  const found = seriesUid === undefined ? null : await PlayersRepository.findSeries(db, seriesUid);
  if (found === undefined) return undefined;
  const [rows, options] = await Promise.all([
    found ? PlayersRepository.seriesBoard(db, found.uid, limit) : PlayersRepository.overallBoard(db, limit),
    PlayersRepository.ratedSeries(db),
  ]);
  const ids = rows.map((r) => r.discordId);
  const known = await PlayersRepository.usersOf(db, ids);
  const recorded = await PlayersRepository.recordedNames(db, ids.filter((id) => !known.has(id)));
  return {
    series: found ? { uid: found.uid, name: found.name ?? DELETED_SERIES } : null,
    seriesOptions: options.map((o) => ({ uid: o.uid, name: o.name ?? DELETED_SERIES })),
    players: rows.map((r, i) => {
      const u = known.get(r.discordId);
      const rec = recorded.get(r.discordId);
      return {
        rank: i + 1, discordId: r.discordId,
        displayName: u ? userName(u) : rec?.displayName || UNKNOWN_PLAYER,
        avatarUrl: u ? userAvatar(u, r.discordId) : rec?.avatarUrl ?? userAvatar(undefined, r.discordId),
        rating: r.rating, rd: r.rd, events: r.events, leagues: r.leagues, wins: r.wins, losses: r.losses, ties: r.ties, titles: r.titles,
      };
    }),
  };
}
