import { describe, expect, test } from 'vitest';
import { matchFactory } from '../match-fixture.ts';
import type { DiscordChannel } from '../../../../domain/api/discord-channel.ts';
import type { Team, Tournament } from '../../../../domain/api/tournaments.ts';
import { acceptChoice, attentionCount, attentionItems, attentionTitle, discordFailing } from './attention-view.ts';

const match = matchFactory({ roundNumber: 2 });
const report = (gamesWon: number, gamesLost: number) => ({ reporterDiscordId: '1', gamesWon, gamesLost, at: '2026-01-01T00:00:00.000Z' });
const event = (over: Partial<Tournament> = {}) => ({ inProgress: true, completed: false, cancelled: false, checkIn: false, currentRound: 2, teams: [], name: 'Friday', ...over }) as unknown as Tournament;
const team = (uid: string, name: string, over: Partial<Team> = {}) => ({ uid, name, dropped: false, checkedIn: false, ...over }) as unknown as Team;
const NOW = Date.parse('2026-01-01T20:00:00Z');

describe('what needs the host’s attention (issue 30 §1)', () => {
  test('disputes first, then tables past time, then matches not reported, by table; complete, byes and other rounds left out', () => {
    const items = attentionItems(event(), [
      match({ id: 10, table: 3 }),
      match({ id: 11, table: 2, endsAt: '2026-01-01T19:59:00Z' }), // time called
      match({ id: 12, table: 4, disputed: true, flaggedForReview: true, reportFromTeam1: report(2, 0), reportFromTeam2: report(2, 1) }),
      match({ id: 13, table: 1, complete: true }),
      match({ id: 14, table: 5, bye: true, team2Id: null }),
      match({ id: 15, roundNumber: 1, table: 1 }),
      match({ id: 16, table: 6, endsAt: '2026-01-01T20:05:00Z' }), // still running
      match({ id: 17, table: 7, complete: true, endsAt: '2026-01-01T19:00:00Z' }), // reported in time enough
    ], NOW);
    expect(items.map((i) => [i.kind, 'match' in i ? i.match.id : null])).toEqual([['dispute', 12], ['past-time', 11], ['unreported', 10], ['unreported', 16]]);
    expect(attentionCount(items)).toBe(4);
  });

  test('suspended players come first while the event runs or waits, each with their team; none once it is over (issue 39)', () => {
    const vic = { discordId: '9', name: 'Vic', teamUid: 'a', teamName: 'Alpha', until: null };
    const items = attentionItems(event(), [match({ id: 10, table: 1 })], NOW, [vic]);
    expect(items.map((i) => i.kind)).toEqual(['suspended', 'unreported']);
    expect(items[0]).toEqual({ kind: 'suspended', players: [vic] });
    expect(attentionCount(items)).toBe(2);
    expect(attentionItems(event({ inProgress: false }), [], NOW, [vic]).map((i) => i.kind)).toEqual(['suspended']);
    expect(attentionItems(event({ completed: true }), [], NOW, [vic])).toEqual([]);
  });

  test('a dispute shows both reports and offers to accept each as the result, seen from team 1', () => {
    const m = match({ disputed: true, flaggedForReview: true, reportFromTeam1: report(2, 0), reportFromTeam2: report(2, 1) });
    const [item] = attentionItems(event(), [m], NOW);
    expect(item).toMatchObject({
      kind: 'dispute',
      reports: ['Alpha: 2–0 for Alpha', 'Bravo: 2–1 for Bravo'],
      accepts: [
        { side: 1, label: 'Accept Alpha’s report', team1Wins: 2, team2Wins: 0, winnerTeamId: 'a' },
        { side: 2, label: 'Accept Bravo’s report', team1Wins: 1, team2Wins: 2, winnerTeamId: 'b' },
      ],
    });
  });

  test('a flag with one report or none offers what there is; a tie is accepted only where ties are allowed', () => {
    const flagged = match({ flaggedForReview: true, complete: true, reportFromTeam2: report(1, 1) });
    expect(attentionItems(event(), [flagged], NOW)[0]).toMatchObject({ kind: 'dispute', reports: [null, 'Bravo: 1–1, a tie'] });
    expect(acceptChoice(flagged, 2)).toMatchObject({ team1Wins: 1, team2Wins: 1, winnerTeamId: undefined });
    expect(acceptChoice(match({ bracket: 'top', reportFromTeam1: report(1, 1) }), 1)).toBeNull();
    expect(acceptChoice(match(), 1)).toBeNull();
  });

  test('before the start with check-in on: the teams not checked in, dropped ones left out; nothing when check-in is off or the event is over', () => {
    const teams = [team('a', 'Alpha'), team('b', 'Bravo', { checkedIn: true }), team('c', 'Charlie', { dropped: true }), team('d', '  ')];
    expect(attentionItems(event({ inProgress: false, checkIn: true, teams }), [], NOW)).toEqual([{ kind: 'check-in', teams: [{ uid: 'a', name: 'Alpha' }, { uid: 'd', name: 'Unnamed Team' }] }]);
    expect(attentionItems(event({ inProgress: false, checkIn: false, teams }), [], NOW)).toEqual([]);
    expect(attentionItems(event({ completed: true }), [match()], NOW)).toEqual([]);
    expect(attentionItems(event({ cancelled: true }), [match()], NOW)).toEqual([]);
  });

  test('with manual deck checking: the decks waiting for a check, of active players of active teams, before check-in and after the round', () => {
    const deck = (id: number, status: 'Pending' | 'Approved' | 'Rejected') => ({ id, label: `Deck ${id}`, status });
    const member = (id: number, decks: ReturnType<typeof deck>[], dropped = false) => ({ id, displayName: `P${id}`, dropped, submittedDecks: decks });
    const teams = [
      team('a', 'Alpha', { members: [member(1, [deck(3, 'Pending'), deck(1, 'Approved')])] } as Partial<Team>),
      team('b', 'Bravo', { members: [member(2, [deck(2, 'Pending')]), member(9, [deck(9, 'Pending')], true)] } as Partial<Team>),
      team('c', 'Charlie', { dropped: true, members: [member(4, [deck(4, 'Pending')])] } as Partial<Team>),
      team('d', 'Delta', { checkedIn: true, members: [member(5, [deck(5, 'Rejected')])] } as Partial<Team>),
    ];
    const waiting = [
      { deckId: 2, label: 'Deck 2', participantId: 2, player: 'P2', teamUid: 'b', teamName: 'Bravo' },
      { deckId: 3, label: 'Deck 3', participantId: 1, player: 'P1', teamUid: 'a', teamName: 'Alpha' },
    ];
    const before = attentionItems(event({ inProgress: false, checkIn: true, manualDeckChecking: true, teams }), [], NOW);
    expect(before.map((i) => i.kind)).toEqual(['decks', 'check-in']);
    expect(before[0]).toEqual({ kind: 'decks', decks: waiting });
    expect(attentionItems(event({ manualDeckChecking: true, teams }), [match({ id: 10, table: 1 })], NOW).map((i) => i.kind)).toEqual(['unreported', 'decks']);
    expect(attentionItems(event({ inProgress: false, manualDeckChecking: false, teams }), [], NOW)).toEqual([]);
  });

  test('a Discord channel that failed since its last delivery counts; the title carries the count', () => {
    const channel = (over: Partial<DiscordChannel>): DiscordChannel => ({ configured: true, lastDeliveredAt: null, lastError: null, waiting: 0, held: 0, ...over });
    const error = { at: '2026-01-01T19:00:00.000Z', kind: 'pairings', message: '404', final: false };
    expect(discordFailing(channel({ lastError: error }))).toBe(true);
    expect(discordFailing(channel({ lastError: error, lastDeliveredAt: '2026-01-01T19:30:00.000Z' }))).toBe(false);
    expect(discordFailing(channel({ configured: false, lastError: error }))).toBe(false);
    expect(discordFailing(undefined)).toBe(false);
    expect(attentionCount([], channel({ lastError: error }))).toBe(1);
    expect(attentionTitle('Friday', 3)).toBe('(3) Friday');
    expect(attentionTitle('Friday', 0)).toBe('Friday');
  });
});
