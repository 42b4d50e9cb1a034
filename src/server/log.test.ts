import { describe, expect, test } from 'vitest';
import { prettyLine } from './log.ts';

describe('readable log lines on a terminal', () => {
  test.each([
    ['a warning with fields', { level: 40, time: Date.UTC(2026, 10, 23, 14, 2, 11), pid: 1, hostname: 'h', msg: 'slow request', url: '/api/x', ms: 1200 }, /^\d\d:\d\d:\d\d WARN slow request url=\/api\/x ms=1200$/],
    ['an error with its stack on the next line', { level: 50, time: 0, msg: 'request failed', err: { stack: 'Error: boom\n    at x' } }, /ERROR request failed\n {2}Error: boom/],
    ['an info line', { level: 30, time: 0, msg: 'Format Hub on http://localhost:8080' }, / INFO Format Hub on http:\/\/localhost:8080$/],
  ])('%s', (_l, o, expected) => expect(prettyLine(JSON.stringify(o))).toMatch(expected));

  test('a line that is not JSON passes through', () => expect(prettyLine('plain')).toBe('plain'));
});
