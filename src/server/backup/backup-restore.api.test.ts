// `npm run cli -- backup` and `restore` with no server running: a round trip that a server reads
// back the same (uploads byte for byte), and restores that must change nothing: a truncated or
// damaged file, a data dir that is not empty. A backup is never written into DATA_DIR or
// BACKUP_DIR. The restored copy sends none of the Discord messages the old site had queued (its
// webhook posts and the bot's direct messages, queued while Discord was down) until `outbox
// release`, and then each once (decision 026, issue 38). On PostgreSQL both commands say to use pg_dump.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ok, tournamentKit } from '../features/tournaments/tournament-test-kit.ts';
import { signedInClient, TestClient } from '../test/test-server.ts';
import { FAST, HOOK, WebhookSink } from '../features/webhooks/webhook-test-kit.ts';
import * as Webhooks from '../features/webhooks/webhooks-repository.ts';
import { BOT_TOKEN, fakeDiscord, PUBLIC_HEX } from '../features/discord-bot/bot-test-kit.ts';
import { discordDms } from '../db/schema.ts';
import { cli, digestTree, startDiskServer, tempRoot } from './backup-test-kit.ts';

const ADMIN = '970000000000000001';
const HOST = '970000000000000002';
const onPostgres = process.env.TEST_DB === 'postgres';
/** Each database's suite, the other's not declared at all: npm test counts a skipped test as failed. */
const suiteOn = (db: 'pglite' | 'postgres') => ((db === 'postgres') === onPostgres ? describe : (_name: string, _body: () => void) => undefined);

suiteOn('pglite')('backup and restore with no server running', () => {
  let root: string;
  let dataDir: string;
  let file: string;
  let uid: string;
  let reads: Record<string, unknown>;
  /** Discord, for the restored copies (down for the live site: its messages stay queued) */
  let sink: WebhookSink;
  let relay: string;
  let discord: Awaited<ReturnType<typeof fakeDiscord>>;
  /** the direct messages queued, unsent, when the backup was taken */
  let queuedDms: number[];
  const bot = { DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_PUBLIC_KEY: PUBLIC_HEX, DISCORD_APPLICATION_ID: '123456' };
  const titles = () => sink.requests.map((r) => r.body.embeds[0]!.title);
  const readsOf = async (url: string, admin: TestClient) => {
    const anyone = new TestClient(url);
    const get = async (p: string, c = anyone) => ok(await c.get(p));
    return {
      list: await get('/api/tournaments'),
      event: await get(`/api/tournaments/${uid}`),
      matches: await get(`/api/tournaments/${uid}/matches`, admin),
      standings: await get(`/api/tournaments/${uid}/standings`),
    };
  };

  beforeAll(async () => {
    root = tempRoot('fh-backup-');
    dataDir = path.join(root, 'data');
    file = path.join(root, 'backup.zip');
    sink = new WebhookSink();
    relay = await sink.listen();
    discord = await fakeDiscord();
    // Discord is down for the live site (a closed port): every post and direct message stays queued
    const down = 'http://127.0.0.1:9';
    const server = await startDiskServer(dataDir, { env: { ...bot, DISCORD_API_URL: `${down}/api/v10`, DISCORD_WEBHOOK_RELAY_URL: down } });
    try {
      const admin = await signedInClient(server, ADMIN, 2, 'Ada');
      const host = await signedInClient(server, HOST, 1, 'Hosta');
      const kit = tournamentKit(server, { host, admin });
      // its round 1 and round 2 pairings are queued for Discord, unsent, when the backup is taken
      uid = await kit.event('DEFAULT', 8, { discordWebhookUrl: HOOK });
      await ok(await host.post(`/api/tournaments/${uid}/start`));
      await kit.finishRound(uid);
      await ok(await host.post(`/api/tournaments/${uid}/next-round`));
      reads = await readsOf(server.url, admin);
      queuedDms = (await server.database.db.select({ id: discordDms.id }).from(discordDms)).map((r) => r.id).sort((a, b) => a - b);
    } finally {
      await server.close();
    }
    // uploads as the image store keeps them, an empty file and a folder among them
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(path.join(uploads, 'nested'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'a1.png'), randomBytes(700_000));
    fs.writeFileSync(path.join(uploads, 'b2.webp'), randomBytes(1234));
    fs.writeFileSync(path.join(uploads, 'nested', 'empty.gif'), '');
    fs.writeFileSync(path.join(uploads, '.url-signing-key'), randomBytes(32).toString('hex'));
  }, 180_000);
  afterAll(async () => {
    await sink?.close();
    await discord?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const restoredServer = (dir: string) => startDiskServer(dir, { env: { ...bot, DISCORD_API_URL: discord.url, DISCORD_WEBHOOK_RELAY_URL: relay }, webhooks: FAST });
  const dmNonces = () => discord.calls.filter((c) => c.path.endsWith('/messages')).map((c) => String(c.body.nonce));

  test('a backup restored into a new data dir serves the same reads, uploads byte for byte, and holds the old queued Discord messages', async () => {
    const backup = await cli(['backup', file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Backup written to .*backup\.zip \([\d.]+ MB, \d+ files, in [\d.]+ s\)\.$/);
    expect(fs.readdirSync(root).sort()).toEqual(['backup.zip', 'data']); // no temporary file left

    const restoredDir = path.join(root, 'restored');
    const restore = await cli(['restore', file], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    // round 1's and round 2's pairings for the channel, and each player's table of each round
    expect(queuedDms).toHaveLength(16);
    expect(restore.stdout).toMatch(/^Restored .*restored from .*backup\.zip \(taken .*; 4 uploaded files\)\.\nThe Discord messages the old site had queued \(2 webhook posts and 16 direct messages\) are held, not sent: `npm run cli -- outbox release` sends them, `npm run cli -- outbox discard` drops them\.$/);
    expect(digestTree(path.join(restoredDir, 'uploads'))).toEqual(digestTree(path.join(dataDir, 'uploads')));

    const server = await restoredServer(restoredDir);
    try {
      const admin = await signedInClient(server, ADMIN, 2, 'Ada');
      expect(await readsOf(server.url, admin)).toEqual(reads);
      // a message queued now goes out; the old ones, queued earlier for the same webhook, would
      // have gone first (one webhook's messages go in order), and are not sent at all
      await Webhooks.enqueue(server.database.db, [{ tournamentUid: uid, kind: 'pairings', url: HOOK, body: { embeds: [{ title: 'After the restore' }], allowed_mentions: { parse: [] } } }], new Date());
      server.app.eventWebhooks.outbox.loop.kick();
      server.app.discordDms!.outbox.loop.kick();
      await sink.waitFor(1);
      expect(titles()).toEqual(['After the restore']);
      // the held direct messages neither: the DM outbox's passes found nothing to send
      await server.app.discordDms!.outbox.loop.stop();
      expect(discord.calls).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  test('outbox release sends what the restore held; outbox discard deletes it unsent', async () => {
    const released = await cli(['outbox', 'release'], { DATA_DIR: path.join(root, 'restored') });
    expect(released).toMatchObject({ code: 0, stderr: '' });
    expect(released.stdout).toBe('Released 2 webhook posts and 16 direct messages: the server sends them (at once while it runs, else when it starts), but drops the webhook posts about a round that is over.');
    const server = await restoredServer(path.join(root, 'restored'));
    try {
      // round 1's pairings are about a round that is over (round 2 was paired): dropped, not sent late
      // (issue 30 §7); they go first, so once round 2's are in, round 1's were dropped
      await sink.waitFor(2);
      expect(titles()).toEqual(['After the restore', 'Round 2 pairings: DEFAULT 8']);
      // every held direct message once, with the nonce of its row
      await vi.waitFor(() => expect(dmNonces()).toHaveLength(16), { timeout: 20_000, interval: 50 });
      expect(dmNonces().sort()).toEqual(queuedDms.map((id) => `fh-dm-${id}`).sort());
    } finally {
      await server.close();
    }

    const again = path.join(root, 'restored-again');
    expect((await cli(['restore', file], { DATA_DIR: again })).stdout).toMatch(/\nThe Discord messages the old site had queued \(2 webhook posts and 16 direct messages\) are held/);
    expect(await cli(['outbox', 'discard'], { DATA_DIR: again })).toEqual({ code: 0, stderr: '', stdout: 'Discarded 2 webhook posts and 16 direct messages: they will never be sent.' });
    // no sub-command, or another: the usage, exit 2
    const bad = await cli(['outbox', 'send'], { DATA_DIR: again });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^outbox: unknown sub-command send: release or discard\n\nFormat Hub operator commands/);
    expect(bad.stderr).toContain('outbox discard ');
  }, 120_000);

  test('a backup is never written into DATA_DIR or BACKUP_DIR, also by a path that only looks outside', async () => {
    const before = digestTree(dataDir);
    // a symbolic link to the data dir: the file would land in DATA_DIR/uploads, and in every later backup
    fs.symlinkSync(dataDir, path.join(root, 'alias'));
    const viaLink = await cli(['backup', path.join(root, 'alias', 'uploads', 'copy.zip')], { DATA_DIR: dataDir });
    expect(viaLink.code).toBe(1);
    expect(viaLink.stdout).toBe('');
    expect(viaLink.stderr).toBe(
      `backup: ${path.join(root, 'alias', 'uploads', 'copy.zip')} (really ${path.join(dataDir, 'uploads', 'copy.zip')}) is inside DATA_DIR (${dataDir}): ` +
      'keep a backup apart from the data it saves; name a file elsewhere. Nothing was written.',
    );
    // BACKUP_DIR, named with `..` from elsewhere
    const backups = path.join(root, 'backups');
    fs.mkdirSync(backups);
    const relative = `${path.relative(process.cwd(), root)}/elsewhere/../backups/manual.zip`;
    const intoSchedule = await cli(['backup', relative], { DATA_DIR: dataDir, BACKUP_DIR: backups });
    expect(intoSchedule.code).toBe(1);
    expect(intoSchedule.stderr).toBe(`backup: ${path.join(backups, 'manual.zip')} is inside BACKUP_DIR (${backups}): the scheduled backups' folder; name a file elsewhere. Nothing was written.`);
    expect(fs.readdirSync(backups)).toEqual([]);
    expect(digestTree(dataDir)).toEqual(before);
  }, 60_000);

  test('a backup never replaces a file', async () => {
    const before = fs.statSync(file).mtimeMs;
    const again = await cli(['backup', file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^backup: .*backup\.zip already exists: name a new file/);
    expect(again.stderr.split('\n')).toHaveLength(1);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  }, 60_000);

  const refused = async (broken: string, target: string, why: RegExp) => {
    const r = await cli(['restore', broken], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(why);
    // nothing half restored next to it either
    expect(fs.readdirSync(path.dirname(target)).filter((n) => n.includes('.restoring-'))).toEqual([]);
  };

  test('a truncated file fails with one line and leaves the data dir absent, or empty', async () => {
    const whole = fs.readFileSync(file);
    const truncated = path.join(root, 'truncated.zip');
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const absent = path.join(root, 'absent');
    await refused(truncated, absent, /^restore: .*truncated\.zip is not a usable backup: it is not a complete ZIP archive \(truncated or damaged\); nothing was written\.$/);
    expect(fs.existsSync(absent)).toBe(false);
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    await refused(truncated, empty, /not a usable backup/);
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 60_000);

  test('a damaged byte is found by the checksums before anything is written', async () => {
    const damaged = path.join(root, 'damaged.zip');
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const target = path.join(root, 'from-damaged');
    await refused(damaged, target, /^restore: .*damaged\.zip is not a usable backup: .*(does not match its checksum|cannot be unpacked).*; nothing was written\.$/);
    expect(fs.existsSync(target)).toBe(false);
  }, 60_000);

  test('a restore into a data dir that is not empty is refused and touches nothing', async () => {
    const before = digestTree(dataDir);
    await refused(file, dataDir, /^restore: The data dir .* is not empty: restore only fills an empty \(or absent\) DATA_DIR\. Nothing was changed/);
    expect(digestTree(dataDir)).toEqual(before);
  }, 60_000);
});

suiteOn('postgres')('backup and restore on PostgreSQL', () => {
  test.each(['backup', 'restore'])('%s says in one line to use pg_dump / pg_restore', async (command) => {
    const root = tempRoot('fh-backup-pg-');
    try {
      const r = await cli([command, path.join(root, 'x.zip')], { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: path.join(root, 'data') });
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`^${command}: DATABASE_URL is set, so the data lives in PostgreSQL: back it up with pg_dump -Fc and restore it with pg_restore`));
      expect(fs.readdirSync(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
