// The public record of a completed event (issue 20, decision 020): written in the transaction that
// marks the winner, rewritten by a correction, kept by Close. Placements and every complete match
// (ratings and head-to-head read them after Close), one row per player (profiles, the
// leaderboard), and the approved decks: published ones whole, the others as an archetype only.
import { TOP_DECKS_WITHOUT_CUT, type DeckPrivacy } from '../../../domain/api/records.ts';
import { archetypeOf } from '../../../domain/decks/archetype.ts';
import type { Tx } from '../../db/client.ts';
import { standingsOf } from '../tournaments/play/tournament-standings.ts';
import { loadPlay } from '../tournaments/play/tournament-play.ts';
import { userAvatar, userName } from '../tournaments/tournament-views.ts';
import { edoproSetnames } from '../cards/edopro-setnames.ts';
import { recomputeSeriesRatings } from './ratings-store.ts';
import { meetingRowsOf } from './record-meetings.ts';
import * as RecordsRepository from './records-repository.ts';
import type { RecordMatch, RecordPlacement } from './records-repository.ts';
import * as SignaturesRepository from './signatures-repository.ts';
import type * as Events from '../tournaments/events-repository.ts';
import * as Teams from '../tournaments/teams/teams-repository.ts';
import * as Decks from '../tournaments/decks/decks-repository.ts';
import * as Users from '../users/users-repository.ts';

/** Teams of the top cut: those that played a top-cut match, else the first eight of the final order. */
export function topCutTeams(placements: readonly Pick<RecordPlacement, 'teamId' | 'rank'>[], matches: readonly Pick<RecordMatch, 'bracket' | 'team1' | 'team2'>[]): Set<string> {
  const cut = matches.filter((m) => m.bracket === 'top').flatMap((m) => [m.team1, m.team2]).filter((x): x is string => x !== null);
  if (cut.length) return new Set(cut);
  return new Set(placements.filter((p) => p.rank <= TOP_DECKS_WITHOUT_CUT).map((p) => p.teamId));
}

export function isPublished(privacy: DeckPrivacy, topCut: boolean): boolean {
  return privacy === 'all' || (privacy === 'top-cut' && topCut);
}

/**
 * Writes (or rewrites) the record of a completed tournament from its rows, then the ratings of its
 * series. A rewrite keeps the archetype corrections of decks still published.
 */
export async function writeEventRecord(tx: Tx, t: Events.TournamentRow, options: { completedAt?: Date } = {}): Promise<void> {
  if (!t.completed || !t.winnerTeamUid) return;
  const loaded = await loadPlay(tx, t);
  const members = await Teams.listMembers(tx, t.uid);
  const users = await Users.usersByIds(tx, members.map((m) => m.discordId));
  const standings = standingsOf(t, loaded.teams, loaded.matches);
  const membersOf = new Map<string, typeof members>();
  for (const m of members) membersOf.set(m.teamUid, [...(membersOf.get(m.teamUid) ?? []), m]);

  const recordMatches: RecordMatch[] = loaded.matches.filter((m) => m.complete).map((m) => ({
    round: m.roundNumber, bracket: m.bracket, team1: m.team1Uid, team2: m.team2Uid, team1Wins: m.team1Wins, team2Wins: m.team2Wins,
    winner: m.winnerTeamUid, bye: m.bye, missed: m.missed, complete: m.complete,
  }));
  // a team that never played a match (a no-show dropped at the start) is no player, placement, deck or
  // rating of the event (issues 29 and 39): the final standings list it apart, and it is left out here
  const placements: RecordPlacement[] = standings.rows.filter((r) => !r.didNotPlay).map((r, i) => ({
    teamId: r.teamId, teamName: r.teamName, rank: i + 1, placement: r.placement ?? `${i + 1}`,
    wins: r.wins, losses: r.losses, ties: r.ties, points: r.points, topCut: false, dropped: r.dropped, omw: r.omw ?? undefined, oomw: r.oomw ?? undefined,
    // every member, those who left the team too: they played its matches until they left
    members: (membersOf.get(r.teamId) ?? []).map((m) => ({
      discordId: m.discordId, displayName: userName(users.get(m.discordId)), avatarUrl: m.image ?? userAvatar(users.get(m.discordId), m.discordId),
    })),
  }));
  const cut = topCutTeams(placements, recordMatches);
  for (const p of placements) p.topCut = cut.has(p.teamId);

  const previous = await RecordsRepository.findRecord(tx, t.uid);
  const corrections = new Map(
    (await RecordsRepository.publishedDecks(tx, t.uid))
      .filter((d) => d.correctedBy)
      .map((d) => [`${d.discordId}\u0000${d.label}`, { archetype: d.archetype, correctedBy: d.correctedBy }]),
  );
  // the date of the event: when its winner was first marked (the demo's past events give theirs)
  const completedAt = previous?.completedAt ?? options.completedAt ?? new Date();
  const record = {
    tournamentUid: t.uid, seriesUid: t.seriesUid, banlistName: t.banlistName, name: t.name, format: t.format, deckPrivacy: t.deckPrivacy,
    championTeamUid: t.winnerTeamUid, completedAt, topCutSize: cut.size, placements, matches: recordMatches, teamCount: placements.length,
  };
  await RecordsRepository.writeRecord(tx, record, previous);

  const players = placements.flatMap((p) => p.members.map((m) => ({
    tournamentUid: t.uid, discordId: m.discordId, teamUid: p.teamId, seriesUid: t.seriesUid, completedAt,
    rank: p.rank, placement: p.placement, wins: p.wins, losses: p.losses, ties: p.ties, champion: p.teamId === t.winnerTeamUid, topCut: p.topCut,
  })));
  // a player listed twice (a member who dropped and signed up again with another team) counts once: their better finish
  const byPlayer = new Map<string, (typeof players)[number]>();
  for (const p of players) if (!byPlayer.has(p.discordId) || byPlayer.get(p.discordId)!.rank > p.rank) byPlayer.set(p.discordId, p);
  await RecordsRepository.insertPlayers(tx, [...byPlayer.values()]);
  const meetings = meetingRowsOf(placements, recordMatches).map((m) => ({ ...m, tournamentUid: t.uid, completedAt }));
  await RecordsRepository.insertMeetings(tx, meetings);

  if (t.deckPrivacy !== 'closed') {
    const decks = await Decks.approvedDecks(tx, t.uid);
    const memberOf = new Map(members.map((m) => [m.id, m]));
    const placementOf = new Map(placements.map((p) => [p.teamId, p]));
    const lookup = await RecordsRepository.setcodeLookup(tx, decks.flatMap((d) => [...d.mainDeck, ...d.extraDeck]));
    const signatures = await SignaturesRepository.listSignatures(tx);
    const rows = decks.flatMap((d) => {
      const member = memberOf.get(d.memberId);
      const place = member && placementOf.get(member.teamUid);
      if (!member || !place) return [];
      const auto = archetypeOf({ main: d.mainDeck, extra: d.extraDeck }, lookup, edoproSetnames(), signatures).name;
      const published = isPublished(t.deckPrivacy, place.topCut);
      const corrected = published ? corrections.get(`${member.discordId}\u0000${d.label}`) : undefined;
      return [{
        tournamentUid: t.uid, published, rank: place.rank, placement: place.placement, topCut: place.topCut,
        archetype: corrected?.archetype ?? auto, archetypeAuto: auto, correctedBy: corrected?.correctedBy ?? null,
        // an unpublished deck is an archetype and a finish: no owner, no cards
        teamUid: published ? member.teamUid : null, discordId: published ? member.discordId : null, label: published ? d.label : null,
        mainDeck: published ? d.mainDeck : [], extraDeck: published ? d.extraDeck : [], sideDeck: published ? d.sideDeck : [],
      }];
    });
    await RecordsRepository.insertDecks(tx, rows);
  }
  await RecordsRepository.recountArchetypes(tx, t.uid);
  if (t.seriesUid) await recomputeSeriesRatings(tx, t.seriesUid);
}
