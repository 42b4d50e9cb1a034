// Late entry (issue 19) over real HTTP on PGlite and PostgreSQL: sign-ups through round n of a Swiss
// event, the late team's missed rounds (a loss with no opponent each, in its record and the
// standings, never an opponent of anyone), its pairing from the next round, its deck upload while
// deck submission is locked, and sign-ups closed for good after round n; what the start keeps of the
// setting (Swiss only, not after a lock, never through the last Swiss round).
import { describe, expect, test } from 'vitest';
import type { Match, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { signedInClient, TestClient } from '../../../test/test-server.ts';
import { apiTest } from '../../../test/api-test.ts';
import { REENTRY_REFUSED } from '../../../../domain/tournaments/late-entry.ts';
import { DECKS_FIXED_MESSAGE } from '../../../../domain/tournaments/limits.ts';
import type { AuditEntry } from '../../../../domain/api/tournaments.ts';
import type { Deck } from '../../../../domain/api/decks.ts';
import { errorOf, ok, tournamentKit } from '../tournament-test-kit.ts';

const ADMIN = '961920000000000001';
const HOST = '961920000000000002';
/** unchecked contents and size: any deck of card numbers is taken */
const DECK = '#created by test\n#main\n89631139\n89631139\n#extra\n!side\n';
const UNCHECKED = { dontCheckDeckContents: true, dontCheckDeckSize: true };

const { server, admin, host } = apiTest({ admin: [ADMIN, 2, 'Ada'], host: [HOST, 1, 'Hosta'] });
const kit = tournamentKit(server, { host, admin });
let latecomers = 0;

/** A new player, signed in, not in any event yet. */
async function latecomer() {
  latecomers++;
  return signedInClient(server, `96192${String(latecomers).padStart(13, '0')}`, 0, `Late ${latecomers}`);
}
const signUp = (c: TestClient, uid: string, name: string) => c.post(`/api/tournaments/${uid}/signup`, { name });

describe('late entry', () => {
  test('a team signing up during round 1 has a loss for it, no opponent, and is paired in round 2', async () => {
    // 5 teams and the late one: round 2 has three pairs and no bye
    const uid = await kit.event('DEFAULT', 5, { lateEntryRounds: 2 });
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    expect(started).toMatchObject({ lateEntryRounds: 2, lateEntryOpen: true, signupsOpen: false, roundCount: 3 });
    const late = await ok<Team>(await signUp(await latecomer(), uid, 'Late Comers'));
    expect(late).toMatchObject({ lateEntryRound: 1, losses: 1, wins: 0 });
    const round1 = await kit.roundMatches(uid, 1);
    const missed = round1.filter((m) => m.missed);
    expect(missed).toEqual([expect.objectContaining({
      team1Id: late.uid, team2Id: null, bye: false, complete: true, missed: true, table: null, outcome: { winnerTeamId: null },
      finalScore: { team1Wins: 0, team2Wins: 2 }, endsAt: null,
    })]);
    // a missed round is complete: the round ends as before
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const round2 = await kit.roundMatches(uid, 2);
    expect(round2.filter((m: Match) => m.team1Id === late.uid || m.team2Id === late.uid)).toHaveLength(1);
    expect(round2).toHaveLength(3);
    expect(round2.every((m) => !m.bye && m.team1Id && m.team2Id)).toBe(true);
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    // no opponent met yet (its round 2 match is not played): nothing behind its shares; it plays, so it is not 'did not play'
    expect(standings.rows.find((r) => r.teamId === late.uid)).toMatchObject({ losses: 1, wins: 0, points: 0, omw: null, oomw: null, didNotPlay: false });
  });

  test('signing up during round 2 records both rounds missed; after round 2 sign-ups are closed for good', async () => {
    const uid = await kit.event('DEFAULT', 4, { lateEntryRounds: 2 });
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    const late = await ok<Team>(await signUp(await latecomer(), uid, 'Very Late'));
    expect(late).toMatchObject({ lateEntryRound: 2, losses: 2 });
    const missed = (await kit.matchesOf(uid)).filter((m) => m.missed);
    expect(missed.map((m) => m.roundNumber)).toEqual([1, 2]);
    // a name already taken by an active team is refused as before
    const taken = await signUp(await latecomer(), uid, 'Very Late');
    expect(taken.status).toBe(409);
    await kit.finishRound(uid);
    const moved = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/next-round`));
    expect(moved.lateEntryOpen).toBe(false);
    expect((await kit.roundMatches(uid, 3)).some((m) => m.team1Id === late.uid || m.team2Id === late.uid)).toBe(true);
    const res = await signUp(await latecomer(), uid, 'Too Late');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Sign-ups are closed for good: late entry ran through round 2');
  });

  test('a player who played and dropped is refused late entry; a no-show dropped at the start enters late', async () => {
    const uid = await kit.event('DEFAULT', 5, { lateEntryRounds: 2, checkIn: true });
    const { teams } = await kit.state(uid);
    await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
    // the last team does not check in: the start drops it, before any pairing
    for (const t of teams.slice(0, -1)) await ok(await host.post(`/api/tournaments/${uid}/teams/${t.uid}/check-in`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const noShow = teams.at(-1)!;
    const arrived = await ok<Team>(await signUp(await kit.captainOf(uid, noShow.uid), uid, 'Arrived Late'));
    // it takes its own team back: one team, listed once (issue 29)
    expect(arrived).toMatchObject({ uid: noShow.uid, name: 'Arrived Late', dropped: false, lateEntryRound: 1, losses: 1 });
    expect((await kit.state(uid)).teams.map((t) => [t.uid, t.dropped])).toEqual(teams.map((t) => [t.uid, false]));

    // a team that played round 1 drops; its player may not come back under another name, nor may a host's drop
    await kit.finishRound(uid);
    const [played] = (await kit.roundMatches(uid, 1)).filter((m) => !m.bye && !m.missed);
    const quitter = await kit.captainOf(uid, played!.team2Id!);
    const me = (await kit.state(uid)).teams.find((t) => t.uid === played!.team2Id)!.members[0]!;
    await ok(await quitter.post(`/api/tournaments/${uid}/participants/${me.id}/drop`));
    const again = await signUp(quitter, uid, 'Second Try');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(REENTRY_REFUSED);
    await ok(await host.post(`/api/tournaments/${uid}/teams/${played!.team1Id}/drop`));
    expect((await signUp(await kit.captainOf(uid, played!.team1Id!), uid, 'Third Try')).status).toBe(409);
    // nobody else is turned away
    expect((await signUp(await latecomer(), uid, 'New Face')).status).toBe(201);
    const standings = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    expect(standings.rows.filter((r) => r.teamId === noShow.uid)).toHaveLength(1);
  });

  test('a no-show who never comes back is no placement, player or deck of the record, and ranks last', async () => {
    const uid = await kit.event('DEFAULT', 4, { checkIn: true, topCut: 0 });
    const { teams } = await kit.state(uid);
    await ok(await host.post(`/api/tournaments/${uid}/check-in/open`));
    for (const t of teams.slice(1)) await ok(await host.post(`/api/tournaments/${uid}/teams/${t.uid}/check-in`));
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const noShow = teams[0]!; // the first seed
    // every match a tie: without the rule the no-show's seed would put it first among equals
    const end = await kit.advanceToEnd(uid, () => null);
    if (!end.winnerTeamUid) await ok(await host.post(`/api/tournaments/${uid}/winner`));
    const live = await ok<Standings>(await kit.anonymous.get(`/api/tournaments/${uid}/standings`));
    // last, not placed, and said so (issue 39): the places are the three teams that played
    expect(live.rows.at(-1)).toMatchObject({ teamId: noShow.uid, dropped: true, didNotPlay: true, placement: null });
    expect(live.rows.slice(0, -1).every((r) => !r.didNotPlay && r.placement !== null)).toBe(true);
    expect(live.rows.slice(0, -1).map((r) => r.placement).join(' ')).toMatch(/^1st \S+ \S+$/);
    const report = await ok<{ placements: { teamId: string }[] }>(await kit.anonymous.get(`/api/tournaments/${uid}/report`));
    expect(report.placements.map((p) => p.teamId)).not.toContain(noShow.uid);
    expect(report.placements).toHaveLength(3);
  });

  test('without late entry, sign-ups close at the start', async () => {
    const uid = await kit.event('DEFAULT', 2);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const res = await signUp(await latecomer(), uid, 'No Entry');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('Sign-ups are closed: the tournament has started');
  });

  test('the start keeps what the event can have: never through the last Swiss round, none after a lock, none outside Swiss', async () => {
    const swiss = await kit.event('DEFAULT', 4, { lateEntryRounds: 3 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${swiss}/start`))).lateEntryRounds).toBe(2);
    const locked = await kit.event('DEFAULT', 4, { lateEntryRounds: 2 });
    await ok(await host.post(`/api/tournaments/${locked}/lock-signups`));
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${locked}/start`))).lateEntryRounds).toBe(0);
    const rr = await kit.event('ROUND_ROBIN', 4, { lateEntryRounds: 2 });
    expect((await ok<Tournament>(await host.post(`/api/tournaments/${rr}/start`))).lateEntryOpen).toBe(false);
    const res = await signUp(await latecomer(), rr, 'Round Robin');
    expect(res.status).toBe(409);
  });

  test('a late team submits its deck until its first round is paired, even with deck submission locked', async () => {
    const uid = await kit.event('DEFAULT', 4, { lateEntryRounds: 1, ...UNCHECKED });
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    await ok(await host.post(`/api/tournaments/${uid}/lock-deck-submission`));
    const player = await latecomer();
    await ok(await signUp(player, uid, 'Deckless'));
    const upload = (c: TestClient) => c.request('POST', `/api/tournaments/${uid}/decks?label=Late`, { body: DECK });
    const res = await upload(player);
    expect(res.status).toBe(201);
    // a team of the start cannot
    const early = kit.players.get((await kit.state(uid)).teams[0]!.captainDiscordId)!;
    const refused = await upload(early);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(DECKS_FIXED_MESSAGE);
    // once its first round is paired, the late team is like the others
    await kit.finishRound(uid);
    await ok(await host.post(`/api/tournaments/${uid}/next-round`));
    expect((await upload(player)).status).toBe(409);
  });

  test('from Start a team’s decks are fixed, for its player and the host alike; every deck change is in the log', async () => {
    // deck submission left open (the default): Start alone fixes the decks
    const uid = await kit.event('DEFAULT', 4, { lateEntryRounds: 1, ...UNCHECKED, decksAllowedPerPlayer: 2 });
    const teams = (await kit.state(uid)).teams;
    const player = kit.players.get(teams[0]!.captainDiscordId)!;
    const first = await ok<Deck>(await player.request('POST', `/api/tournaments/${uid}/decks?label=Kept`, { body: DECK }));
    const gone = await ok<Deck>(await player.request('POST', `/api/tournaments/${uid}/decks?label=Dropped`, { body: DECK }));
    expect((await player.request('DELETE', `/api/tournaments/${uid}/decks/${gone.id}`)).status).toBe(204);
    const started = await ok<Tournament>(await host.post(`/api/tournaments/${uid}/start`));
    expect(started.deckSubmissionOpen).toBe(true);
    for (const [who, res] of [
      ['player deletes', await player.request('DELETE', `/api/tournaments/${uid}/decks/${first.id}`)],
      ['player submits', await player.request('POST', `/api/tournaments/${uid}/decks?label=Other`, { body: DECK })],
      ['host deletes', await host.request('DELETE', `/api/tournaments/${uid}/decks/${first.id}`)],
    ] as const) {
      expect([who, res.status, await errorOf(res)]).toEqual([who, 409, DECKS_FIXED_MESSAGE]);
    }
    expect((await ok<Deck[]>(await player.get(`/api/tournaments/${uid}/participants/${(await kit.state(uid)).teams[0]!.members[0]!.id}/decks`))).map((d) => d.label)).toEqual(['Kept']);
    // a review stays possible, and is logged with the deck and its team
    await ok(await admin.post(`/api/tournaments/${uid}/participants/${teams[0]!.members[0]!.id}/decks/${first.id}/validate?approved=false&reason=Wrong%20list`));
    const log = await ok<AuditEntry[]>(await host.get(`/api/tournaments/${uid}/audit`));
    const decks = log.filter((e) => e.action.endsWith('-deck')).map((e) => [e.action, e.actorDiscordId, (e.after as { label: string; team: string }).label, (e.after as { team: string }).team]);
    expect(decks).toEqual([
      ['submit-deck', teams[0]!.captainDiscordId, 'Kept', teams[0]!.name],
      ['submit-deck', teams[0]!.captainDiscordId, 'Dropped', teams[0]!.name],
      ['delete-deck', teams[0]!.captainDiscordId, 'Dropped', teams[0]!.name],
      ['reject-deck', ADMIN, 'Kept', teams[0]!.name],
    ]);
  });
});
