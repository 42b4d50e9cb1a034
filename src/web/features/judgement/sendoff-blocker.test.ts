import { describe, expect, test } from 'vitest';
import {
  SENDOFF_EMPTY_MESSAGE, SENDOFF_NOTHING_DECIDED_MESSAGE, SENDOFF_NOT_READY_MESSAGE,
} from '../../../domain/judgement/sendoff.ts';
import type { Vote } from '../../../domain/judgement/votes.ts';
import { sendoffBlocker } from './sendoff-blocker.ts';

const ADMINS = ['a', 'b'];
const row = (votes: Record<string, Vote>, currentOpinion: Vote) => ({ votes, currentOpinion });

describe('Send Votes, before pressing', () => {
  test.each([
    ['an empty board publishes nothing', [], SENDOFF_EMPTY_MESSAGE],
    ['an admin has not voted on a card', [row({ a: '0' }, '0')], SENDOFF_NOT_READY_MESSAGE],
    ['no opinion is not a vote', [row({ a: '0', b: 'no opinion' }, '0')], SENDOFF_NOT_READY_MESSAGE],
    ['every card a poll or a discussion: nothing decided', [row({ a: '0', b: '1' }, 'poll'), row({ a: 'discussion', b: '1' }, 'discussion')], SENDOFF_NOTHING_DECIDED_MESSAGE],
    ['one decided card is enough', [row({ a: '0', b: '1' }, 'poll'), row({ a: '2', b: '2' }, '2')], null],
  ] as const)('%s', (_why, entries, expected) => {
    expect(sendoffBlocker(entries, ADMINS)).toBe(expected);
  });
});
