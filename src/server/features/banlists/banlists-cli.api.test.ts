// The operator commands `cards import`, `banlists import` and `users set-auth`, run as a person runs them: in their own process
// (compiled, test-cli.ts), against a new DATA_DIR (PGlite: the first command makes the database) or, in the
// PostgreSQL project, a fresh database.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createPostgresDatabase } from '../../test/test-databases.ts';
import { cliCommand } from '../../test/test-cli.ts';
import { officialCards, writeCdb } from '../cards/cdb-fixture.ts';
import * as CardsRepository from '../cards/cards-repository.ts';
import * as BanlistsRepository from './banlists-repository.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LFLISTS = fileURLToPath(new URL('../../../../../shared/data/lflists/', import.meta.url));
const CARDS = fileURLToPath(new URL('../../../../../shared/data/cards/', import.meta.url));

let work: string;
let env: Record<string, string>;
let open: () => Promise<Database>;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-cli-'));
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await createPostgresDatabase('fh_cli');
    env = { DATABASE_URL: fresh.url };
    open = () => openDatabase({ kind: 'postgres', url: fresh.url });
    dropDatabase = fresh.drop;
  } else {
    const dataDir = path.join(work, 'data');
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    open = () => openDatabase({ kind: 'pglite', dataDir });
  }
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(work, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ...cliCommand(args),
      { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withDb<T>(fn: (d: Database) => Promise<T>): Promise<T> {
  const d = await open();
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

const SAMPLE_IDS = new Set([46986414, 4280258, 41546, 483, 28649820, 89631139, 14558127, 21044178]);
const sample = () => officialCards().filter((c) => SAMPLE_IDS.has(c.id));

describe('npm run cli -- cards import', () => {
  test('imports an EDOPro cards.cdb, and a second import updates the same cards in place', async () => {
    const cdb = path.join(work, 'cards.cdb');
    fs.writeFileSync(cdb, await writeCdb(sample()));
    const first = await cli('cards', 'import', cdb);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe('Imported 8 cards (8 new, 0 updated in place).');

    fs.writeFileSync(cdb, await writeCdb(sample().map((c) => (c.id === 89631139 ? { ...c, name: 'Blue-Eyes Renamed' } : c))));
    expect((await cli('cards', 'import', cdb)).stdout.trim()).toBe('Imported 8 cards (0 new, 8 updated in place).');
    await withDb(async ({ db }) => {
      expect(await CardsRepository.countCards(db)).toBe(8);
      expect(await CardsRepository.findById(db, 89631139)).toMatchObject({ name: 'Blue-Eyes Renamed', atk: 3000, level: 8 });
      expect(await CardsRepository.findById(db, 4280258)).toMatchObject({ linkMarkers: 135, def: null, level: 4 });
    });
  }, 120_000);

  test('a file that is no card file is refused with the reason', async () => {
    const junk = path.join(work, 'junk.txt');
    fs.writeFileSync(junk, 'hello');
    const r = await cli('cards', 'import', junk);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not JSON and not an SQLite cards\.cdb/);
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  }, 60_000);

  test('type bits at 2^31 and passcodes above 2^31 - 1 (the unofficial cards) import at their full width', async () => {
    const r = await cli('cards', 'import', path.join(CARDS, 'cards-unofficial.json'));
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Imported 5878 cards/);
    const wide = (JSON.parse(fs.readFileSync(path.join(CARDS, 'cards-unofficial.json'), 'utf8')) as { id: number; type: number }[])
      .find((c) => c.type >= 2 ** 31)!;
    await withDb(async ({ db }) => expect(await CardsRepository.findById(db, wide.id)).toMatchObject({ id: wide.id }));
  }, 120_000);

  test('a bad card stops the import with one or two lines naming the file, the card and the problem', async () => {
    const bad = path.join(work, 'bad-cards.json');
    fs.writeFileSync(bad, JSON.stringify([...sample(), { ...sample()[0], id: 77777777, type: 2 ** 40 }]));
    const r = await cli('cards', 'import', bad);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(lines[0]).toContain('bad-cards.json');
    expect(lines[0]).toMatch(/card 77777777: type 1099511627776 is not a whole number/);
  }, 60_000);
});

describe('npm run cli -- banlists import', () => {
  test('imports a whitelist as the format list of a date', async () => {
    const r = await cli('banlists', 'import', path.join(LFLISTS, '2005.4-GOAT.lflist.conf'), '--date', '2005-04-01');
    expect(r.stdout.trim()).toMatch(/^Imported "2005\.4 GOAT" \(whitelist, 1704 cards, \d+ lines skipped\) as the format list of 2005-04-01\.$/);
  }, 60_000);

  test('imports one list of a multi-list file as the Advanced reference list', async () => {
    const r = await cli('banlists', 'import', path.join(LFLISTS, 'ygopro-multi-list-102-lists.lflist.conf'), '--date', '2005-01-01', '--list', '2026.5 TCG', '--reference');
    expect(r.stdout.trim()).toMatch(/^Imported "2026\.5 TCG" \(blacklist, 226 cards, \d+ lines skipped\) as the Advanced reference list of 2005-01-01\.$/);
  }, 60_000);

  test.each([
    ['no date', ['--list', 'x'], 2, /--date YYYY-MM-DD is required/],
    ['a bad date', ['--date', '2005-02-30'], 2, /--date YYYY-MM-DD is required/],
  ])('refuses %s', async (_why, extra, code, message) => {
    const r = await cli('banlists', 'import', path.join(LFLISTS, '2005.4-GOAT.lflist.conf'), ...extra);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
  }, 60_000);

  test('a file with no list is refused with the API\'s message', async () => {
    const junk = path.join(work, 'junk.conf');
    fs.writeFileSync(junk, 'hello\n');
    const r = await cli('banlists', 'import', junk, '--date', '2006-01-01');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^No list found/);
  }, 60_000);

  test('what the commands stored reads back: names from the imported cards, Advanced from the reference', async () => {
    await withDb(async ({ db }) => {
      expect(await BanlistsRepository.listDates(db)).toEqual(['2005-04-01']);
      expect(await BanlistsRepository.listDates(db, 'reference')).toEqual(['2005-01-01']);
      const entries = (await BanlistsRepository.findEntries(db, '2005-04-01'))!;
      expect(entries).toHaveLength(1704);
      expect(entries.find((e) => e.cardId === 46986414)).toMatchObject({ cardName: 'Dark Magician', cardType: 'MONSTER_NORMAL', formatStatus: 'UNLIMITED', previousFormatStatus: 'NONE' });
      expect(entries.find((e) => e.cardId === 1)).toBeUndefined();
      // CLI imports have no poster: no session user imported them
      expect(entries.every((e) => e.poster === null)).toBe(true);
    });
  }, 60_000);
});

describe('npm run cli -- users set-auth', () => {
  test('still makes an admin (issue 39), and the site’s admin log names the command line as the one who acted', async () => {
    const r = await cli('users', 'set-auth', '970000000000000001', '2');
    expect(r.stdout.trim()).toBe('User 970000000000000001 now has auth level 2.');
    await withDb(async ({ db }) => {
      expect(await AdminLog.list(db, { subject: '970000000000000001' }, 1, 10)).toMatchObject({
        total: 1, entries: [{ actor: null, action: 'level', details: { from: 0, to: 2, cli: true } }],
      });
    });
  }, 60_000);
});
