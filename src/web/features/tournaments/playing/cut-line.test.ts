import { describe, expect, it } from 'vitest';
import { nextRound } from '../../../../domain/tournaments/engine/engine.ts';
import { currentStandings } from '../../../../domain/tournaments/engine/results.ts';
import { makeTeams, simulate } from '../../../../domain/tournaments/engine/properties/simulate.ts';
import { cutLineAfter, cutPreview, swissCut } from './cut-line.ts';

const row = (teamId: string, dropped = false) => ({ teamId, dropped });
const event = { format: 'DEFAULT' as const, inProgress: true, completed: false, topCut: null, swissRounds: null };

describe('swissCut', () => {
  it('reads the host\'s cut, or the rule\'s from the round count, during the Swiss rounds only', () => {
    expect(swissCut({ ...event, roundCount: 5, currentRound: 3, topCut: 4, swissRounds: 3 })).toEqual({ size: 4, swiss: 3 });
    expect(swissCut({ ...event, roundCount: 5, currentRound: 4, topCut: 4, swissRounds: 3 })).toBeNull();
    // 10 teams by the rule: 4 Swiss rounds and a top 2 (5 rounds)
    expect(swissCut({ ...event, roundCount: 5, currentRound: 1 })).toEqual({ size: 2, swiss: 4 });
    // 6 teams: no cut
    expect(swissCut({ ...event, roundCount: 3, currentRound: 1 })).toBeNull();
    expect(swissCut({ ...event, format: 'ROUND_ROBIN', roundCount: 5, currentRound: 1, topCut: 4 })).toBeNull();
    expect(swissCut({ ...event, roundCount: 5, currentRound: 2, topCut: 4, swissRounds: 3, completed: true })).toBeNull();
  });
});

describe('cutLineAfter', () => {
  it('falls after the cut-th team that has not dropped', () => {
    expect(cutLineAfter([row('a'), row('b'), row('c'), row('d'), row('e')], 4)).toBe('d');
    expect(cutLineAfter([row('a'), row('b', true), row('c'), row('d'), row('e'), row('f')], 4)).toBe('e');
  });
  it('draws none when every active team makes the cut', () => {
    expect(cutLineAfter([row('a'), row('b'), row('c'), row('d'), row('e', true)], 4)).toBeNull();
  });
});

describe('cutPreview', () => {
  it('seeds 1 v 4 and 2 v 3, dropped teams left out', () => {
    const p = cutPreview([row('a'), row('b', true), row('c'), row('d'), row('e'), row('f')], { size: 4, swiss: 3 });
    expect(p.qualifiers.map((r) => r.teamId)).toEqual(['a', 'c', 'd', 'e']);
    expect(p.pairings.map((x) => [x.seed1, x.team1.teamId, x.seed2, x.team2.teamId])).toEqual([[1, 'a', 4, 'e'], [2, 'c', 3, 'd']]);
    expect(p.byes).toEqual([]);
  });
  it('gives the best seeds a bye when fewer teams than the cut hold remain', () => {
    const p = cutPreview([row('a'), row('b'), row('c'), row('d', true)], { size: 4, swiss: 3 });
    expect(p.pairings.map((x) => [x.team1.teamId, x.team2.teamId])).toEqual([['b', 'c']]);
    expect(p.byes.map((r) => r.teamId)).toEqual(['a']);
  });

  // the preview is what Next Round then creates: the engine's own cut, from the standings the page shows
  it.each([
    [8, { topCut: 4, swissRounds: 3 }, 1],
    [12, { topCut: 8, swissRounds: 4 }, 2],
    [10, undefined, 3],
    [20, undefined, 4],
  ])('equals the engine\'s cut: %i teams, choice %o, seed %i, with drops', (n, choice, seed) => {
    let compared = false;
    simulate('DEFAULT', makeTeams(n), {
      seed, choice, tieRate: 0.1,
      onRound: (state, round) => {
        const swiss = choice?.swissRounds ?? (n === 10 ? 4 : 5);
        if (round !== swiss) return;
        // two teams of the top five drop before Next Round
        const top = currentStandings('DEFAULT', state.teams, state.matches);
        const gone = new Set([top[1]!.teamId, top[4]!.teamId]);
        const teams = state.teams.map((t) => (gone.has(t.id) ? { ...t, dropped: true } : t));
        const rows = currentStandings('DEFAULT', teams, state.matches).map((r) => ({ teamId: r.teamId, dropped: gone.has(r.teamId) }));
        const size = choice?.topCut ?? (n === 10 ? 2 : 4);
        const preview = cutPreview(rows, { size, swiss });
        const created = nextRound({ ...state, teams }, round).filter((m) => m.team1 && m.team2);
        expect(created.length).toBeGreaterThan(0);
        expect(preview.pairings.map((p) => [p.team1.teamId, p.team2.teamId])).toEqual(created.map((m) => [m.team1, m.team2]));
        expect(preview.qualifiers.some((r) => gone.has(r.teamId))).toBe(false);
        compared = true;
      },
    });
    expect(compared).toBe(true);
  });
});
