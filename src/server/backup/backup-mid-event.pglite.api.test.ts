// A backup taken by `npm run cli -- backup` from a running server in the middle of a round, while
// players' score reports keep arriving; restored into a new data dir, a server there shows the
// event with every result acknowledged before the copy, and no match half written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Match } from '../../domain/api/tournaments.ts';
import { ok, tournamentKit } from '../features/tournaments/tournament-test-kit.ts';
import { signedInClient, TestClient } from '../test/test-server.ts';
import { checkBackupFile } from './backup-reader.ts';
import { cli, startDiskServer, tempRoot, type DiskServer } from './backup-test-kit.ts';
import { STAGING_PREFIX } from './backup-writer.ts';

const ADMIN = '960000000000000001';
const HOST = '960000000000000002';
const TEAMS = 48;

/** What a report changes in a match: the restored one must equal a state the live server answered. */
const played = (m: Match) => ({
  complete: m.complete, finalScore: m.finalScore, outcome: m.outcome, reportFromTeam1: m.reportFromTeam1,
  reportFromTeam2: m.reportFromTeam2, flaggedForReview: m.flaggedForReview, disputed: m.disputed,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// PGlite only (vitest.config.ts: *.pglite.api.test.ts): on PostgreSQL backups are pg_dump's
describe('a backup in the middle of a round', () => {
  let root: string;
  let live: DiskServer;
  let restored: DiskServer | undefined;

  beforeAll(async () => {
    root = tempRoot('fh-backup-event-');
    live = await startDiskServer(path.join(root, 'live'));
  }, 120_000);
  afterAll(async () => {
    await restored?.close();
    await live?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('restored, it has every result answered before the copy began and no half-written match', async () => {
    const admin = await signedInClient(live, ADMIN, 2, 'Ada');
    const host = await signedInClient(live, HOST, 1, 'Hosta');
    const kit = tournamentKit(live, { host, admin });
    const uid = await kit.event('DEFAULT', TEAMS);
    await ok(await host.post(`/api/tournaments/${uid}/start`));
    const round = (await kit.roundMatches(uid)).filter((m) => !m.bye);
    const seen = new Map(round.map((m) => [m.id, [played(m)]]));

    // every team 1 reports 2-1 first, then every team 2 agrees (which completes the match and
    // rewrites both teams' records in the same transaction)
    const jobs = [
      ...round.map((m) => ({ m, fromTeam1: true, body: { gamesWon: 2, gamesLost: 1 } })),
      ...round.map((m) => ({ m, fromTeam1: false, body: { gamesWon: 1, gamesLost: 2 } })),
    ];
    const acks: { m: Match; fromTeam1: boolean; sentAt: number; ackAt: number; reply: Match }[] = [];
    const staging = path.join(live.dataDir, `${STAGING_PREFIX}${process.pid}`);
    let copyStarted = false;
    const watcher = setInterval(() => (copyStarted ||= fs.existsSync(staging)), 5);

    const backupFile = path.join(root, 'mid-event.zip');
    const backup = cli(['backup', backupFile], { DATA_DIR: live.dataDir });
    let next = 0;
    const reporter = async () => {
      while (next < jobs.length) {
        const i = next++;
        const job = jobs[i]!;
        // the first half goes before the copy; the second waits for it, so reports are in flight while it runs
        while (i >= jobs.length / 2 && !copyStarted) await sleep(10);
        const captain = await kit.captainOf(uid, job.fromTeam1 ? job.m.team1Id! : job.m.team2Id!);
        const sentAt = Date.now();
        const reply = await ok<Match>(await captain.post(`/api/tournaments/${uid}/matches/${job.m.id}/report-score?fromTeam1=${job.fromTeam1}`, job.body));
        acks.push({ m: job.m, fromTeam1: job.fromTeam1, sentAt, ackAt: Date.now(), reply });
        seen.get(job.m.id)!.push(played(reply));
        if (i < jobs.length / 2) await sleep(60);
      }
    };
    const [result] = await Promise.all([backup, reporter(), reporter(), reporter()]);
    clearInterval(watcher);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Backup of the running server written to .*mid-event\.zip \(.* the database was held \d+ ms\)\.$/);

    const { manifest } = await checkBackupFile(backupFile);
    const copiedAt = Date.parse(manifest.createdAt);
    const before = acks.filter((a) => a.ackAt < copiedAt);
    // the backup really was taken mid-round: answers before it, reports sent after it began
    expect(before.length).toBeGreaterThan(0);
    expect(acks.filter((a) => a.sentAt > copiedAt).length).toBeGreaterThan(0);

    const restoredDir = path.join(root, 'restored');
    const restore = await cli(['restore', backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    restored = await startDiskServer(restoredDir);
    const reader = new TestClient(restored.url);
    const adminThere = await signedInClient(restored, ADMIN, 2, 'Ada');

    const liveState = await kit.state(uid);
    const state = await ok<typeof liveState>(await reader.get(`/api/tournaments/${uid}`));
    expect({ name: state.name, format: state.format, currentRound: state.currentRound, inProgress: state.inProgress })
      .toEqual({ name: liveState.name, format: liveState.format, currentRound: 1, inProgress: true });
    expect(state.teams.map((t) => t.uid).sort()).toEqual(liveState.teams.map((t) => t.uid).sort());

    const matches = await ok<Match[]>(await adminThere.get(`/api/tournaments/${uid}/matches`));
    const byId = new Map(matches.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual(round.map((m) => m.id).sort());
    // every report answered before the copy is there, as answered (or further along)
    for (const a of before) {
      const m = byId.get(a.m.id)!;
      expect(a.fromTeam1 ? m.reportFromTeam1 : m.reportFromTeam2).toEqual(a.fromTeam1 ? a.reply.reportFromTeam1 : a.reply.reportFromTeam2);
      if (a.reply.complete) expect(played(m)).toEqual(played(a.reply));
    }
    // each match is a state the live server answered at some point: never half of a report
    for (const m of matches) expect(seen.get(m.id)).toContainEqual(played(m));
    // and the teams' records are those of the restored matches (written in the same transactions)
    for (const team of state.teams) {
      const mine = matches.filter((m) => m.complete && (m.team1Id === team.uid || m.team2Id === team.uid));
      const wins = mine.filter((m) => m.outcome?.winnerTeamId === team.uid).length;
      expect({ team: team.uid, wins: team.wins, losses: team.losses, ties: team.ties }).toEqual({ team: team.uid, wins, losses: mine.length - wins, ties: 0 });
    }
    // the standings read there too
    expect((await reader.get(`/api/tournaments/${uid}/standings`)).status).toBe(200);
  }, 240_000);
});
