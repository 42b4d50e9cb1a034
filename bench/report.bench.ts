// The event report of a 64-deck event (issue 20, goal: a cached read at most 50 ms): 64 one-player
// teams each with a real deck, every deck published (deckPrivacy all), Swiss and a top cut played
// to the winner on the real server. Then GET .../report: the first read (made from the record),
// sequential cached reads (identity and brotli, as a browser asks), and 32 connections at once;
// also the link card (the page's HTML and the PNG). Figures, not assertions.
import { readFileSync } from 'node:fs';
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt, load, startServer } from './lib.ts';

const TEAMS = 64;
const READS = 300;
const DECKS = ['AI_Blackwing', 'AI_Lightsworn', 'AI_Zoodiac', 'AI_Nekroz', 'AI_Qliphort', 'AI_SkyStriker', 'AI_Orcust', 'AI_Tearlaments']
  .map((d) => readFileSync(new URL(`../../shared/data/decks/iceygo-windbot/${d}.ydk`, import.meta.url), 'utf8'));

async function must(res: Response): Promise<Response> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res;
}

/** Milliseconds of one GET, its body read whole. */
async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const res = await must(await fetch(url, { headers }));
  const read = (await res.arrayBuffer()).byteLength;
  // fetch inflates what it reads: the bytes sent are the Content-Length
  return { ms: performance.now() - start, bytes: Number(res.headers.get('content-length') ?? read) };
}

function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `p50 ${fmt(at(0.5), 2)} ms, p99 ${fmt(at(0.99), 2)} ms, max ${fmt(s.at(-1)!, 2)} ms`;
}

async function sequential(url: string, headers: Record<string, string> = {}) {
  const ms: number[] = [];
  for (let i = 0; i < READS; i++) ms.push((await timed(url, headers)).ms);
  return summary(ms);
}

const server = await startServer(8290, { RATE_LIMIT_SCALE: '1000' });
try {
  const ada = new TestClient(server.url);
  await ada.signIn('100000000000000001', 'Ada');
  const { uid } = (await (await must(await ada.post('/api/tournaments/host', { name: 'Bench report', manualDeckChecking: false, deckPrivacy: 'all' }))).json()) as { uid: string };
  const base = `${server.url}/api/tournaments/${uid}`;
  let setup = performance.now();
  for (let i = 0; i < TEAMS; i++) {
    const player = new TestClient(server.url);
    await player.signIn(`8${String(i).padStart(17, '0')}`, `Bench Player ${i + 1}`);
    await must(await player.post(`/api/tournaments/${uid}/signup`, { name: `Bench Team ${i + 1}` }));
    await must(await player.request('POST', `/api/tournaments/${uid}/decks?label=Deck`, { body: DECKS[i % DECKS.length] }));
  }
  await must(await ada.post(`/api/tournaments/${uid}/start`));
  for (let guard = 0; guard < 30; guard++) {
    const t = (await (await ada.get(`/api/tournaments/${uid}`)).json()) as { currentRound: number; roundCount: number };
    const matches = (await (await ada.get(`/api/tournaments/${uid}/matches?round=${t.currentRound}`)).json()) as { id: number; complete: boolean; team1Id: string | null; team2Id: string | null }[];
    for (const m of matches) {
      if (m.complete || !m.team1Id || !m.team2Id) continue;
      await must(await ada.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
    }
    if (t.currentRound >= t.roundCount) break;
    await must(await ada.post(`/api/tournaments/${uid}/next-round`));
  }
  await must(await ada.post(`/api/tournaments/${uid}/winner`));
  setup = performance.now() - setup;

  const report = `${base}/report`;
  const identity = { 'accept-encoding': 'identity' };
  const first = await timed(report, identity);
  const body = (await (await fetch(report)).json()) as { decks: unknown[]; placements: unknown[]; meta: { archetypes: unknown[] } };
  console.log(`event: ${TEAMS} teams, ${body.decks.length} published decks, ${body.meta.archetypes.length} archetypes (set up and played in ${fmt(setup / 1000, 1)} s)`);
  console.log(`GET .../report first read (made from the record): ${fmt(first.ms, 1)} ms, ${fmt(first.bytes / 1024, 1)} KiB`);
  console.log(`GET .../report cached, ${READS} in a row, identity: ${await sequential(report, identity)}`);
  const br = await timed(report, { 'accept-encoding': 'br' });
  console.log(`GET .../report cached, ${READS} in a row, brotli (${fmt(br.bytes / 1024, 1)} KiB): ${await sequential(report, { 'accept-encoding': 'br' })}`);
  const many = await load(report, 32, 5, { 'accept-encoding': 'br' });
  console.log(`GET .../report cached, 32 connections for 5 s, brotli: ${fmt(many.rps)} req/s, p99 ${fmt(many.p99)} ms${many.errors ? ` (${many.errors} errors)` : ''}`);

  const page = `${server.url}/tournaments/${uid}/report`;
  const pageFirst = await timed(page);
  console.log(`GET /tournaments/{uid}/report (the link card's HTML) first: ${fmt(pageFirst.ms, 1)} ms; then ${await sequential(page)}`);
  const pngFirst = await timed(`${report}/og.png`);
  console.log(`GET .../report/og.png first (sharp): ${fmt(pngFirst.ms, 1)} ms, ${fmt(pngFirst.bytes / 1024, 1)} KiB; then ${await sequential(`${report}/og.png`)}`);
  const goal = 50;
  console.log(`goal: a cached report at most ${goal} ms`);
} finally {
  await server.stop();
}
process.exit(0);
