// The link cards of the event and player pages (issue 29 §9): what they say, and the tags escaped.
import { describe, expect, test } from 'vitest';
import type { PlayerProfile } from '../../../domain/api/records.ts';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import { playerCard } from '../players/player-link-card.ts';
import { tournamentCard } from '../tournaments/tournament-link-card.ts';
import { withLinkCard } from './link-card.ts';

const PAGE = { siteName: 'Format Hub', url: 'https://hub.example/tournaments/t1', origin: 'https://hub.example' };
const event = (over: Partial<Tournament>): Tournament => ({
  uid: 't1', name: 'GOAT Monthly', subtitle: null, format: 'DEFAULT', bestOf: 3, playersTeam1: 1, playersTeam2: 1, teamCount: 8, startsAt: null,
  imageUri: null, signupsOpen: true, inProgress: false, completed: false, currentRound: 0, roundCount: 0, lateEntryOpen: false,
  checkInStatus: { open: false, checkedIn: 0, total: 0 }, ...over,
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

  test('the event’s picture, made absolute; none for an address that is not http(s)', () => {
    expect(tournamentCard(event({ imageUri: '/api/images/abc.webp' }), PAGE).image).toEqual({ url: 'https://hub.example/api/images/abc.webp', alt: 'GOAT Monthly: the event’s picture' });
    expect(tournamentCard(event({ imageUri: 'javascript:alert(1)' }), PAGE).image).toBeUndefined();
  });
});

describe('a player’s card', () => {
  const rating = (seriesName: string, rating: number, rank: number) => ({ seriesUid: seriesName, seriesName, rating, rd: 60, events: 3, rank });
  const profile = (over: Partial<PlayerProfile>): PlayerProfile => ({ discordId: '1', displayName: 'Ada', avatarUrl: null, events: [], ratings: [], headToHead: [], ...over });

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
  expect(html).not.toContain('<b>');
  expect(html.indexOf('og:type')).toBeLessThan(html.indexOf('</head>'));
});
