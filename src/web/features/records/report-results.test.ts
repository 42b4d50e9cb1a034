import { expect, test } from 'vitest';
import { tieBreakerPercent } from './report-results.tsx';

test.each([
  [0.65555, '65.6%'],
  [1, '100.0%'],
  [0, '0.0%'],
  [undefined, '–'], // a record written before the report kept tie-breakers
])('tie-breaker %s reads %s', (x, text) => expect(tieBreakerPercent(x)).toBe(text));
