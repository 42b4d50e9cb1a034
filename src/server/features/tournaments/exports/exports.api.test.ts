// Print, CSV and calendar exports (issue 19) over real HTTP, on PGlite and PostgreSQL: the CSV
// files parsed back (csv-parse) equal the reads they mirror, names a spreadsheet would run come
// back escaped and accents survive; the calendar files parsed back (ical.js) hold one VEVENT per
// upcoming event with a stable UID and a SEQUENCE that follows what a calendar shows.
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { signedInClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { PAIRINGS_HEADER, STANDINGS_HEADER } from './exports-data.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';

const { server, anonymous, host, admin } = apiTest({ host: ['970000000000000001', 1, 'Host Hana'], admin: ['970000000000000002', 2, 'Admin Ada'] });
const kit = tournamentKit(server, { host, admin });

/** Names a spreadsheet would run as formulas, and accents. */
const TEAMS = [
  { name: '=HYPERLINK("http://evil.example","click")', player: 'Zoë Ångström' },
  { name: '+1', player: 'Łukasz Żółć' },
  { name: '@x', player: 'Chloé' },
  { name: '-2', player: 'Søren' },
  { name: 'Café, "Crème" & Co', player: 'Mañana' },
  { name: 'Plain Team', player: 'Ümit' },
];
/** What a spreadsheet cell shows for a name: text that would run starts with an apostrophe. */
const cell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

const csvOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte order mark Excel reads UTF-8 by
  return parse(bytes, { bom: true, encoding: 'utf8' }) as string[][];
};

async function namedEvent(extra: Record<string, unknown> = {}): Promise<string> {
  const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Exports Open', manualDeckChecking: false, ...extra }));
  for (const [i, t] of TEAMS.entries()) {
    const player = await signedInClient(server, `97100000000000000${i}`, 0, t.player);
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: t.name }));
  }
  return uid;
}

describe('pairings', () => {
  let uid: string;
  beforeAll(async () => {
    uid = await namedEvent();
    await ok(await host.post(`/api/tournaments/${uid}/start`));
  });

  test('pairings.csv parsed back equals the round read: tables, teams, players, escaped names, accents', async () => {
    const [m] = await kit.roundMatches(uid, 1);
    await ok(await admin.post(`/api/tournaments/${uid}/matches/${m!.id}/override-winner?winnerTeamId=${m!.team1Id}`, { team1Wins: 2, team2Wins: 1 }));
    const res = await anonymous.get(`/api/tournaments/${uid}/pairings.csv?round=1`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Exports Open round 1 pairings.csv"; filename*=UTF-8''Exports%20Open%20round%201%20pairings.csv`);
    const [header, ...rows] = await csvOf(res);
    expect(header).toEqual([...PAIRINGS_HEADER]);
    const matches = (await kit.roundMatches(uid, 1)).filter((x) => !x.missed);
    const teams = (await kit.state(uid)).teams;
    const playerOf = (id: string | null) => TEAMS.find((x) => x.name === teams.find((t) => t.uid === id)?.name)?.player ?? '';
    expect(rows).toHaveLength(matches.length);
    const byTeams = new Map(matches.map((x) => [`${cell(x.team1Name ?? '')}|${cell(x.team2Name ?? '')}`, x]));
    for (const row of rows) {
      const [round, table, team1, players1, team2, players2, games1, games2, winner, status] = row;
      const match = byTeams.get(`${team1}|${team2}`)!;
      expect(match, `a match of ${team1} and ${team2}`).toBeDefined();
      expect(round).toBe('1');
      expect(players1).toBe(playerOf(match.team1Id));
      expect(players2).toBe(playerOf(match.team2Id));
      if (match.table !== null) expect(table).toBe(String(match.table));
      expect(Number(table)).toBeGreaterThan(0);
      expect([games1, games2]).toEqual(match.finalScore ? [String(match.finalScore.team1Wins), String(match.finalScore.team2Wins)] : ['', '']);
      expect(status).toBe(match.status);
      expect(winner).toBe(match.complete ? cell(match.team1Name!) : '');
    }
    // tables 1..n, in order
    expect(rows.map((r) => Number(r[1]))).toEqual(rows.map((_, i) => i + 1));
    // every formula name came back escaped, every accent intact
    const flat = rows.flat();
    for (const t of TEAMS) {
      expect(flat).toContain(cell(t.name));
      expect(flat).toContain(t.player);
    }
    for (const bad of ['=HYPERLINK("http://evil.example","click")', '+1', '@x', '-2']) expect(flat).not.toContain(bad);
  });

  test('the print view’s pairings equal the CSV: the same rows, players and tables', async () => {
    const print = await ok<PrintPairings>(await anonymous.get(`/api/tournaments/${uid}/print/pairings`));
    expect(print).toMatchObject({ uid, name: 'Exports Open', round: 1, currentRound: 1, topCut: false });
    expect(print.roundStartedAt).toBeTruthy();
    const rows = (await csvOf(await anonymous.get(`/api/tournaments/${uid}/pairings.csv`))).slice(1);
    expect(print.rows.map((r) => [String(r.table), cell(r.team1!.name), r.team1!.players.join('; '), cell(r.team2!.name), r.status]))
      .toEqual(rows.map((r) => [r[1], r[2], r[3], r[4], r[9]]));
  });

  test('a cached file answers 304 to a client that has it, and a report is in the next read', async () => {
    const first = await anonymous.get(`/api/tournaments/${uid}/pairings.csv`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await anonymous.get(`/api/tournaments/${uid}/pairings.csv`, { 'if-none-match': etag })).status).toBe(304);
    const open = (await kit.roundMatches(uid, 1)).find((x) => !x.complete)!;
    await ok(await admin.post(`/api/tournaments/${uid}/matches/${open.id}/override-winner?winnerTeamId=${open.team2Id}`, { team1Wins: 0, team2Wins: 2 }));
    const after = await anonymous.get(`/api/tournaments/${uid}/pairings.csv`, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const row = (await csvOf(after)).find((r) => r[2] === cell(open.team1Name!))!;
    expect(row.slice(6)).toEqual(['0', '2', cell(open.team2Name!), 'Completed']);
  });

  test('bad and missing rounds are sentences: 400, 404, 409', async () => {
    for (const q of ['abc', '0', '-1', '1.5']) {
      const res = await anonymous.get(`/api/tournaments/${uid}/pairings.csv?round=${q}`);
      expect(res.status, q).toBe(400);
    }
    const t = await kit.state(uid);
    const beyond = await anonymous.get(`/api/tournaments/${uid}/pairings.csv?round=${t.roundCount + 1}`);
    expect(beyond.status).toBe(404);
    expect(await errorOf(beyond)).toBe(`There is no round ${t.roundCount + 1}: this tournament has ${t.roundCount} rounds`);
    const later = await anonymous.get(`/api/tournaments/${uid}/print/pairings?round=2`);
    expect(later.status).toBe(409);
    expect(await errorOf(later)).toBe('Round 2 is not paired yet: the tournament is in round 1');
    for (const path of ['pairings.csv', 'standings.csv', 'print/pairings', 'print/standings', 'calendar.ics']) {
      const res = await anonymous.get(`/api/tournaments/no-such-event/${path}`);
      expect(res.status, path).toBe(404);
      expect(await errorOf(res)).toBe('Tournament not found');
    }
    const { uid: fresh } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Not yet' }));
    const unstarted = await anonymous.get(`/api/tournaments/${fresh}/pairings.csv`);
    expect(unstarted.status).toBe(409);
    expect(await errorOf(unstarted)).toBe('The tournament has not started: there are no pairings yet');
  });
});

describe('standings', () => {
  test('standings.csv parsed back equals GET .../standings, placements once final', async () => {
    const uid = await namedEvent({ format: 'ROUND_ROBIN' });
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await kit.finishRound(uid);
    const check = async (final: boolean) => {
      const standings = await ok<Standings>(await anonymous.get(`/api/tournaments/${uid}/standings`));
      expect(standings.final).toBe(final);
      const res = await anonymous.get(`/api/tournaments/${uid}/standings.csv`);
      expect(res.headers.get('content-disposition')).toContain('filename="Exports Open standings.csv"');
      const [header, ...rows] = await csvOf(res);
      expect(header).toEqual([...STANDINGS_HEADER]);
      const t = await kit.state(uid);
      const playerOf = (id: string) => TEAMS.find((x) => x.name === t.teams.find((team) => team.uid === id)?.name)!.player;
      const pct = (x: number | null) => (x === null ? '' : String(Math.round(x * 10_000) / 100));
      expect(rows).toEqual(standings.rows.map((r) => [
        r.didNotPlay ? '' : String(r.rank), r.didNotPlay ? 'did not play' : r.placement ?? '', cell(r.teamName), playerOf(r.teamId), String(r.points), String(r.wins), String(r.losses), String(r.ties),
        pct(r.omw), pct(r.oomw), r.tieBreaker, r.dropped ? 'yes' : 'no',
      ]));
      const print = await ok<PrintStandings>(await anonymous.get(`/api/tournaments/${uid}/print/standings`));
      expect(print.final).toBe(final);
      expect(print.rows.map(({ players: _p, ...r }) => r)).toEqual(standings.rows);
      return rows;
    };
    expect((await check(false)).every((r) => r[1] === '')).toBe(true);
    await kit.advanceToEnd(uid);
    await ok(await host.post(`/api/tournaments/${uid}/winner`));
    const final = await check(true);
    expect(final[0]![1]).toBe('1st');
    expect(final.every((r) => r[1] !== '')).toBe(true);
  });
});

// ---- calendar -------------------------------------------------------------------------------------

const vevents = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
const field = (e: ICAL.Component, name: string) => e.getFirstPropertyValue(name);
const feed = async () => {
  const res = await anonymous.get('/api/tournaments.ics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  return vevents(await res.text());
};
const eventOf = async (uid: string) => {
  const res = await anonymous.get(`/api/tournaments/${uid}/calendar.ics`);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const [e, ...more] = vevents(await res.text());
  expect(more).toHaveLength(0);
  return e!;
};
/** A start time `days` from now, to the second (as calendars keep it). */
const inDays = (days: number) => new Date(Math.round((Date.now() + days * 86_400_000) / 1000) * 1000).toISOString();

describe('calendar', () => {
  test('the feed holds one VEVENT per upcoming event with a start: not one without, not one started', async () => {
    const upcoming = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Friday Night Duels', subtitle: 'Swiss, best of 3', startsAt: inDays(3) }));
    const second = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Sunday Cup', startsAt: inDays(5) }));
    const noStart = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Someday' }));
    const started = await kit.event('DEFAULT', 4, { startsAt: inDays(-0.01) });
    await ok(await host.post(`/api/tournaments/${started}/start`));
    const events = await feed();
    const summaries = events.map((e) => field(e, 'summary'));
    expect(summaries).toContain('Friday Night Duels');
    expect(summaries).toContain('Sunday Cup');
    expect(summaries).not.toContain('Someday');
    expect(summaries).not.toContain('DEFAULT 4');
    expect(new Set(events.map((e) => field(e, 'uid'))).size).toBe(events.length);
    const friday = events.find((e) => field(e, 'summary') === 'Friday Night Duels')!;
    const t = await kit.state(upcoming.uid);
    expect((field(friday, 'dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(t.startsAt);
    // the length estimate: at least two hours
    const length = (field(friday, 'dtend') as ICAL.Time).toJSDate().getTime() - (field(friday, 'dtstart') as ICAL.Time).toJSDate().getTime();
    expect(length).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(field(friday, 'url')).toBe(`${server.url}/tournaments/${upcoming.uid}`);
    expect(field(friday, 'description')).toContain('Swiss, best of 3');
    expect(field(friday, 'status')).toBe('CONFIRMED');
    expect(field(friday, 'sequence')).toBe(0);
    // the event's own file: the same event, the same UID
    const own = await eventOf(upcoming.uid);
    expect(field(own, 'uid')).toBe(field(friday, 'uid'));
    expect(field(await eventOf(second.uid), 'uid')).not.toBe(field(own, 'uid'));
    const none = await anonymous.get(`/api/tournaments/${noStart.uid}/calendar.ics`);
    expect(none.status).toBe(409);
    expect(await errorOf(none)).toBe('This tournament has no start time yet, so there is nothing to put in a calendar');
    // a started event keeps its own file
    expect(field(await eventOf(started), 'summary')).toBe('DEFAULT 4');
  });

  test('UIDs are stable across downloads; SEQUENCE moves on with a new start time, not with a score report', async () => {
    const uid = await kit.event('DEFAULT', 4, { name: 'Sequence Open', startsAt: inDays(2) });
    const first = await eventOf(uid);
    const again = await eventOf(uid);
    expect(field(again, 'uid')).toBe(field(first, 'uid'));
    expect(field(first, 'uid')).toBe(`tournament-${uid}@format-hub`);
    expect(field(first, 'sequence')).toBe(0);
    const moved = inDays(4);
    const patched = await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { startsAt: moved } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const after = await eventOf(uid);
    expect(field(after, 'uid')).toBe(field(first, 'uid'));
    expect(field(after, 'sequence')).toBe(1);
    expect((field(after, 'dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(moved);
    // a change a calendar does not show leaves it alone
    await ok(await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { startsAt: moved, checkIn: true } }));
    expect(field(await eventOf(uid), 'sequence')).toBe(1);
    // a score report neither
    await ok(await host.request('PATCH', `/api/tournaments/${uid}/settings`, { body: { checkIn: false } }));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const [m] = await kit.roundMatches(uid, 1);
    await ok(await (await kit.captainOf(uid, m!.team1Id!)).post(`/api/tournaments/${uid}/matches/${m!.id}/report-score`, { gamesWon: 2, gamesLost: 0 }));
    expect(field(await eventOf(uid), 'sequence')).toBe(1);
  });

  test('a cancelled event stays in the feed as CANCELLED with a newer SEQUENCE, so calendars remove it', async () => {
    const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', { name: 'Called Off', startsAt: inDays(6) }));
    const before = (await feed()).find((e) => field(e, 'summary') === 'Called Off')!;
    expect(field(before, 'sequence')).toBe(0);
    await ok(await host.post(`/api/tournaments/${uid}/cancel`));
    const events = await feed();
    const after = events.find((e) => field(e, 'uid') === field(before, 'uid'))!;
    expect(field(after, 'status')).toBe('CANCELLED');
    expect(field(after, 'sequence')).toBe(1);
    expect(field(await eventOf(uid), 'status')).toBe('CANCELLED');
    // the public list no longer has it; the feed has it only to tell calendars
    const listed = await ok<Tournament[]>(await anonymous.get('/api/tournaments'));
    expect(listed.map((t) => t.uid)).not.toContain(uid);
  });

  test('the feed and the files are public and revalidated', async () => {
    const res = await anonymous.get('/api/tournaments.ics');
    const etag = res.headers.get('etag')!;
    expect(res.headers.get('content-disposition')).toContain('filename="tournaments.ics"');
    expect((await anonymous.get('/api/tournaments.ics', { 'if-none-match': etag })).status).toBe(304);
    // a new event is in the very next read
    await ok(await host.post('/api/tournaments/host', { name: 'Brand New', startsAt: inDays(9) }));
    const next = await anonymous.get('/api/tournaments.ics', { 'if-none-match': etag });
    expect(next.status).toBe(200);
    expect(vevents(await next.text()).map((e) => field(e, 'summary'))).toContain('Brand New');
  });
});

// ---- hostile text (issue 29 §6) -------------------------------------------------------------------

/** Every Unicode line break (and FS, GS, RS, which Python's splitlines() also breaks on). */
const ANY_BREAK = /\r\n|[\n\v\f\r\x1c-\x1e\u0085\u2028\u2029]/; // eslint-disable-line no-control-regex

describe('names with line breaks, controls and formulas', () => {
  test('the calendar files and the CSV read back as the names meant, whatever line breaks or separator a reader uses', async () => {
    const name = 'Cup\u2028X-INJECTED:1\u0085STATUS:CANCELLED\u000bEND:VEVENT';
    const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', {
      name, description: 'Bring a deck\u2029LOCATION:Mars\u0007', startsAt: inDays(4), manualDeckChecking: false,
    }));
    const player = await signedInClient(server, '972000000000000001', 0, 'Mallory');
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: 'x;=1+1 team\u0085@SUM(1)\u0007' }));

    // the event's calendar file and the feed: no raw line break but CRLF, no property added, the text as meant
    for (const path of [`/api/tournaments/${uid}/calendar.ics`, '/api/tournaments.ics']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.split(ANY_BREAK), path).toEqual(text.split('\r\n'));
      const e = vevents(text).find((x) => field(x, 'uid') === `tournament-${uid}@format-hub`)!;
      expect(e.getAllProperties().map((p) => p.name).sort()).toEqual(
        ['description', 'dtend', 'dtstamp', 'dtstart', 'last-modified', 'sequence', 'status', 'summary', 'uid', 'url'],
      );
      expect(field(e, 'summary')).toBe('Cup\nX-INJECTED:1\nSTATUS:CANCELLED\nEND:VEVENT');
      expect(field(e, 'description')).toMatch(/^Bring a deck\nLOCATION:Mars\n\n/);
      expect(field(e, 'status')).toBe('CONFIRMED');
    }

    // standings.csv: the team one cell, its formulas escaped where any reader would start a cell
    const res = await anonymous.get(`/api/tournaments/${uid}/standings.csv`);
    const rows = await csvOf(res.clone());
    expect(rows.map((r) => r[2])).toEqual(['Team', "x;'=1+1 team\n'@SUM(1)"]);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    for (const sep of [',', ';', '\t']) {
      const cells = text.split(ANY_BREAK).flatMap((line) => line.split(sep));
      expect(cells.filter((c) => /^[ "]*[=+\-@\t]/.test(c)), JSON.stringify(sep)).toEqual([]);
    }
  });
});
