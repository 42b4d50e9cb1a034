// Issue 31's bot figures: a 1,024-player Swiss round's direct messages reaching a fake Discord that
// answers 429 to one call in 5 (retry_after 0.25 s, per route), each message once; and the
// interactions endpoint's latency (/table, signed as Discord signs it), while those messages go out
// and with the server idle. The real server as `npm start` runs it, on the embedded database.
// Round 1 opens each player's DM channel; round 2 uses the kept ones. Prints, for each, the time
// from the round's answer to the last DM, the calls and 429s, and p50/p95/p99 of /table. Figures, not assertions. BENCH_PLAYERS (1024), BENCH_INTERACTIONS (400 a phase), BENCH_RATE (20 a second).
// Each phase's first /table of a player signs them in as the bot does (a user row and a session).
import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestClient } from '../src/server/test/test-server.ts';
import { fmt, startServer } from './lib.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1024);
const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 400);
/** interactions a second: 1,024 players each asking /table within the round's first minute is about 17 */
const RATE = Number(process.env.BENCH_RATE ?? 20);
const ADA = '100000000000000001'; // a demo admin
const TARGET = { p99Ms: 100 };

async function ok(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Discord as the bot meets it: every fifth call a 429 for that route; DM channels `c<recipient>`. */
async function fakeDiscord() {
  let calls = 0;
  let limited = 0;
  const delivered = new Map<string, string[]>(); // channel -> nonces
  let last = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      calls++;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (calls % 5 === 0) {
        limited++;
        return send(429, { message: 'You are being rate limited.', retry_after: 0.25, global: false }, { 'retry-after': '1', 'x-ratelimit-scope': 'user' });
      }
      const body = raw ? (JSON.parse(raw) as { recipient_id?: string; nonce?: string }) : {};
      if (req.url!.endsWith('/users/@me/channels')) return send(200, { id: `c${body.recipient_id}`, type: 1 });
      const channel = /\/channels\/([^/]+)\/messages$/.exec(req.url!)?.[1];
      if (channel) {
        delivered.set(channel, [...(delivered.get(channel) ?? []), body.nonce ?? '']);
        last = performance.now();
      }
      send(200, { id: String(calls) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`,
    figures: () => ({ calls, limited, delivered, last }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_HEX = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');

/** Each interaction its own id: a second delivery of an id is a replay, answered without acting. */
let lastId = BigInt(Date.now()) * 1000n;

/** /table as a player, signed; the answer's time in ms. */
async function table(url: string, discordId: string): Promise<number> {
  const raw = JSON.stringify({
    id: String(++lastId), application_id: '123456', token: 'bench-token', version: 1, type: 2,
    data: { id: '9', name: 'table', type: 1, options: [] },
    user: { id: discordId, username: `p${discordId.slice(-4)}`, discriminator: '0', global_name: null, avatar: null },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + raw), privateKey).toString('hex');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/discord/interactions`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp }, body: raw,
  });
  const body = (await res.json()) as { data?: { content?: string } };
  if (!res.ok || !body.data?.content?.includes('table')) throw new Error(`/table: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return performance.now() - t0;
}

/** Open loop: /table i is sent at i / RATE seconds whatever the ones before it did (players asking as they sit down). */
async function interactions(url: string, ids: string[], n: number, offset: number): Promise<number[]> {
  const times: number[] = [];
  const t0 = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = t0 + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(table(url, ids[(offset + i) % ids.length]!).then((ms) => void times.push(ms)));
  }
  await Promise.all(running);
  return times.sort((a, b) => a - b);
}
const line = (label: string, t: number[]) =>
  `${label}: ${t.length} /table at ${RATE}/s, p50 ${fmt(pct(t, 50), 1)} ms, p95 ${fmt(pct(t, 95), 1)} ms, p99 ${fmt(pct(t, 99), 1)} ms (target p99 ≤ ${TARGET.p99Ms} ms)`;

const discord = await fakeDiscord();
const server = await startServer(7391, {
  RATE_LIMIT_SCALE: '1000', DISCORD_BOT_TOKEN: 'bench-bot-token', DISCORD_PUBLIC_KEY: PUBLIC_HEX, DISCORD_APPLICATION_ID: '123456', DISCORD_API_URL: discord.url,
});
try {
  const admin = new TestClient(server.url);
  await admin.signIn(ADA, 'Ada');
  const { uid } = (await ok(await admin.post('/api/tournaments/host', { name: 'Discord Bench Open', manualDeckChecking: false }))) as { uid: string };
  await ok(await admin.post(`/api/tournaments/${uid}/seed-test?count=${PLAYERS}`));
  const ids = ((await ok(await admin.get(`/api/tournaments/${uid}/participants`))) as { discordId: string }[]).map((p) => p.discordId);
  // round 1: each player's DM channel opened, then the message; round 2: the kept channels only
  for (const round of [1, 2]) {
    const before = discord.figures();
    const t0 = performance.now();
    await ok(await admin.post(`/api/tournaments/${uid}/${round === 1 ? 'start' : 'next-round'}`));
    const started = performance.now();
    // interactions while the round's messages go out
    const busy = interactions(server.url, ids, INTERACTIONS, (round - 1) * INTERACTIONS);
    const expected = PLAYERS - (PLAYERS % 2); // an odd player has a bye: no table, no message
    const reached = () => [...discord.figures().delivered.values()].filter((n) => n.length >= round).length;
    while (reached() < expected) {
      if (performance.now() - started > 300_000) throw new Error(`only ${reached()} of ${expected} players reached in 5 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const during = await busy;
    const { calls, limited, delivered, last } = discord.figures();
    const wrong = [...delivered.values()].filter((n) => n.length !== round || new Set(n).size !== n.length).length;
    console.log(`round ${round}, ${PLAYERS} players: ${round === 1 ? 'Start' : 'Next Round'} answered in ${fmt(started - t0)} ms; the last of ${fmt(expected)} DMs ${fmt((last - started) / 1000, 2)} s after it`);
    console.log(`  ${fmt(calls - before.calls)} calls to Discord, ${fmt(limited - before.limited)} answered 429 (one in 5); players not sent exactly once: ${wrong}`);
    console.log(`  ${line('during the DMs', during)}`);
    if (round === 1) {
      const matches = (await ok(await admin.get(`/api/tournaments/${uid}/matches?round=1`))) as { id: number; team1Id: string | null; team2Id: string | null }[];
      let next = 0;
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (next < matches.length) {
          const m = matches[next++]!;
          if (m.team2Id) await ok(await admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner?winnerTeamId=${m.team1Id}`, { team1Wins: 2, team2Wins: 0 }));
        }
      }));
    }
  }
  console.log(`  ${line('idle', await interactions(server.url, ids, INTERACTIONS, 0))}`);
} finally {
  await server.stop();
  await discord.close();
}
