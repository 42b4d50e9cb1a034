// The event report (issue 20): what GET /api/tournaments/{id}/report answers, read from the record
// the winner's marking wrote (so it is the same before and after Close).
import type { DeckCard, PublishedDeck, Report } from '../../../domain/api/records.ts';
import { metaOf } from '../../../domain/meta/meta.ts';
import type { Tx } from '../../db/client.ts';
import type * as Repo from '../tournaments/tournaments-repository.ts';
import * as RecordsRepository from './records-repository.ts';

type CardName = (id: number) => { name: string; type?: number } | undefined;

/** Monster, Spell or Trap by EDOPro's type bits (0x1, 0x2, 0x4). */
function kindOf(type: number | undefined): DeckCard['kind'] {
  if (type === undefined) return undefined;
  return type & 0x1 ? 'monster' : type & 0x2 ? 'spell' : type & 0x4 ? 'trap' : undefined;
}

/** A deck part in its own order, one entry per card with its copies (EDOPro lists a line per copy). */
export function countedCards(ids: readonly number[], cardName: CardName): DeckCard[] {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([passcode, count]) => {
    const card = cardName(passcode);
    return { passcode, name: card?.name ?? `Unknown card ${passcode}`, count, kind: kindOf(card?.type) };
  });
}

/** Main and Extra Deck as the meta counts them. */
export function metaCards(main: readonly number[], extra: readonly number[]) {
  const counts = new Map<number, number>();
  for (const id of main) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const id of extra) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([passcode, count]) => ({ passcode, count }));
}

const BRACKET_PARTS = new Set(['top', 'winners', 'losers', 'grand']);

/** The report of a recorded tournament; undefined when none was written (no winner yet). */
export async function readReport(db: Tx, t: Repo.TournamentRow, cardName: CardName): Promise<Report | undefined> {
  const record = await RecordsRepository.findRecord(db, t.uid);
  if (!record) return undefined;
  const decks = await RecordsRepository.listDecks(db, t.uid);
  const seriesName = record.seriesUid ? await RecordsRepository.seriesName(db, record.seriesUid) : undefined;
  const teamName = new Map(record.placements.map((p) => [p.teamId, p.teamName]));
  const memberName = new Map(record.placements.flatMap((p) => p.members.map((m) => [m.discordId, m.displayName] as const)));
  const champion = record.placements.find((p) => p.teamId === record.championTeamUid);
  const meta = metaOf(decks.map((d) => ({ archetype: d.archetype, topCut: d.topCut, cards: [] })));
  const published: PublishedDeck[] = decks.filter((d) => d.published && d.teamUid && d.discordId).map((d) => ({
    id: d.id, teamId: d.teamUid!, teamName: teamName.get(d.teamUid!) ?? 'Unnamed Team', discordId: d.discordId!,
    player: memberName.get(d.discordId!) ?? 'Unknown player', label: d.label ?? 'Deck', rank: d.rank, placement: d.placement, topCut: d.topCut,
    archetype: d.archetype, archetypeAuto: d.archetypeAuto, corrected: d.correctedBy !== null,
    main: countedCards(d.mainDeck, cardName), extra: countedCards(d.extraDeck, cardName), side: countedCards(d.sideDeck, cardName),
  }));
  const bracket = record.matches.filter((m: RecordsRepository.RecordMatch) => BRACKET_PARTS.has(m.bracket) && !m.bye)
    .map(({ round, bracket: part, team1, team2, team1Wins, team2Wins, winner }) => ({ round, bracket: part, team1, team2, team1Wins, team2Wins, winner }));
  return {
    tournament: {
      uid: t.uid, name: record.name, subtitle: t.subtitle, seriesUid: record.seriesUid, seriesName: seriesName ?? null, format: record.format,
      banlistName: record.banlistName, hostDiscordId: t.hostDiscordId, completedAt: record.completedAt.toISOString(),
      deckPrivacy: record.deckPrivacy as Report['tournament']['deckPrivacy'], closed: t.closed, rated: t.rated,
    },
    version: record.version,
    champion: champion ? { teamId: champion.teamId, teamName: champion.teamName, members: champion.members } : null,
    placements: record.placements,
    bracket,
    decks: published,
    meta: { decks: meta.decks, topCutDecks: meta.topCutDecks, archetypes: meta.archetypes },
  };
}
