// A card's page (issue 32 §2): GET /api/cards/{passcode}/history (its status on every format list
// with the send-offs behind each change, its meta month by month, the public decklists that play
// it), kept under the records' and banlists' stamp (MetaRepository.readStamp: any import, send-off
// or recorded event moves it), a minute at most for names, so only a card's first read asks the
// database. The page's link card is card-link-card.ts's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARD_DECKLISTS_MAX, cardHistorySchema, type CardHistory } from '../../../domain/api/card-pages.ts';
import { cardIdSchema } from '../../../domain/api/cards.ts';
import { cardTimeline } from '../../../domain/banlists/compare.ts';
import { isVote, statusOfVote } from '../../../domain/judgement/votes.ts';
import type { Db } from '../../db/client.ts';
import { notFoundIfMissing } from '../../errors.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { errors } from '../../http/route-schemas.ts';
import { sendCached } from '../../http/http-cache.ts';
import * as MetaRepository from '../meta/meta-repository.ts';
import type { MetaReads } from '../meta/meta-reads.ts';
import { edoproSetnames } from './edopro-setnames.ts';
import { cardMonths } from './card-history-meta.ts';
import * as Repo from './card-history-repository.ts';

export const CARD_NOT_FOUND = 'Card not found';
/** Names (of voters, of cards after an import) are trusted this long under one stamp. */
const NAMES_TTL_MS = 60_000;

/** EDOPro archetype names of setcodes: each code's own name and that of the archetype it belongs to (0x3008 is also 0x8 HERO). */
export function archetypeNames(setcodes: readonly number[], setnames: ReadonlyMap<number, string>): string[] {
  const names = new Set<string>();
  for (const code of setcodes) {
    for (const c of [code, code & 0xfff]) {
      const name = setnames.get(c);
      if (name) names.add(name);
    }
  }
  return [...names];
}

export async function readHistory(db: Db, meta: MetaReads, passcode: number): Promise<CardHistory | undefined> {
  const card = await Repo.findCard(db, passcode);
  if (!card) return undefined;
  const base = Repo.baseOf(card.id, card.alias);
  const artworks = await Repo.artworksOf(db, base);
  const group = artworks.includes(passcode) ? artworks : [passcode, ...artworks];
  const lines = await Repo.listLines(db, passcode, group);
  const decided = await Repo.decisions(db, group);
  const steps = cardTimeline(lines.map((l) => ({ ...l, count: l.count ?? undefined })));
  // the format's events: those played on one of its lists (another game's events would dilute the shares),
  // every event where none names one; the meta counts an alternate artwork as its card (meta-reads.ts)
  const tallies = await meta.publishedTallies();
  const names = new Set(lines.map((l) => l.name));
  const onLists = tallies.filter((t) => t.event.banlistName !== null && names.has(t.event.banlistName));
  const months = cardMonths((onLists.length ? onLists : tallies).map((t) => ({ completedAt: t.event.completedAt, tally: t.tally, league: t.event.kind === 'league' })), base);
  // the public decklists: every event's, the newest first, read from the few events whose tallies hold the card
  // (a league's published runs are on its report: this list links event reports' decks)
  const playedIn = tallies.filter((t) => t.event.kind === 'event').flatMap((t) => {
    const i = t.tally.passcodes.indexOf(base);
    return i < 0 ? [] : [{ uid: t.event.uid, at: t.event.completedAt.getTime(), decks: t.tally.cardDecks[i]! }];
  }).sort((a, b) => b.at - a.at);
  const newest: string[] = [];
  for (let n = 0, i = 0; i < playedIn.length && n < CARD_DECKLISTS_MAX; i++) {
    newest.push(playedIn[i]!.uid);
    n += playedIn[i]!.decks;
  }
  const decks = { rows: await Repo.decklists(db, group, newest, CARD_DECKLISTS_MAX), total: playedIn.reduce((n, e) => n + e.decks, 0) };
  const inGroup = new Set(group);
  return {
    passcode,
    name: card.name,
    archetypes: archetypeNames(card.setcodes, edoproSetnames()),
    artworks: artworks.length > 1 ? artworks : [],
    statuses: steps.map((s) => ({
      date: s.date, name: s.name, whitelist: s.whitelist, status: s.state.status, points: s.state.points, change: s.change,
      ...(s.previous && { previousStatus: s.previous.status }), previousPoints: s.previous?.points ?? null,
      judgements: decided.filter((d) => d.banlistDate === s.date).map((d) => ({
        reason: d.reason, poster: d.poster, status: (isVote(d.opinion) && statusOfVote(d.opinion)) || 'NONE',
        decidedAt: d.decidedAt.toISOString(), votes: d.votes.flatMap((v) => (isVote(v.vote) ? [{ ...v, vote: v.vote }] : [])),
      })),
    })),
    meta: months,
    decklists: decks.rows.map((d) => ({
      deckId: d.deckId, tournamentUid: d.tournamentUid, eventName: d.eventName, date: d.completedAt.toISOString().slice(0, 10),
      player: d.player, placement: d.placement, archetype: d.archetype,
      copies: [...d.main, ...d.extra].filter((p) => inGroup.has(p)).length,
    })),
    decklistCount: decks.total,
  };
}

export interface CardHistoryOptions {
  db: Db;
  meta: MetaReads;
}

export function registerCardHistoryRoutes(server: FastifyInstance, { db, meta }: CardHistoryOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const reads = new ReadCache(500, NAMES_TTL_MS);
  const params = z.object({ passcode: cardIdSchema });

  app.get('/api/cards/:passcode/history', {
    config: CACHED_READ,
    schema: {
      tags: ['cards'],
      summary: 'A card’s history: its status on every format list (with the judgement entries and votes that changed it), its meta month by month and the public decklists that play it',
      params, response: { 200: cardHistorySchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const { passcode } = req.params;
    const stamp = await MetaRepository.readStamp(db);
    const body = await reads.json('history', `${stamp}|${passcode}`, () => readHistory(db, meta, passcode));
    return sendCached(req, reply, notFoundIfMissing(body, CARD_NOT_FOUND));
  });
}
