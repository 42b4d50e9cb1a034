// The format's meta and a card's footprint (issue 20), and what they keep in memory:
// - each event's tallies (its decks as counts): the archetypes keyed by the record's version (a
//   record rewritten or an archetype renamed bumps it), the cards by its decksVersion (only a
//   rewrite bumps it: a reclassification of every event reads archetype counts, not 8,000 decks'
//   cards), so a stale tally is never read; a new filter adds tallies up instead of reading decks;
// - the alternate artworks (an artwork counts as its card);
// - the answers, in a ReadCache keyed by the records' stamp (see readStamp): one small query per
//   request says whether anything changed, on this instance or another, so no TTL and no notice.
import type { CardFootprint, FootprintQuery, MetaBody, MetaQuery } from '../../../domain/api/records.ts';
import { META_CARDS_MAX } from '../../../domain/api/records.ts';
import { statusOfCount, type CardStatus } from '../../../domain/banlists/statuses.ts';
import { banlistOfEvents } from '../../../domain/meta/banlist-filter.ts';
import { metaOfTallies, tallyOfCopies, tallyOfCounts, type MetaTally } from '../../../domain/meta/meta-tally.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { Lru, type CachedBody } from '../../http/http-cache.ts';
import { ReadCache } from '../../http/read-cache.ts';
import * as MetaRepository from './meta-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Events whose tallies stay in memory (a 64-deck event's is a few kB). */
const TALLIES_MAX = 5000;
/** Events whose decks one query reads. */
const DECKS_BATCH = 1000;
/** Card names change only by an operator's import: trusted this long (as the deck checker's index). */
const CARDS_TTL_MS = 10 * 60 * 1000;
export const SERIES_NOT_FOUND = 'Series not found';
export const CARD_NOT_FOUND = 'Card not found';
export const FROM_AFTER_TO = 'from: must not be after to';

interface EventTallies { all: MetaTally; published: MetaTally }
interface VersionedTally { version: number; tally: MetaTally }

/** Alternate artworks only (|id - alias| < 10): "treated as" aliases are other cards. */
const canonical = (id: number, alias: number) => (alias > 0 && alias !== id && Math.abs(alias - id) < 10 ? alias : id);

/** The first and last instants of the whole UTC days asked for. */
export function dayRange(from: string | undefined, to: string | undefined): { since?: number; until?: number } {
  const since = from ? Date.parse(`${from}T00:00:00Z`) : undefined;
  const until = to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : undefined;
  if (since !== undefined && until !== undefined && since >= until) throw badRequest(FROM_AFTER_TO);
  return { since, until };
}

export class MetaReads {
  private readonly answers = new ReadCache(500);
  private readonly archetypeTallies = new Lru<string, VersionedTally>(TALLIES_MAX);
  private readonly cardTallies = new Lru<string, VersionedTally>(TALLIES_MAX);
  /** the start's reading of every event's tally, which the first answers wait for rather than repeat */
  private warming: Promise<unknown> | undefined;
  private artworks: Promise<Map<number, number>> | undefined;
  private artworksAt = 0;

  constructor(private readonly db: Db) {}

  /**
   * Reads every event's tally in the background (at start), then makes the page's default answer
   * (no filter): 64,000 decks take PGlite seconds to read, which the first visitor would otherwise
   * wait for. A failure only leaves the tallies cold.
   */
  warm(): void {
    this.warming = MetaRepository.listRecordedEvents(this.db)
      .then((events) => this.talliesOf(events))
      .catch(() => undefined)
      .finally(() => { this.warming = undefined; })
      .then(() => this.refresh());
  }

  /** Makes the default answer now (after a start, or a reclassification on this instance), in the background. */
  refresh(): void {
    this.meta({}).catch(() => undefined);
  }

  /** GET /api/meta: the answer's bytes, made at most once per filter and stamp. */
  async meta(q: MetaQuery): Promise<CachedBody> {
    const range = dayRange(q.from, q.to);
    const stamp = await MetaRepository.readStamp(this.db);
    const key = JSON.stringify([stamp, q.banlist ?? null, q.series ?? null, q.from ?? null, q.to ?? null, q.kind ?? null]);
    return (await this.answers.json('meta', key, () => this.makeMeta(q, range)))!;
  }

  /** GET /api/meta/cards/{passcode}: the answer's bytes; the window is whole UTC days up to today. */
  async footprint(passcode: number, q: FootprintQuery): Promise<CachedBody> {
    const stamp = await MetaRepository.readStamp(this.db);
    const since = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - q.days * DAY_MS);
    const key = JSON.stringify([stamp, passcode, q.days, since.getTime(), q.banlist ?? null]);
    return (await this.answers.json('footprint', key, () => this.makeFootprint(passcode, q, since)))!;
  }

  private async makeMeta(q: MetaQuery, range: { since?: number; until?: number }): Promise<MetaBody> {
    const seriesRow = q.series ? await MetaRepository.findSeries(this.db, q.series) : undefined;
    if (q.series && !seriesRow) throw notFound(SERIES_NOT_FOUND);
    const [events, lists] = await Promise.all([MetaRepository.listRecordedEvents(this.db), MetaRepository.listFormatBanlists(this.db)]);
    const current = lists[0]?.name ?? null;
    // by default the current list's events: a meta across formats describes none of them (issue 30 §8)
    const banlist = banlistOfEvents(q.banlist, current);
    // a league's runs count as an event's decks do; ?kind= takes one of the two
    const kind = q.kind === 'events' ? 'event' : q.kind === 'leagues' ? 'league' : undefined;
    const chosen = events.filter((e) => (banlist === null || e.banlistName === banlist)
      && (kind === undefined || e.kind === kind)
      && (q.series === undefined || e.seriesUid === q.series)
      && (range.since === undefined || e.completedAt.getTime() >= range.since)
      && (range.until === undefined || e.completedAt.getTime() < range.until));
    if (this.warming) await this.warming;
    const tallies = await this.talliesOf(chosen);
    const all = metaOfTallies(tallies.map((t) => t.all));
    const published = metaOfTallies(tallies.map((t) => t.published));
    const top = published.cards.slice(0, META_CARDS_MAX);
    // the statuses on the events' list (the newest of that name), on the current one for every event
    const list = banlist === null ? lists[0] : lists.find((l) => l.name === banlist);
    const statuses = list ? await this.statuses(list.id, top.map((c) => c.passcode)) : new Map<number, CardStatus>();
    const names = await this.cardNames(top.map((c) => c.passcode));
    const seriesOptions = new Map<string, string>();
    for (const e of events) if (e.seriesUid && e.seriesName !== null) seriesOptions.set(e.seriesUid, e.seriesName);
    return {
      banlist,
      currentBanlist: current,
      series: seriesRow ?? null,
      from: q.from ?? null,
      to: q.to ?? null,
      kind: q.kind ?? null,
      events: chosen.filter((e) => e.kind === 'event').length,
      leagues: chosen.filter((e) => e.kind === 'league').length,
      decks: all.decks,
      topCutDecks: all.topCutDecks,
      archetypes: all.archetypes,
      publishedDecks: published.decks,
      cards: top.map((c) => ({
        passcode: c.passcode, name: names.get(c.passcode) ?? `Card ${c.passcode}`, decks: c.decks, inclusion: c.inclusion,
        averageCopies: c.averageCopies, topCutInclusion: c.topCutInclusion, status: statuses.get(c.passcode) ?? 'NONE',
      })),
      banlists: [...new Set(events.flatMap((e) => (e.banlistName ? [e.banlistName] : [])))].sort((a, b) => a.localeCompare(b)),
      seriesOptions: [...seriesOptions].map(([uid, name]) => ({ uid, name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** Every recorded event and final league, oldest first, with its published decks' tally (a card's page reads its months from them). */
  async publishedTallies(): Promise<{ event: MetaRepository.RecordedEvent; tally: MetaTally }[]> {
    if (this.warming) await this.warming;
    const events = await MetaRepository.listRecordedEvents(this.db);
    const tallies = await this.talliesOf(events);
    return events.map((event, i) => ({ event, tally: tallies[i]!.published }));
  }

  /** Each event's tallies: from memory at their versions, the others read in batches. */
  private async talliesOf(events: readonly MetaRepository.RecordedEvent[]): Promise<EventTallies[]> {
    // archetypes by the record's version (a renamed archetype moves it): one small group-by to read
    const all = await this.readTallies(events, this.archetypeTallies, (e) => e.version,
      (batch) => MetaRepository.listArchetypeCounts(this.db, batch),
      (counts) => tallyOfCounts(counts));
    // cards by decksVersion, which only a rewrite of the decks moves: a reclassification reads none
    const published = await this.readTallies(events, this.cardTallies, (e) => e.decksVersion,
      async (batch) => {
        const [decks, artworks] = await Promise.all([MetaRepository.listPublishedDecks(this.db, batch), this.artworkIndex()]);
        // an alternate artwork counts as its card
        for (const d of decks) for (let j = 0; j < d.copies.length; j++) d.copies[j] = artworks.get(d.copies[j]!) ?? d.copies[j]!;
        return decks;
      },
      (decks) => tallyOfCopies(decks));
    return events.map((_, i) => ({ all: all[i]!, published: published[i]! }));
  }

  /**
   * One kind of tally of each event: from memory at the version asked, the others read in batches
   * (rows carry the version they were read at; a tally read across a rewrite is used, not kept).
   */
  private async readTallies<R extends { tournamentUid: string; version: number }>(
    events: readonly MetaRepository.RecordedEvent[], cache: Lru<string, VersionedTally>, versionOf: (e: MetaRepository.RecordedEvent) => number,
    read: (uids: string[]) => Promise<R[]>, tally: (rows: R[]) => MetaTally,
  ): Promise<MetaTally[]> {
    const found = new Map<string, MetaTally>();
    const missing: MetaRepository.RecordedEvent[] = [];
    for (const e of events) {
      const hit = cache.get(e.uid);
      if (hit && hit.version === versionOf(e)) found.set(e.uid, hit.tally);
      else missing.push(e);
    }
    for (let i = 0; i < missing.length; i += DECKS_BATCH) {
      const batch = missing.slice(i, i + DECKS_BATCH);
      const byEvent = new Map(batch.map((e) => [e.uid, { version: versionOf(e), rows: [] as R[], consistent: true }]));
      for (const r of await read(batch.map((e) => e.uid))) {
        const e = byEvent.get(r.tournamentUid)!;
        if (e.rows.length > 0 && e.version !== r.version) e.consistent = false;
        e.version = r.version;
        e.rows.push(r);
      }
      for (const [uid, e] of byEvent) {
        const t = tally(e.rows);
        if (e.consistent) cache.set(uid, { version: e.version, tally: t });
        found.set(uid, t);
      }
    }
    return events.map((e) => found.get(e.uid)!);
  }

  /** Each alternate artwork's card, read again after CARDS_TTL_MS (cards change only by an import). */
  private artworkIndex(): Promise<Map<number, number>> {
    if (!this.artworks || Date.now() - this.artworksAt > CARDS_TTL_MS) {
      this.artworksAt = Date.now();
      const loading = MetaRepository.listArtworks(this.db).then((rows) => new Map(rows.map((r) => [r.id, r.alias])));
      loading.catch(() => { this.artworks = undefined; });
      this.artworks = loading;
    }
    return this.artworks;
  }

  private async cardNames(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await MetaRepository.listCards(this.db, ids)).map((c) => [c.id, c.name]));
  }

  /** Status of each card on a list: its own entry, else an alternate artwork's. */
  private async statuses(banlistId: number, ids: readonly number[]): Promise<Map<number, CardStatus>> {
    const entries = await MetaRepository.listEntriesFor(this.db, banlistId, ids);
    const wanted = new Set(ids);
    const out = new Map<number, CardStatus>();
    for (const e of entries) if (wanted.has(e.cardId)) out.set(e.cardId, statusOfCount(e.count));
    for (const e of entries) {
      const base = canonical(e.cardId, e.alias ?? 0);
      if (!wanted.has(e.cardId) && wanted.has(base) && !out.has(base)) out.set(base, statusOfCount(e.count));
    }
    return out;
  }

  private async makeFootprint(passcode: number, { days, banlist: asked }: FootprintQuery, since: Date): Promise<CardFootprint> {
    const [card] = await MetaRepository.listCards(this.db, [passcode]);
    if (!card) throw notFound(CARD_NOT_FOUND);
    const artworks = await this.artworkIndex();
    const base = artworks.get(passcode) ?? passcode;
    const group = [base, ...[...artworks].filter(([, of]) => of === base).map(([id]) => id)];
    // the current format list's events (every event of the window when asked, or with no list yet)
    const [current] = await MetaRepository.listFormatBanlists(this.db);
    const banlist = banlistOfEvents(asked, current?.name ?? null);
    const { events, leagues, rows } = await MetaRepository.footprintRows(this.db, { since, banlistName: banlist, group });
    let decks = 0, playing = 0, topCutDecks = 0, topCutPlaying = 0;
    const archetypes = new Map<string, { decks: number; playing: number }>();
    for (const r of rows) {
      decks += r.decks;
      if (r.playing) playing += r.decks;
      if (r.topCut) topCutDecks += r.decks;
      if (r.topCut && r.playing) topCutPlaying += r.decks;
      const a = archetypes.get(r.archetype) ?? { decks: 0, playing: 0 };
      a.decks += r.decks;
      if (r.playing) a.playing += r.decks;
      archetypes.set(r.archetype, a);
    }
    const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
    return {
      passcode, name: card.name, days, banlist, events, leagues, decks, playing, share: share(playing, decks),
      topCutDecks, topCutPlaying, topCutShare: share(topCutPlaying, topCutDecks),
      archetypes: [...archetypes].filter(([, a]) => a.playing > 0).map(([archetype, a]) => ({ archetype, ...a }))
        .sort((x, y) => y.playing - x.playing || y.decks - x.decks || x.archetype.localeCompare(y.archetype)),
    };
  }
}
