import { describe, expect, test } from 'vitest';
import {
  STATUS_SORT_RANK, VOTE_LABEL, VOTE_SORT_RANK, VOTE_VALUES, combinedOpinion, isContested, isUnresolved, isVote,
  statusOfVote, type Vote,
} from './votes.ts';

describe('vote values', () => {
  test('the seven values of spec 1 §3 with their labels', () => {
    expect(VOTE_VALUES.map((v) => [v, VOTE_LABEL[v]])).toEqual([
      ['0', 'Forbidden'], ['1', 'Limited'], ['2', 'Semi-Limited'], ['3', 'Unlimited'],
      ['poll', 'Poll'], ['discussion', 'Discussion'], ['no opinion', 'No Opinion'],
    ]);
  });

  test.each([
    ['a status digit', '2', true],
    ['the spaced value', 'no opinion', true],
    ['a digit out of range', '4', false],
    ['a differently cased value', 'Poll', false],
    ['a number instead of a string', 0, false],
  ])('isVote: %s', (_l, value, expected) => expect(isVote(value)).toBe(expected));

  test.each([
    ['0', 'FORBIDDEN'], ['1', 'LIMITED'], ['2', 'SEMI_LIMITED'], ['3', 'UNLIMITED'],
    ['poll', null], ['discussion', null], ['no opinion', null],
  ] as [Vote, string | null][])('vote %s publishes as %s', (vote, status) => expect(statusOfVote(vote)).toBe(status));
});

describe('combined opinion (spec 1 §4)', () => {
  test.each<[string, Vote[], Vote]>([
    ['no admins at all', [], 'no opinion'],
    ['nobody holds an opinion', ['no opinion', 'no opinion'], 'no opinion'],
    ['everyone agrees', ['1', '1', '1'], '1'],
    ['one opinion held, the others abstain', ['0', 'no opinion', 'no opinion'], '0'],
    ['two opinions held', ['0', '1'], 'poll'],
    ['different opinions beside an abstention', ['2', 'no opinion', '3'], 'poll'],
    ['a single discussion beats agreement', ['1', '1', 'discussion'], 'discussion'],
    ['a discussion beats a poll', ['poll', 'discussion'], 'discussion'],
    ['a discussion among abstentions', ['no opinion', 'discussion'], 'discussion'],
    ['everyone says poll', ['poll', 'poll'], 'poll'],
    ['a poll vote beside a status', ['poll', '3'], 'poll'],
    ['unanimous unlimited is a decision too', ['3', '3'], '3'],
  ])('%s → %s', (_l, votes, expected) => expect(combinedOpinion(votes)).toBe(expected));
});

describe('unresolved and contested rows', () => {
  const admins = ['a', 'b'];
  test.each<[string, Record<string, Vote>, boolean]>([
    ['nobody voted', {}, true],
    ['one admin has not voted', { a: '0' }, true],
    ['one admin voted no opinion', { a: '0', b: 'no opinion' }, true],
    ['both voted a status', { a: '0', b: '1' }, false],
    ['poll and discussion are real votes', { a: 'poll', b: 'discussion' }, false],
    ['a vote of someone who is no longer admin does not count', { a: '0', c: '1' }, true],
  ])('%s → unresolved %s', (_l, votes, expected) => expect(isUnresolved(votes, admins)).toBe(expected));

  test.each<[Vote, boolean]>([
    ['poll', true], ['discussion', false], ['0', false], ['no opinion', false],
  ])('combined opinion %s → contested %s', (opinion, expected) => expect(isContested(opinion)).toBe(expected));
});

describe('sort ranks (spec 1 §2: 0, 1, 2, 3, discussion, poll, no opinion)', () => {
  test('votes sort in the spec order', () => {
    const shuffled: Vote[] = ['no opinion', 'poll', '3', 'discussion', '0', '2', '1'];
    expect([...shuffled].sort((a, b) => VOTE_SORT_RANK[a] - VOTE_SORT_RANK[b])).toEqual([
      '0', '1', '2', '3', 'discussion', 'poll', 'no opinion',
    ]);
  });

  test.each([
    ['Forbidden before Limited', 'FORBIDDEN', 'LIMITED'],
    ['Semi-Limited before Unlimited', 'SEMI_LIMITED', 'UNLIMITED'],
    ['a card on no list after Unlimited', 'UNLIMITED', 'NONE'],
  ] as const)('status rank: %s', (_l, first, second) => expect(STATUS_SORT_RANK[first]).toBeLessThan(STATUS_SORT_RANK[second]));
});
