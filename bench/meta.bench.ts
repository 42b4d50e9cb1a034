// Issue 20's meta figure, its computing part: metaOf over 1,000 events of 64 decks (64,000 decks of
// 40 distinct cards from a pool of 3,000, 30 archetypes, the top 8 of each event in the cut). The
// target (200 ms) is for GET /api/meta, which adds its reads: this is what the domain costs of it.
import { metaOf, type MetaDeck } from '../src/domain/meta/meta.ts';
import { fmt } from './lib.ts';

let seed = 20261126;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const decks: MetaDeck[] = [];
for (let event = 0; event < 1000; event++) {
  for (let d = 0; d < 64; d++) {
    const cards = new Map<number, number>();
    while (cards.size < 40) cards.set(1 + Math.floor(rnd() * rnd() * 3000), 1 + Math.floor(rnd() * 3));
    decks.push({ archetype: `Archetype ${Math.floor(rnd() * rnd() * 30)}`, topCut: d < 8, cards: [...cards].map(([passcode, count]) => ({ passcode, count })) });
  }
}
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  const meta = metaOf(decks);
  times.push(performance.now() - t);
  if (meta.decks !== decks.length) throw new Error('lost decks');
}
times.sort((a, b) => a - b);
console.log(`metaOf: ${decks.length.toLocaleString('en')} decks in ${fmt(times[3]!)} ms (median of 7; min ${fmt(times[0]!)}, max ${fmt(times[6]!)}); issue 20's target for the whole request: 200 ms`);
