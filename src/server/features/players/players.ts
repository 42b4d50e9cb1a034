// A player's profile and the leaderboard (issue 20), assembled from the public record.
import type { Leaderboard, PlayerProfile } from '../../../domain/api/records.ts';
import type { Tx } from '../../db/client.ts';
import { UNKNOWN_PLAYER, userAvatar, userName } from '../tournaments/tournament-views.ts';
import type { EventIndex, EventIndexCache } from './event-index.ts';
import * as PlayersRepository from './players-repository.ts';

export const PLAYER_NOT_FOUND = 'Player not found';
export const SERIES_NOT_FOUND = 'Series not found: no series has this id';
const DELETED_SERIES = 'Deleted series';

type HeadToHead = PlayerProfile['headToHead'][number];

/**
 * Head-to-head over the player's events: the matches ratings count (byes, missed rounds,
 * incomplete and unplayed 0-0 matches left out, as ratedMatchesOf does), one result per opponent
 * member per match; names as the latest record has them.
 */
export function headToHeadOf(discordId: string, events: readonly EventIndex[]): Map<string, Omit<HeadToHead, 'displayName'> & { recordedName: string }> {
  const out = new Map<string, Omit<HeadToHead, 'displayName'> & { recordedName: string }>();
  for (const e of events) {
    for (const [other, result] of e.meetings.get(discordId) ?? []) {
      let h = out.get(other);
      if (!h) out.set(other, (h = { discordId: other, wins: 0, losses: 0, ties: 0, recordedName: e.names.get(other) ?? UNKNOWN_PLAYER }));
      if (result === 1) h.wins++;
      else if (result === -1) h.losses++;
      else h.ties++;
    }
  }
  return out;
}

/** GET /api/players/{discordId}; undefined for someone who never signed in and has no record. */
export async function readProfile(db: Tx, index: EventIndexCache, discordId: string): Promise<PlayerProfile | undefined> {
  const [user, events, decks, ratings] = await Promise.all([
    PlayersRepository.findUser(db, discordId),
    PlayersRepository.playerEvents(db, discordId),
    PlayersRepository.publishedDecks(db, discordId),
    PlayersRepository.playerRatingsOf(db, discordId),
  ]);
  if (!user && events.length === 0) return undefined;
  const recorded = user ? undefined : (await PlayersRepository.recordedNames(db, [discordId])).get(discordId);

  const deckOf = new Map<string, { id: number; archetype: string }>();
  for (const d of decks) if (!deckOf.has(d.tournamentUid)) deckOf.set(d.tournamentUid, d);

  // newest first: an opponent's recorded name is the one of the latest meeting
  const indexed = await index.get(db, events);
  const h2h = [...headToHeadOf(discordId, events.map((e) => indexed.get(e.tournamentUid)).filter((x) => x !== undefined)).values()];
  const opponents = await PlayersRepository.usersOf(db, h2h.map((h) => h.discordId));
  const headToHead = h2h
    .map(({ recordedName, ...h }) => ({ ...h, displayName: opponents.has(h.discordId) ? userName(opponents.get(h.discordId)) : recordedName }))
    .sort((a, b) => b.wins + b.losses + b.ties - (a.wins + a.losses + a.ties) || a.displayName.localeCompare(b.displayName) || (a.discordId < b.discordId ? -1 : 1));

  return {
    discordId,
    displayName: user ? userName(user) : recorded?.displayName || UNKNOWN_PLAYER,
    avatarUrl: user ? userAvatar(user, discordId) : recorded?.avatarUrl ?? userAvatar(undefined, discordId),
    events: events.map((e) => ({
      tournamentUid: e.tournamentUid, name: e.name, seriesUid: e.seriesUid, seriesName: e.seriesUid ? e.seriesName ?? DELETED_SERIES : null,
      date: e.completedAt, placement: e.placement, rank: e.rank, teams: indexed.get(e.tournamentUid)?.teams ?? 0, wins: e.wins, losses: e.losses, ties: e.ties, champion: e.champion,
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
