import { describe, expect, test } from 'vitest';
import {
  championMessage, checkInOpenMessage, DESCRIPTION_MAX, embedsLength, MESSAGE_EMBEDS_TOTAL_MAX, pairingsMessages, TITLE_MAX,
} from './webhook-messages.ts';
import { escapeMarkdown } from './markdown.ts';

const event = { name: 'Winter Cup', url: 'https://hub.example/tournaments/abc' };

describe('Discord webhook messages', () => {
  test.each([
    ['bold and italics', '**big** _team_', '\\*\\*big\\*\\* \\_team\\_'],
    ['a mention', '@everyone', '\\@everyone'],
    ['a role or user mention', '<@&123>', '\\<\\@&123\\>'],
    ['a masked link', '[click](http://x)', '\\[click\\]\\(http\\://x\\)'],
    ['line breaks become spaces', 'two\nlines', 'two lines'],
  ])('names are plain text: %s', (_why, name, expected) => expect(escapeMarkdown(name)).toBe(expected));

  test('no message pings anyone', () => {
    for (const m of [checkInOpenMessage(event, null), championMessage(event, { teamName: 'A', wins: 1, losses: 0, ties: 0, members: [] }), ...pairingsMessages(event, 1, 'Round 1', [], null)]) {
      expect(m.allowed_mentions).toEqual({ parse: [] });
    }
  });

  test('check-in open links the page and gives the start in each reader’s time', () => {
    const [e] = checkInOpenMessage(event, '2026-12-05T18:00:00Z').embeds;
    expect(e!.url).toBe(event.url);
    expect(e!.description).toContain('<t:1796493600:F>');
  });

  test('pairings: one line per table, the bye last, the round’s end', () => {
    const [m, ...rest] = pairingsMessages(event, 2, 'Round 2', [
      { table: 1, team1: 'Alpha', team2: 'Bravo' }, { table: 2, team1: 'Charlie', team2: 'Delta' }, { table: null, team1: 'Echo', team2: null },
    ], '2026-12-05T19:00:00Z');
    expect(rest).toEqual([]);
    expect(m!.embeds[0]!.description).toBe('**Table 1** · Alpha vs Bravo\n**Table 2** · Charlie vs Delta\n**Bye** · Echo\n\nThe round ends <t:1796497200:t> (<t:1796497200:R>).');
    expect(m!.embeds[0]!.title).toBe('Round 2 pairings: Winter Cup');
  });

  test('2,048 tables split into messages within Discord’s limits, every table once, in order', () => {
    const pairings = Array.from({ length: 2048 }, (_, i) => ({ table: i + 1, team1: `Team with a rather long name ${2 * i}`, team2: `Team with a rather long name ${2 * i + 1}` }));
    const messages = pairingsMessages(event, 5, 'Round 5', pairings, '2026-12-05T19:00:00Z');
    expect(messages.length).toBeGreaterThan(20);
    messages.forEach((m, i) => {
      const [e] = m.embeds;
      expect(e!.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect(e!.title.length).toBeLessThanOrEqual(TITLE_MAX);
      expect(embedsLength(m)).toBeLessThanOrEqual(MESSAGE_EMBEDS_TOTAL_MAX);
      expect(e!.title).toContain(`(${i + 1} of ${messages.length})`);
    });
    const tables = messages.flatMap((m) => [...m.embeds[0]!.description!.matchAll(/\*\*Table (\d+)\*\*/g)].map((x) => Number(x[1])));
    expect(tables).toEqual(pairings.map((p) => p.table));
  });

  test('an absurdly long name is cut, never breaks a limit', () => {
    const [m] = pairingsMessages(event, 1, 'Round 1', [{ table: 1, team1: 'x'.repeat(10_000), team2: 'y' }], null);
    expect(m!.embeds[0]!.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    const champion = championMessage({ ...event, name: 'n'.repeat(300) }, { teamName: 't'.repeat(300), wins: 4, losses: 1, ties: 0, members: ['Ann'] });
    expect(champion.embeds[0]!.title.length).toBe(TITLE_MAX);
  });

  test('the champion: record, members, links to the standings and the report', () => {
    const m = championMessage(event, { teamName: 'Alpha', wins: 5, losses: 1, ties: 0, members: ['Ann', 'Bo_b'] }, 'https://hub.example/tournaments/abc/report');
    expect(m.embeds[0]).toMatchObject({ title: 'Alpha wins Winter Cup', url: 'https://hub.example/tournaments/abc/report' });
    expect(m.embeds[0]!.description).toBe('Record 5-1-0 · Ann, Bo\\_b\n[Final standings](https://hub.example/tournaments/abc) · [Event report](https://hub.example/tournaments/abc/report)');
  });

  test('the champion without a report address: the title links to the event, no report link', () => {
    const m = championMessage(event, { teamName: 'Alpha', wins: 5, losses: 1, ties: 0, members: [] });
    expect(m.embeds[0]!.url).toBe(event.url);
    expect(m.embeds[0]!.description).toBe(`Record 5-1-0\n[Final standings](${event.url})`);
    expect(embedsLength(m)).toBeLessThanOrEqual(MESSAGE_EMBEDS_TOTAL_MAX);
  });
});
