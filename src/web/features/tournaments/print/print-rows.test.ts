import { expect, test } from 'vitest';
import type { PairingRow, PrintStandingRow, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { escapeHtml, pairingRowsHtml, seatRowsHtml, standingRowsHtml } from './print-rows.ts';
import { seatsByPlayer } from './print-view.ts';

const EVIL = `<img src=x onerror="alert('x')">&`;
const team = (name: string, players: string[] = [name]): PrintTeam => ({ id: name, name, players, dropped: false });
const row = (over: Partial<PairingRow>): PairingRow => ({
  matchId: 1, bracket: 'swiss', table: 1, extraMinutes: 0, team1: null, team2: null, team1Wins: null, team2Wins: null, winnerTeamId: null, status: 'Scheduled', ...over,
});

/** The text a browser would show for some HTML, and whether any element other than the rows' own came in. */
function parse(html: string) {
  const tags = [...html.matchAll(/<(\w+)/g)].map((m) => m[1]);
  return { tags: new Set(tags), text: html.replace(/<[^>]+>/g, '|').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&') };
}

test('escapeHtml: the five characters that open markup or end an attribute', () => {
  expect(escapeHtml(EVIL)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
  expect(escapeHtml('Zoë Ångström')).toBe('Zoë Ångström');
});

test('names and players never become markup, in any list', () => {
  const rows = [row({ team1: team(EVIL, [EVIL]), team2: team('B', [`${EVIL} 2`]) })];
  const standings: PrintStandingRow[] = [{
    rank: 1, teamId: 't', teamName: EVIL, dropped: false, points: 3, wins: 1, losses: 0, ties: 0, omw: 0.5, oomw: 0.25, tieBreaker: EVIL,
    placement: EVIL, swissRecord: null, didNotPlay: false, players: [EVIL],
  }];
  for (const html of [pairingRowsHtml(rows), seatRowsHtml(seatsByPlayer(rows)), standingRowsHtml(standings, true)]) {
    const { tags, text } = parse(html);
    expect([...tags].every((t) => ['tr', 'td', 'b', 'small'].includes(t!))).toBe(true);
    expect(text).toContain(EVIL);
  }
});

test('the rows hold table, teams with players, result; a bye; extra time', () => {
  const html = pairingRowsHtml([
    row({ table: 3, extraMinutes: 5, team1: team('Alpha', ['Ann', 'Al']), team2: team('Beta'), team1Wins: 2, team2Wins: 0, winnerTeamId: 'Alpha', status: 'Completed' }),
    row({ matchId: 2, table: null, team1: team('Gamma'), status: 'Bye' }),
  ]);
  expect(html).toBe(
    '<tr><td class="big">3<small>+5 min</small></td><td><b>Alpha</b><small>Ann, Al</small></td><td><b>Beta</b></td><td class="tab">2–0</td></tr>'
    + '<tr><td class="big">–</td><td><b>Gamma</b></td><td>Bye</td><td class="tab"></td></tr>',
  );
});

test('standings: placement or rank, the record, the percentages by name, never the raw tie-breaker key', () => {
  const r: PrintStandingRow = {
    rank: 2, teamId: 't', teamName: 'Alpha', dropped: true, points: 6, wins: 2, losses: 1, ties: 0, omw: 0.6667, oomw: 0.5, tieBreaker: '06 667 500',
    placement: '3rd–4th', swissRecord: null, didNotPlay: false, players: ['Ann'],
  };
  expect(standingRowsHtml([r], true)).toBe('<tr><td class="strong">3rd–4th</td><td><b>Alpha</b> (dropped)<small>Ann</small></td><td class="num strong">6</td><td class="num">2-1-0</td><td class="num">66.7%</td><td class="num">50.0%</td></tr>');
  expect(standingRowsHtml([r], false)).toMatch(/^<tr><td class="strong">2<\/td>/);
  // a bye in round 1: nothing behind the shares yet
  expect(standingRowsHtml([{ ...r, omw: null, oomw: null }], false)).toContain('<td class="num">–</td><td class="num">–</td>');
});
