import { describe, expect, test } from 'vitest';
import { boldWidthEm, escapeHtml, wrapText } from '../../link-cards/og-card-svg.ts';
import { ogCardSvg, ogDescription, ogSummary, withOgTags } from './report-og-card.ts';

const member = (id: string) => ({ discordId: id, displayName: `P${id}`, avatarUrl: null });
const placement = (teamId: string, members: string[]) => ({
  teamId, teamName: teamId, rank: 1, placement: '1st', wins: 0, losses: 0, ties: 0, points: 0, topCut: false, dropped: false, members: members.map(member),
});
const tournament = { name: 'Winter Cup', completedAt: '2026-11-26T23:30:00.000Z' } as Parameters<typeof ogSummary>[0]['tournament'];

describe('ogSummary', () => {
  test.each([
    ['one-player teams are counted as players', [placement('a', ['1']), placement('b', ['2']), placement('c', ['3'])], '3 players'],
    ['teams of several players: teams and players', [placement('a', ['1', '2']), placement('b', ['3', '4'])], '2 teams · 4 players'],
    ['one player alone', [placement('a', ['1'])], '1 player'],
  ])('%s', (_, placements, field) => {
    expect(ogSummary({ version: 3, tournament, champion: null, placements }).field).toBe(field);
  });

  test('the day is the winner’s day in UTC; no champion is said so', () => {
    const s = ogSummary({ version: 3, tournament, champion: null, placements: [] });
    expect(s).toMatchObject({ version: 3, name: 'Winter Cup', champion: null, date: 'November 26, 2026' });
    expect(ogDescription(s)).toBe('No champion · 0 players · November 26, 2026');
  });
});

describe('wrapText', () => {
  test.each([
    ['short text is one line', 'Winter Cup', 28, 2, ['Winter Cup']],
    ['words are kept whole', 'GOAT Monthly twelve of the North', 20, 2, ['GOAT Monthly twelve', 'of the North']],
    ['too long: the last line ends with an ellipsis', 'a b c d e f g h i j k l m n o', 6, 2, ['a b c', 'd e f…']],
    ['a word longer than a line is cut', 'x'.repeat(12), 5, 2, ['xxxxx', 'xxxx…']],
    ['spaces are folded', '  a   b  ', 10, 1, ['a b']],
  ])('%s', (_, text, max, lines, expected) => {
    expect(wrapText(text, max, lines)).toEqual(expected);
  });
});

test('escapeHtml: the five characters markup and attributes care about', () => {
  expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('withOgTags keeps a "$&" in a name as written (no replacement pattern), and escapes it', () => {
  const s = { version: 1, name: 'Cup $& $1 <i>', champion: 'A "B"', field: '2 players', date: 'May 1, 2026' };
  const html = withOgTags('<html><head><meta name="description" content="x" /><title>Site</title></head><body></body></html>', s, {
    siteName: 'Hub', url: 'https://h.example/tournaments/u/report', image: 'https://h.example/i.png',
  });
  expect(html).toContain('<title>Cup $&amp; $1 &lt;i&gt;: event report · Hub</title>');
  expect(html).toContain('<meta name="description" content="Champion: A &quot;B&quot; · 2 players · May 1, 2026" />');
  expect(html).toContain('<meta property="og:title" content="Cup $&amp; $1 &lt;i&gt;: event report" />');
  expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
});

test('the card’s SVG escapes names and fits a long line by a smaller size', () => {
  const svg = ogCardSvg({ version: 1, name: 'W'.repeat(60), champion: '<script>', field: '2 players', date: 'May 1, 2026' }, 'Hub & Co');
  expect(svg).toContain('Hub &amp; Co');
  expect(svg).toContain('Champion: &lt;script&gt;');
  expect(svg).not.toContain('<script>');
  const sizes = [...svg.matchAll(/font-size="(\d+)"[^>]*fill="#ffffff">(W+…?)</g)].map(([, size, text]) => Number(size) * boldWidthEm(text!));
  expect(sizes).toHaveLength(2);
  for (const width of sizes) expect(width).toBeLessThanOrEqual(1024);
});
