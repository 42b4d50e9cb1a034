// A card's meta month by month (issue 32 §2), summed from each recorded event's tally of its
// published decks (MetaReads keeps them in memory): pure, so the test gives it tallies directly.
// A final league is counted with the events of its month (issue 41), its published runs among the
// month's decks, and apart as well (leagueDecks, leaguePlaying): one share over every public deck,
// as /meta counts them by default, and the league's part of it for who wants to see it.
import type { CardMetaMonth } from '../../../domain/api/card-pages.ts';
import type { MetaTally } from '../../../domain/meta/meta-tally.ts';

/** The calendar month (UTC) of an instant: 'YYYY-MM'. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** Oldest month first; a month with events but no published deck still shows (its share is 0). */
export function cardMonths(events: readonly { completedAt: Date; tally: MetaTally; league?: boolean }[], passcode: number): CardMetaMonth[] {
  const months = new Map<string, { events: number; leagues: number; decks: number; playing: number; copies: number; topCutDecks: number; topCutPlaying: number; leagueDecks: number; leaguePlaying: number }>();
  for (const { completedAt, tally, league } of events) {
    const key = monthOf(completedAt);
    let m = months.get(key);
    if (!m) months.set(key, (m = { events: 0, leagues: 0, decks: 0, playing: 0, copies: 0, topCutDecks: 0, topCutPlaying: 0, leagueDecks: 0, leaguePlaying: 0 }));
    if (league) m.leagues++;
    else m.events++;
    m.decks += tally.decks;
    m.topCutDecks += tally.topCutDecks;
    if (league) m.leagueDecks += tally.decks;
    const i = tally.passcodes.indexOf(passcode);
    if (i < 0) continue;
    m.playing += tally.cardDecks[i]!;
    m.copies += tally.copies[i]!;
    m.topCutPlaying += tally.cardTopCut[i]!;
    if (league) m.leaguePlaying += tally.cardDecks[i]!;
  }
  return [...months].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({
    month, events: m.events, leagues: m.leagues, decks: m.decks, playing: m.playing, leagueDecks: m.leagueDecks, leaguePlaying: m.leaguePlaying,
    share: ratio(m.playing, m.decks), averageCopies: ratio(m.copies, m.playing), topCutDecks: m.topCutDecks, topCutPlaying: m.topCutPlaying,
    topCutShare: ratio(m.topCutPlaying, m.topCutDecks),
  }));
}
