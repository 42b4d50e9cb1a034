// What a bye is worth, by the part of the event it is in (decision 014), and the sentence that tells
// players so. The standings score byes through `byeKind`, so the page and the table cannot disagree.
import type { Bracket } from '../types.ts';

/**
 * win: a 2-0 win for points and W-L-T, no opponent (Swiss, rules.md); rest: a round off that scores
 * nothing (round robin: with an odd count every team sits out once); advance: a bracket bye, the team
 * plays its next match and no game is recorded (no match row exists).
 */
export type ByeKind = 'win' | 'rest' | 'advance';

/** What a bye in this bracket gives the team. */
export function byeKind(bracket: Bracket): ByeKind {
  if (bracket === 'swiss') return 'win';
  if (bracket === 'rr') return 'rest';
  return 'advance';
}

const SENTENCE: Record<ByeKind, string> = {
  win: 'A bye counts as a 2-0 win.',
  rest: 'A bye is a round off: no game and no points (every team sits out once).',
  advance: 'A bye moves the team on to its next match without a game.',
};

/** The sentence players read about a bye in this bracket. */
export function byeSentence(bracket: Bracket): string {
  return SENTENCE[byeKind(bracket)];
}
