// The link cards of the event and player pages (issue 29 §9): what they say, and the tags escaped.
import { describe, expect, test } from 'vitest';
import type { PlayerProfile } from '../../domain/api/players.ts';
import type { Tournament } from '../../domain/api/tournaments.ts';
import type { StoredCard } from '../../domain/banlists/card-info.ts';
import { cardPictureSvg } from '../features/cards/card-og-card.ts';
import { playerCard } from '../features/players/player-link-card.ts';
import { tournamentCard } from '../features/records/tournament-link-card.ts';
import { eventCardSvg } from '../features/records/tournament-og-card.ts';
import { linkCardTags, withLinkCard } from './link-card.ts';

const PAGE = { siteName: 'Format Hub', url: 'https://hub.example/tournaments/t1', origin: 'https://hub.example' };
const event = (over: Partial<Tournament>): Tournament => ({
  uid: 't1', name: 'GOAT Monthly', subtitle: null, format: 'DEFAULT', bestOf: 3, playersTeam1: 1, playersTeam2: 1, teamCount: 8, startsAt: null,
  imageUri: null, signupsOpen: true, inProgress: false, completed: false, currentRound: 0, roundCount: 0, lateEntryOpen: false,
  checkInStatus: { open: false, checkedIn: 0, total: 0 }, roundStartDates: [], ...over,
}) as Tournament;

describe('an event’s card', () => {
  test('format, start in UTC, field and where the event stands', () => {
    expect(tournamentCard(event({ startsAt: '2026-11-28T18:00:00.000Z' }), PAGE).description)
      .toBe('Swiss → Top Cut, best of 3 · November 28, 2026 at 18:00 UTC · 8 players · Sign-ups open');
    expect(tournamentCard(event({ playersTeam1: 3, playersTeam2: 3, teamCount: 1, signupsOpen: false }), PAGE).description)
      .toBe('Swiss → Top Cut, best of 3 · 1 team · Sign-ups closed');
    expect(tournamentCard(event({ checkInStatus: { open: true, checkedIn: 2, total: 8 } }), PAGE).description).toMatch(/ · Check-in open$/);
    expect(tournamentCard(event({ inProgress: true, currentRound: 2, roundCount: 5, lateEntryOpen: true }), PAGE).description)
      .toMatch(/ · Round 2 of 5 · late entry open$/);
    expect(tournamentCard(event({ format: 'DOUBLE_ELIM', bestOf: 1, completed: true, subtitle: 'Season 3' }), PAGE).description)
      .toBe('Season 3 · Double Elimination, best of 1 · 8 players · Completed');
  });

  test('its picture: name, state and start drawn, escaped; the text keeps clear of the event’s own picture', () => {
    const t = event({ name: 'A <b>"Cup"</b> & more', startsAt: '2026-11-28T18:00:00.000Z', inProgress: true, currentRound: 2, roundCount: 5 });
    const svg = eventCardSvg(t, 'Hub', false);
    expect(svg).toContain('A &lt;b&gt;&quot;Cup&quot;&lt;/b&gt; &amp; more');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('>Round 2 of 5<');
    expect(svg).toContain('>November 28, 2026 at 18:00 UTC<');
    expect(svg).toContain('>Swiss → Top Cut, best of 3 · 8 players<');
    expect(eventCardSvg(event({ startsAt: null }), 'Hub', false)).toContain('>Start to be announced<');
    // beside a picture: a narrower column, the title in at most 20 characters a line
    const long = event({ name: 'GOAT Monthly twelve of the long North' });
    const lines = (s: string) => [...s.matchAll(/fill="#ffffff">([^<]+)</g)].map((m) => m[1]!);
    expect(lines(eventCardSvg(long, 'Hub', true)).every((l) => l.length <= 20)).toBe(true);
    expect(lines(eventCardSvg(long, 'Hub', false))[0]!.length).toBeGreaterThan(20);
  });
});

describe('a player’s card', () => {
  const rating = (seriesName: string, rating: number, rank: number) => ({ seriesUid: seriesName, seriesName, rating, rd: 60, events: 3, leagues: 0, rank });
  const profile = (over: Partial<PlayerProfile>): PlayerProfile => ({
    discordId: '1', displayName: 'Ada', avatarUrl: null, events: [], ratings: [], headToHead: [],
    leagues: [], leagueRecord: { leagues: 0, runs: 0, perfectRuns: 0, wins: 0, losses: 0, bestRun: null }, ...over,
  });

  test('titles, events and the three best-placed ratings', () => {
    const events = [{ champion: true }, { champion: false }, { champion: true }] as PlayerProfile['events'];
    const ratings = [rating('Edison', 1490.4, 9), rating('GOAT', 1612.6, 1), rating('HAT', 1550, 2), rating('Speed', 1500, 2)];
    expect(playerCard(profile({ events, ratings }), PAGE).description).toBe('2 titles · 3 events · GOAT: 1613 (#1) · HAT: 1550 (#2) · Speed: 1500 (#2)');
    expect(playerCard(profile({}), PAGE).description).toBe('0 events');
  });

  test('the avatar beside the text', () => {
    expect(playerCard(profile({ avatarUrl: 'https://cdn.discordapp.com/avatars/1/a.png' }), PAGE).image).toEqual({ url: 'https://cdn.discordapp.com/avatars/1/a.png', alt: "Ada's avatar" });
  });
});

test('the tags go before </head>, every value escaped, a `$` kept as it is; the title and description are the page’s', () => {
  const index = '<head>\n    <meta name="description" content="Site." />\n    <title>Format Hub</title>\n  </head>';
  const html = withLinkCard(index, {
    siteName: 'Format Hub', title: 'A "<b>" & $& Cup', description: "It's <on>", url: 'https://hub.example/p?a=1&b=2', type: 'profile',
    image: { url: 'https://cdn.example/a.png', alt: 'x' },
  });
  expect(html).toContain('<title>A &quot;&lt;b&gt;&quot; &amp; $&amp; Cup · Format Hub</title>');
  expect(html).toContain('<meta name="description" content="It&#39;s &lt;on&gt;" />');
  expect(html).toContain('<meta property="og:url" content="https://hub.example/p?a=1&amp;b=2" />');
  expect(html).toContain('<meta property="og:image" content="https://cdn.example/a.png" />');
  expect(html).toContain('<meta name="twitter:image" content="https://cdn.example/a.png" />');
  expect(html).toContain('<meta name="twitter:card" content="summary" />');
  expect(html).not.toContain('og:image:type');
  expect(html).not.toContain('<b>');
  expect(html.indexOf('og:type')).toBeLessThan(html.indexOf('</head>'));
});

test('a picture’s type and size when known; a drawn one is shown large', () => {
  const card = { siteName: 'Hub', title: 'T', description: 'D', url: 'https://hub.example/t', type: 'website' } as const;
  const html = linkCardTags({ ...card, image: { url: 'https://hub.example/og.png', alt: 'x', type: 'image/png', width: 1200, height: 630, large: true } });
  expect(html).toContain('<meta property="og:image:type" content="image/png" />');
  expect(html).toContain('<meta property="og:image:width" content="1200" />');
  expect(html).toContain('<meta property="og:image:height" content="630" />');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  const remote = linkCardTags({ ...card, image: { url: 'https://img.example/1.jpg', alt: 'x', type: 'image/jpeg' } });
  expect(remote).toContain('<meta property="og:image:type" content="image/jpeg" />');
  expect(remote).not.toContain('og:image:width');
});

describe('a card’s drawn picture', () => {
  const card = (over: Partial<StoredCard>): StoredCard => ({
    id: 46986414, alias: 0, name: 'Dark Magician', type: 0x11, cardType: 'MONSTER_NORMAL', atk: 2500, def: 2100, level: 7, lscale: null, rscale: null,
    linkMarkers: null, race: 0x2, attribute: 0x20, description: '', ...over,
  });
  const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)</g)].map((m) => m[1]!);

  test('a monster: name, type line, attribute and level, stats, its status and passcode', () => {
    const svg = cardPictureSvg(card({}), 'Limited on 2026.07 OCG', 'Hub');
    expect(texts(svg).slice(0, 8)).toEqual(['Hub', 'CARD · 46986414', 'Dark Magician', 'Spellcaster / Normal', 'DARK · Level 7', 'ATK 2500 / DEF 2100', 'Limited on 2026.07 OCG', 'Dark Magician']);
  });

  test('a spell has no stats line; names are escaped', () => {
    const svg = cardPictureSvg(card({ name: 'A <b> & "C"', type: 0x2, cardType: 'SPELL_NORMAL', atk: null, def: null, level: null, race: null, attribute: null }), null, 'Hub');
    expect(texts(svg).slice(0, 4)).toEqual(['Hub', 'CARD · 46986414', 'A &lt;b&gt; &amp; &quot;C&quot;', 'Normal Spell']);
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('ATK');
  });
});
