// Issue 32 §4's card search figure: GET /api/cards over every card of ../shared/data/cards (official,
// unofficial, Rush, skills, prerelease, GOAT entries: about 24,600) on PGlite, in this process, over HTTP,
// target p95 ≤ 50 ms for any filter combination. A mix of combinations (broad and narrow names, card text,
// stats, archetypes, statuses on a list, every sort, deep pages) is asked by turns, each several times;
// the p95 of the whole mix and the slowest combination's p95 are printed, and the first search (which
// builds the index) apart. Figures, not assertions.
import { readFileSync } from 'node:fs';
import { importLflist } from '../src/server/features/banlists/banlist-import.ts';
import { cardRowFromJson } from '../src/server/features/cards/card-import.ts';
import type { CardJson } from '../src/server/features/cards/card-json.ts';
import * as CardsRepository from '../src/server/features/cards/cards-repository.ts';
import { startTestServer } from '../src/server/test/test-server.ts';
import { fmt } from './lib.ts';

const TARGET_MS = 50;
const ROUNDS = 30;
const FILES = ['official', 'unofficial', 'rush', 'skills', 'prerelease', 'goat-entries'];
const data = (f: string) => new URL(`../../shared/data/${f}`, import.meta.url);

const COMBINATIONS = [
  '',
  'q=dragon',
  'q=e',
  'q=blue%20eyes%20white%20dragon',
  'text=special%20summon%20graveyard',
  'text=destroy&kind=trap&sort=name',
  'kind=monster&attribute=dark&race=spellcaster&level=7',
  'subtype=synchro,tuner&sort=atk',
  'atkMin=2000&atkMax=3000&defMax=1000&sort=def',
  'archetype=HERO&sort=level',
  'archetype=0x3008&subtype=fusion',
  'banlist=2026-07-01&status=forbidden',
  'status=unlimited&page=50',
  'status=limited&kind=spell&sort=meta',
  'q=a&text=a&sort=atk&page=3&limit=100',
  'q=an&text=card&kind=monster&subtype=effect&attribute=light&race=warrior&level=4&atkMin=1000&atkMax=2000&defMin=0&defMax=2000&archetype=HERO&banlist=2026-05-01&status=unlimited&sort=atk&limit=100',
  'limit=100&page=200&sort=def',
];

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

const server = await startTestServer();
try {
  const db = server.database.db;
  const t0 = performance.now();
  let count = 0;
  for (const f of FILES) {
    const cards = JSON.parse(readFileSync(data(`cards/cards-${f}.json`), 'utf8')) as CardJson[];
    count += await CardsRepository.upsertCards(db, cards.map(cardRowFromJson));
  }
  await importLflist(db, readFileSync(data('lflists/2026.05-TCG.lflist.conf'), 'utf8'), { date: '2026-05-01' });
  await importLflist(db, readFileSync(data('lflists/2026.07-OCG.lflist.conf'), 'utf8'), { date: '2026-07-01' });
  console.log(`loaded ${count.toLocaleString('en')} cards and two lists in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const time = async (query: string) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/cards?${query}`);
    const body = (await res.json()) as { total: number };
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, total: body.total };
  };
  const first = await time('q=dragon');
  const times = new Map<string, number[]>(COMBINATIONS.map((c) => [c, []]));
  const totals = new Map<string, number>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of COMBINATIONS) {
      const { ms, total } = await time(c);
      times.get(c)!.push(ms);
      totals.set(c, total);
    }
  }
  const all = [...times.values()].flat();
  const [slowest, slowestTimes] = [...times].sort((a, b) => p95(b[1]) - p95(a[1]))[0]!;
  console.log(`GET /api/cards  first search (builds the index) ${fmt(first.ms)} ms | ${COMBINATIONS.length} filter combinations × ${ROUNDS}: p95 ${fmt(p95(all), 1)} ms (target ≤ ${TARGET_MS}), median ${fmt([...all].sort((a, b) => a - b)[all.length >> 1]!, 1)} ms`);
  console.log(`  slowest combination: p95 ${fmt(p95(slowestTimes), 1)} ms for '${slowest || '(no filter)'}' (${totals.get(slowest)} cards)`);
  for (const [c, ms] of times) console.log(`  ${fmt(p95(ms), 1).padStart(6)} ms  ${String(totals.get(c)).padStart(6)} cards  ${c || '(no filter)'}`);
} finally {
  await server.close();
}
process.exit(0);
