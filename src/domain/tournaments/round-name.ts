// What a round is called where the event stands (issue 30 §4): 'Swiss round 2 of 3', 'Top 4:
// semifinals', 'Final', 'Round 2 of 5', 'Grand final'. One function for the page, the print view and
// the Discord messages, from what every tournament read carries.
import type { TournamentFormat } from './formats.ts';
import { roundCount as roundsFor, swissRounds as ruleSwissRounds, topCutSize } from './engine/round-count.ts';
import { allowsTie, type Bracket } from './types.ts';

export interface RoundNaming {
  format: TournamentFormat;
  /** the round to name (the current one) */
  round: number;
  /** the event's rounds, fixed at the start (Swiss and the cut's, or the bracket's with the reset) */
  roundCount: number;
  /** the host's Swiss rounds and top cut; null: the rule chose them at the start */
  swissRounds: number | null;
  topCut: number | null;
  /** the brackets of the round's matches, when known: they say a cut round or the grand final outright */
  brackets?: readonly Bracket[];
}

/**
 * The Swiss rounds and top cut an event of `roundCount` rounds plays. With the rule's numbers (the
 * host chose neither) the round count alone says them: Swiss rounds and cut rounds both grow with the
 * field, so no two splits give the same count. The rule's numbers only change at n = 2^j and 2^j + 1.
 */
export function swissPlan(roundCount: number, choice: { swissRounds: number | null; topCut: number | null }): { swiss: number; cut: number } {
  if (choice.topCut !== null) return { swiss: roundCount - (choice.topCut > 1 ? Math.log2(choice.topCut) : 0), cut: choice.topCut };
  if (choice.swissRounds !== null) {
    const cutRounds = roundCount - choice.swissRounds;
    return { swiss: choice.swissRounds, cut: cutRounds > 0 ? 2 ** cutRounds : 0 };
  }
  for (let j = 1; j <= 30; j++) {
    for (const n of [2 ** j, 2 ** j + 1]) {
      if (roundsFor('DEFAULT', n) === roundCount) return { swiss: ruleSwissRounds(n), cut: topCutSize(n) };
    }
  }
  return { swiss: roundCount, cut: 0 };
}

/** A cut round by the rounds left after it: 'Final', 'semifinals', 'quarterfinals', 'round of 16'. */
function cutStage(left: number): string {
  if (left === 1) return 'semifinals';
  if (left === 2) return 'quarterfinals';
  return `round of ${2 ** (left + 1)}`;
}

/** The round's name: 'Swiss round 2 of 3', 'Top 4: semifinals', 'Final', 'Round 2 of 5', 'Grand final', 'Grand final reset'. */
export function roundName(x: RoundNaming): string {
  const { round, roundCount } = x;
  if (round < 1) return 'Not started';
  const known = x.brackets && x.brackets.length > 0 ? x.brackets : null;
  switch (x.format) {
    case 'DEFAULT': {
      const { swiss, cut } = swissPlan(roundCount, x);
      const inCut = known ? known.includes('top') : round > swiss;
      if (!inCut) return `Swiss round ${round} of ${swiss}`;
      const left = roundCount - round;
      return left <= 0 ? 'Final' : `Top ${cut || 2 ** (roundCount - swiss)}: ${cutStage(left)}`;
    }
    case 'ROUND_ROBIN':
      return `Round ${round} of ${roundCount}`;
    case 'DOUBLE_ELIM': {
      // the grand final is the last round but one, its reset (played only when the losers' side wins it) the last
      const grand = known ? known.includes('grand') : roundCount >= 3 && round >= roundCount - 1;
      if (grand) return round >= roundCount ? 'Grand final reset' : 'Grand final';
      return `Round ${round} of ${roundCount}`;
    }
  }
}

/**
 * What a judge reads out when the round's clock reaches zero, in one line. rules.md and the spec say
 * nothing of the end of a round: this follows Konami's end-of-match procedure (the turn in progress,
 * then 3 more turns). Swiss and Round Robin take a draw; an elimination match needs a winner (the
 * site refuses a tie there), so life points decide it.
 */
export function timeCalled(brackets: readonly Bracket[]): string {
  const elimination = brackets.length > 0 && !brackets.some(allowsTie);
  return elimination
    ? 'Time: finish the current turn plus 3 more turns; if the match is still level, the player with more LP wins the game in progress.'
    : 'Time: finish the current turn plus 3 more turns; undecided games count as draws.';
}
