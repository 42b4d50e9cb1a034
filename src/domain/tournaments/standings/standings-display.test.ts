import { expect, test } from 'vitest';
import { didNotPlayLine, sharePercent, splitPlayed } from './standings-display.ts';

test('a share reads as a percentage, and as – while nothing is behind it', () => {
  expect([sharePercent(2 / 3), sharePercent(0), sharePercent(1), sharePercent(null), sharePercent(undefined)]).toEqual(['66.7%', '0.0%', '100.0%', '–', '–']);
});

test('the teams that did not play stand apart, the others keep their order', () => {
  const rows = [{ n: 'A' }, { n: 'B', didNotPlay: true }, { n: 'C', didNotPlay: false }, { n: 'D', didNotPlay: true }];
  expect(splitPlayed(rows)).toEqual({ placed: [rows[0], rows[2]], didNotPlay: [rows[1], rows[3]] });
  expect([didNotPlayLine([]), didNotPlayLine(['A']), didNotPlayLine(['A', 'B', 'C']), didNotPlayLine(['A', 'B', 'C'], 2)])
    .toEqual(['', 'Did not play: A', 'Did not play: A, B and C', 'Did not play: 3 teams']);
});
