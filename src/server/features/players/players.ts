// A player's profile and the leaderboard (issue 20), assembled from the public record.
import type { Leaderboard, PlayerProfile } from '../../../domain/api/records.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import type { Tx } from '../../db/client.ts';
import { UNKNOWN_PLAYER, userAvatar, userName } from '../tournaments/tournament-views.ts';
import * as PlayersRepository from './players-repository.ts';

export const PLAYER_NOT_FOUND = 'Player not found';
export const SERIES_NOT_FOUND = 'Series not found: no series has this id';
const DELETED_SERIES = 'Deleted series';

/** GET /api/players/{discordId}; undefined for someone who never signed in and has no record. */
export async function readProfile(db: Tx, discordId: string): Promise<PlayerProfile | undefined> {
  const [user, events, decks, ratings, h2h] = await Promise.all([
    PlayersRepository.findUser(db, discordId),
    PlayersRepository.playerEvents(db, discordId),
    PlayersRepository.publishedDecks(db, discordId),
    PlayersRepository.playerRatingsOf(db, discordId),
    PlayersRepository.headToHead(db, discordId),
  ]);
  if (!user && events.length === 0) return undefined;
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
        rating: r.rating, rd: r.rd, events: r.events, wins: r.wins, losses: r.losses, ties: r.ties, titles: r.titles,
      };
    }),
  };
}
