import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { Report } from '../domain/api/records.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createTestDatabase, startTestServer, type TestServer } from './test/test-server.ts';
import { apiTest } from './test/api-test.ts';
import { seedDemoData, isEmpty } from './db/seed.ts';
import { createTournament } from './db/factories.ts';

const { server } = apiTest();

describe('the API shell', () => {
  test('health is 200 once migrations ran', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  test('malformed JSON is a 400 with a message, not a 500', async () => {
    const res = await fetch(`${server.url}/api/oauth/handle-callback`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: '{"code":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBeTruthy();
  });

  test('text/plain is refused where JSON is expected', async () => {
    const res = await fetch(`${server.url}/api/oauth/handle-callback`, {
      method: 'POST', headers: { 'content-type': 'text/plain', origin: server.url }, body: 'code=x',
    });
    expect(res.status).toBe(415);
  });

  test('a bad banlist date is a 400 and an unknown one a 404', async () => {
    expect((await fetch(`${server.url}/api/banlists/2026-13-45`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/banlists/yesterday`)).status).toBe(400);
    const missing = await fetch(`${server.url}/api/banlists/2001-01-01`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Banlist not found' });
  });

  test('home lists are empty on an empty database', async () => {
    for (const p of ['/api/tournaments', '/api/series/summaries', '/api/banlists/dates']) {
      expect(await (await fetch(`${server.url}${p}`)).json()).toEqual([]);
    }
  });

  test('cancelled tournaments are hidden from the list', async () => {
    const { tournament } = await createTournament(server.database.db, { name: 'Gone', hostDiscordId: '1', cancelled: true });
    const list = await (await fetch(`${server.url}/api/tournaments`)).json();
    expect(list.map((t: { uid: string }) => t.uid)).not.toContain(tournament.uid);
  });
});

describe('the demo data', () => {
  let seeded: TestServer;
  beforeAll(async () => {
    seeded = await startTestServer();
    expect(await isEmpty(seeded.database.db)).toBe(true);
    await seedDemoData(seeded.database.db);
  }, 120_000);
  afterAll(() => seeded?.close());

  test('fills the home page: tournaments in every display state, series, banlists', async () => {
    const tournaments = await (await fetch(`${seeded.url}/api/tournaments`)).json();
    const states = new Set(tournaments.map((t: { inProgress: boolean; completed: boolean }) => (t.completed ? 'Completed' : t.inProgress ? 'Live' : 'Upcoming')));
    expect(states).toEqual(new Set(['Live', 'Upcoming', 'Completed']));
    expect((await (await fetch(`${seeded.url}/api/series/summaries`)).json()).length).toBeGreaterThanOrEqual(3);
    const dates = await (await fetch(`${seeded.url}/api/banlists/dates`)).json();
    expect(dates).toEqual(['2026-07-01', '2026-05-01']);
  });

  test('the completed events have reports with real decks named by archetype or signature, kept by Close', async () => {
    const tournaments = (await (await fetch(`${seeded.url}/api/tournaments`)).json()) as { uid: string; name: string; completed: boolean; closed: boolean }[];
    const completed = tournaments.filter((t) => t.completed);
    expect(completed.map((t) => t.name).sort()).toEqual(['GOAT Monthly #10', 'GOAT Monthly #11', 'Modern Weekly #1', 'Modern Weekly #2']);
    expect(completed.filter((t) => t.closed).map((t) => t.name).sort()).toEqual(['GOAT Monthly #10', 'Modern Weekly #1']);
    const reports = new Map<string, Report>();
    for (const t of completed) reports.set(t.name, await (await fetch(`${seeded.url}/api/tournaments/${t.uid}/report`)).json());
    const modern = reports.get('Modern Weekly #1')!;
    expect(modern.decks).toHaveLength(10);
    expect(modern.decks.find((d) => d.label === 'Blackwing')?.archetype).toBe('Blackwing');
    const goat = reports.get('GOAT Monthly #10')!;
    expect(goat.decks.find((d) => d.label === 'Chaos408')?.archetype).toBe('Chaos');
    expect(goat.decks.find((d) => d.label === "Structure Deck - Warrior's Triumph")?.archetype).toBe('Warrior');
    // top-cut privacy: the cut's decks only, the meta of every deck
    const topCut = reports.get('Modern Weekly #2')!;
    expect(topCut.decks.length).toBeLessThan(10);
    expect(topCut.decks.every((d) => d.topCut)).toBe(true);
    expect(topCut.meta.decks).toBe(10);
  });

  test('the newest banlist has real cards, Advanced and previous statuses', async () => {
    const entries = await (await fetch(`${seeded.url}/api/banlists/2026-07-01`)).json();
    expect(entries.length).toBeGreaterThan(50);
    const dweller = entries.find((e: { cardId: number }) => e.cardId === 21044178);
    expect(dweller).toMatchObject({ cardName: 'Abyss Dweller', cardType: 'MONSTER_XYZ', formatStatus: 'FORBIDDEN' });
    expect(entries.some((e: { previousFormatStatus: string }) => e.previousFormatStatus === 'NONE')).toBe(true);
    expect(entries.some((e: { advancedFormatStatus: string; formatStatus: string }) => e.advancedFormatStatus !== e.formatStatus)).toBe(true);
    const older = await (await fetch(`${seeded.url}/api/banlists/2026-05-01`)).json();
    expect(older.every((e: { previousFormatStatus: string }) => e.previousFormatStatus === 'NONE')).toBe(true);
  });

  test('the GOAT series has a final league with its report and a running one with a match in each state', async () => {
    const list = (await (await fetch(`${seeded.url}/api/leagues`)).json()) as { id: string; name: string; phase: string; seriesName: string }[];
    expect(list.map((l) => [l.name, l.phase, l.seriesName])).toEqual([
      ['GOAT League: this month', 'running', 'GOAT Format Monthly'], ['GOAT League: last month', 'final', 'GOAT Format Monthly'],
    ]);
    const running = await (await fetch(`${seeded.url}/api/leagues/${list[0]!.id}`)).json();
    expect(running).toMatchObject({ runs: 8, players: 8, queueSize: 1 });
    expect(running.toDecide.map((m: { state: string }) => m.state)).toEqual(['disputed']);
    const states = new Set<string>();
    for (const row of running.leaderboard as { runResults: { id: number }[] }[]) {
      for (const r of row.runResults) for (const m of (await (await fetch(`${seeded.url}/api/leagues/${list[0]!.id}/runs/${r.id}`)).json()).matches) states.add(`${m.state}:${m.resolution}`);
    }
    expect([...states].sort()).toEqual(['complete:confirmed', 'complete:decided', 'complete:stood', 'disputed:null', 'playing:null', 'reported:null']);
    const report = await (await fetch(`${seeded.url}/api/leagues/${list[1]!.id}/report`)).json();
    expect(report.leaderboard).toHaveLength(10);
    expect(report.leaderboard[0]).toMatchObject({ displayName: 'Yugi', points: 6, perfectRuns: 1 });
    expect(report.decks).toHaveLength(8);
    // named by the rule of event decks: the GOAT signatures name Chaos and Warrior
    expect(report.meta.archetypes.map((a: { archetype: string }) => a.archetype)).toEqual(expect.arrayContaining(['Chaos', 'Warrior']));
    expect(report.meta.decks).toBe(10);
    // the GOAT list names its cards by their GOAT-era passcodes: a card's status is read through them
    expect(report.meta.cards.find((c: { name: string }) => c.name === 'Spirit Reaper')?.status).toBe('UNLIMITED');
    expect(report.meta.cards.find((c: { name: string }) => c.name === 'Mirror Force')?.status).toBe('LIMITED');
  });

  test('the demo admins are admins', async () => {
    const ids = await (await fetch(`${seeded.url}/api/users/admin-discord-ids`)).json();
    expect(ids).toEqual(['100000000000000001', '100000000000000002']);
  });
});

describe('the web app', () => {
  test('deep links and the OAuth callback load index.html; assets are long-cached', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Format Hub</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1)');
    const database = await createTestDatabase();
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent' }), database, webDir });
    try {
      for (const url of ['/', '/series/new', '/tournaments/abc', '/api/oauth/callback?code=x&state=y']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root">');
      }
      const asset = await app.inject({ url: '/assets/app-abc.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ url: '/api/unknown' })).json()).toEqual({ error: 'Not found' });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  test('the build\'s Brotli and gzip copies are sent as they are, to those who accept them', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), js);
    // marked copies: the answer must be the file on disk, not a compression made per request
    const br = zlib.brotliCompressSync(Buffer.from(`${js}//br`));
    const gz = zlib.gzipSync(Buffer.from(`${js}//gz`));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js.br'), br);
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js.gz'), gz);
    const database = await createTestDatabase();
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent' }), database, webDir });
    try {
      const asBrotli = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(asBrotli.headers['content-encoding']).toBe('br');
      expect(asBrotli.headers['content-type']).toMatch(/javascript/);
      expect(asBrotli.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(`${js}//br`);
      const asGzip = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
      expect(asGzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(asGzip.rawPayload).toString()).toBe(`${js}//gz`);
      const plain = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
