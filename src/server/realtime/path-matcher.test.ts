import { describe, expect, test } from 'vitest';
import { matchPath } from './path-matcher.ts';

describe('matchPath follows Spring AntPathMatcher', () => {
  test.each([
    ['a plain topic matches itself', '/topic/judgement', '/topic/judgement', true],
    ['a plain topic does not match a child', '/topic/judgement', '/topic/judgement/sendoff', false],
    ['* matches one segment (an id)', '/topic/judgement/*', '/topic/judgement/42', true],
    ['* matches one segment (a name)', '/topic/judgement/*', '/topic/judgement/sendoff', true],
    ['* needs the segment to be there', '/topic/judgement/*', '/topic/judgement', false],
    ['* does not cross a slash', '/topic/judgement/*', '/topic/judgement/a/b', false],
    ['* inside a segment', '/topic/tournaments/*/score*', '/topic/tournaments/t1/scoreboard', true],
    ['* inside a segment stays inside', '/topic/tournaments/*/score*', '/topic/tournaments/t1/standings', false],
    ['** spans several segments', '/topic/**', '/topic/tournaments/t1/scoreboard', true],
    ['** spans zero segments', '/topic/**', '/topic', true],
    ['** in the middle', '/topic/**/standings', '/topic/tournaments/t1/standings', true],
    ['** in the middle, zero segments', '/topic/**/standings', '/topic/standings', true],
    ['** then a literal that differs', '/topic/**/standings', '/topic/tournaments/t1/scoreboard', false],
    ['? is one character', '/topic/t?', '/topic/t1', true],
    ['? is exactly one character', '/topic/t?', '/topic/t12', false],
    ['regex characters are literal', '/topic/a.b', '/topic/axb', false],
    ['regex characters match themselves', '/topic/a.b+(c)', '/topic/a.b+(c)', true],
    ['/app patterns for SENDs', '/app/tournaments/*/request-scoreboard', '/app/tournaments/abc/request-scoreboard', true],
    ['another prefix does not match', '/app/**', '/topic/judgement', false],
  ])('%s: %s vs %s', (_why, pattern, path, expected) => {
    expect(matchPath(pattern, path)).toBe(expected);
  });
});
