import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compilePattern, matches, matchPath } from './path-matcher.ts';

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
    // what the linear matcher adds to be sure of
    ['** inside a segment is a *', '/topic/a**b', '/topic/axxb', true],
    ['** inside a segment stays inside', '/topic/a**b', '/topic/a/b', false],
    ['runs of ** segments are one', '/topic/**/**/**/x', '/topic/x', true],
    ['two ** with a run between', '/topic/**/t?/**/s*', '/topic/a/t1/b/c/standings', true],
    ['the run between two ** must be there', '/topic/**/t?/**/s*', '/topic/a/b/standings', false],
    ['stars around a piece', '/topic/*a*b*', '/topic/xxaybz', true],
    ['pieces in order', '/topic/*b*a*', '/topic/ab', false],
    ['a relative pattern never matches an absolute path', 'topic/*', '/topic/x', false],
  ])('%s: %s vs %s', (_why, pattern, path, expected) => {
    expect(matchPath(pattern, path)).toBe(expected);
  });
});

// ---- against an obviously correct reference ------------------------------------------------------

/**
 * Glob by recursion with memo over two sequences: an element of `p` that `isRun` takes any number
 * of elements of `s`; any other takes one it is `same` as.
 */
function globRef<T>(p: readonly T[], s: readonly T[], isRun: (x: T) => boolean, same: (x: T, y: T) => boolean): boolean {
  const memo = new Map<string, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let out: boolean;
    if (i === p.length) out = j === s.length;
    else if (isRun(p[i]!)) out = go(i + 1, j) || (j < s.length && go(i, j + 1));
    else out = j < s.length && same(p[i]!, s[j]!) && go(i + 1, j + 1);
    memo.set(key, out);
    return out;
  };
  return go(0, 0);
}

/** Glob of one segment: `*` any run, `?` one character. */
const segmentRef = (p: string, s: string): boolean => globRef(p.split(''), s.split(''), (c) => c === '*', (c, d) => c === '?' || c === d);

/** Paths: a whole `**` segment takes any number of segments. */
function pathRef(pattern: string, path: string): boolean {
  if (pattern.startsWith('/') !== path.startsWith('/')) return false;
  return globRef(pattern.split('/').filter(Boolean), path.split('/').filter(Boolean), (seg) => seg === '**', segmentRef);
}

const topicSegment = fc.stringMatching(/^[ab]{1,5}$/);
const topic = fc.array(topicSegment, { minLength: 0, maxLength: 6 }).map((segs) => `/topic${segs.map((s) => `/${s}`).join('')}`);
const patternSegment = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[ab*?]{1,6}$/) },
  { weight: 1, arbitrary: fc.constant('**') },
);
const pattern = fc.array(patternSegment, { minLength: 0, maxLength: 6 }).map((segs) => `/topic${segs.map((s) => `/${s}`).join('')}`);

// Fixed numbers of runs: generating them takes 2–4 s alone and over 5 s on a busy 2-core machine
// (CI ran out of vitest's default there), so these two have a minute; it bounds a stuck run, it
// measures nothing.
const PROPERTY_TIMEOUT_MS = 60_000;

describe('the matcher agrees with a recursive reference', () => {
  test('on generated patterns and topics', () => {
    fc.assert(fc.property(pattern, topic, (p, t) => matchPath(p, t) === pathRef(p, t)), { numRuns: 20_000 });
  }, PROPERTY_TIMEOUT_MS);

  test('on topics made to fit the pattern (matches are not rare)', () => {
    // a topic made from the pattern: each * and ** filled with something, so both answers occur
    const filled = pattern.chain((p) =>
      fc.tuple(fc.constant(p), fc.array(fc.stringMatching(/^[ab]{0,3}$/), { minLength: 64, maxLength: 64 }), fc.array(fc.stringMatching(/^(\/[ab]{1,2}){0,2}$/), { minLength: 16, maxLength: 16 })),
    ).map(([p, fills, deep]) => {
      let i = 0;
      let k = 0;
      const t = p.split('/').map((seg) => (seg === '**' ? deep[k++ % 16]!.slice(1) : seg.replace(/\*+/g, () => fills[i++ % 64]!).replace(/\?/g, 'a'))).join('/');
      return [p, t.replace(/\/+/g, '/').replace(/\/$/, '') || '/topic'] as const;
    });
    let matched = 0;
    fc.assert(fc.property(filled, ([p, t]) => {
      const ours = matchPath(p, t);
      if (ours) matched++;
      return ours === pathRef(p, t);
    }), { numRuns: 10_000 });
    expect(matched).toBeGreaterThan(1000);
  }, PROPERTY_TIMEOUT_MS);
});

describe('client patterns cost what the topic costs', () => {
  test('64 KB of stars compiles to one star and matches at once', () => {
    const stars = compilePattern(`/topic/**/${'*'.repeat(64 * 1024)}d/x`);
    expect(stars.runs[1]![0]!.pieces).toEqual(['', 'd']);
    expect(matches(stars, '/topic/a/b/cd/x')).toBe(true);
    expect(matches(stars, '/topic/a/b/c/x')).toBe(false);
  });

  test('a pattern longer than the topic fails on its length', () => {
    const long = compilePattern(`/topic/${'?a*'.repeat(20_000)}`);
    expect(long.runs[0]![1]!.min).toBe(40_000);
    expect(matches(long, '/topic/aaaa')).toBe(false);
    const deep = compilePattern(`/topic${'/**/a'.repeat(10_000)}`);
    expect(deep.minSegments).toBe(10_001);
    expect(matches(deep, '/topic/a/a')).toBe(false);
  });
});
