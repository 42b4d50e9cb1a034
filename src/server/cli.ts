import 'dotenv/config';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { discordApiUrl, discordBotSettings, parseEnv } from './env.ts';
import { openDatabaseFromEnv } from './db/open-from-env.ts';
import type { Database } from './db/client.ts';
import { seedDemoData, isEmpty } from './db/seed.ts';
import * as UsersRepository from './features/users/users-repository.ts';
import * as AdminLog from './features/admin-log/admin-log-repository.ts';
import { nameOf } from '../domain/users/display-name.ts';
import * as CardsRepository from './features/cards/cards-repository.ts';
import { CardImportError, cardRowsFromFile, type CardRow } from './features/cards/card-import.ts';
import { importLflist } from './features/banlists/banlist-import.ts';
import { banlistDateSchema } from '../domain/api/banlists.ts';
import { HttpError } from './errors.ts';
import { backupCommand, restoreCommand } from './backup/backup-commands.ts';
import { discardHeld, releaseHeld } from './discord/outbox-repository.ts';
import { heldTotal, heldWords } from './discord/held.ts';
import { DiscordClient } from './discord/discord-client.ts';
import { registerCommands } from './features/discord-bot/discord-rest.ts';

const USAGE = `Format Hub operator commands (npm run cli -- <command>)

  users set-auth <discordId> <0|1|2>     set a user's auth level (0 user, 1 privileged, 2 admin); creates the user if new
  cards import <file>                    import cards from an EDOPro cards.cdb or JSON (as in shared/data/cards,
                                         .json or .json.gz); updates cards already there in place
  banlists import <file.lflist.conf> --date YYYY-MM-DD [--list NAME] [--reference]
                                         import an EDOPro banlist as the format's list of that date
                                         (--reference: as the Advanced reference list from that date)
  seed                                   load the demo data into an empty database
  backup <file>                          write a backup of the embedded database and the uploads (asks the
                                         running server when one holds DATA_DIR)
  restore <file>                         fill an empty or absent DATA_DIR from a backup (never a non-empty one);
                                         the Discord messages the backup had queued are held, not sent
  outbox release                         send the held Discord messages, webhook posts and direct messages
                                         (the server sends them when it runs)
  outbox discard                         delete the held Discord messages unsent
  discord register                       register the bot's slash commands with Discord (a bulk overwrite;
                                         in DISCORD_GUILD_ID's server only when set)

Works on the embedded database while no server holds it, and on PostgreSQL (DATABASE_URL) at any time.`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { date: { type: 'string' }, list: { type: 'string' }, reference: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [group, command, ...rest] = positionals;
  if (values.help || !group) throw new UsageError('');
  const key = `${group} ${command ?? ''}`.trim();
  const withDb = async <T>(fn: (d: Database) => Promise<T>): Promise<T> => {
    const database = await openDatabaseFromEnv(parseEnv());
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  };

  switch (key) {
    case 'users set-auth': {
      const [discordId, level] = rest;
      if (!discordId || !/^\d{1,20}$/.test(discordId)) throw new UsageError('users set-auth: the Discord id must be a number');
      if (!level || !['0', '1', '2'].includes(level)) throw new UsageError('users set-auth: the level must be 0, 1 or 2');
      const to = Number(level);
      const row = await withDb(({ db }) => db.transaction(async (tx) => {
        const before = await UsersRepository.findByDiscordId(tx, discordId);
        const after = await UsersRepository.setAuth(tx, discordId, to);
        // the site's admin log names the operator's command line as the one who acted (issue 39)
        if (before?.auth !== to) {
          await AdminLog.write(tx, {
            actorDiscordId: null, action: 'level', subject: { kind: 'user', id: discordId, name: nameOf(after, `user-${discordId}`) },
            details: { from: before?.auth ?? 0, to, cli: true },
          });
        }
        return after;
      }));
      return `User ${row.discordId} now has auth level ${row.auth}.`;
    }
    case 'cards import': {
      const [file] = rest;
      if (!file) throw new UsageError('cards import: name the file');
      let rows: CardRow[];
      try {
        rows = await cardRowsFromFile(fs.readFileSync(file));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
        if (e instanceof CardImportError) throw new HttpError(400, `cards import: ${file}: ${e.message}; nothing was imported`);
        throw new HttpError(400, `cards import: ${file} is ${(e as Error).message.startsWith('not') ? '' : 'not usable: '}${(e as Error).message}`);
      }
      const { before, after } = await withDb(async ({ db }) => {
        const before = await CardsRepository.countCards(db);
        await CardsRepository.upsertCards(db, rows);
        return { before, after: await CardsRepository.countCards(db) };
      });
      return `Imported ${rows.length} cards (${after - before} new, ${rows.length - (after - before)} updated in place).`;
    }
    case 'banlists import': {
      const [file] = rest;
      if (!file) throw new UsageError('banlists import: name the .lflist.conf file');
      const date = banlistDateSchema.safeParse(values.date);
      if (!date.success) throw new UsageError('banlists import: --date YYYY-MM-DD is required and must be a real date');
      const text = fs.readFileSync(file, 'utf8');
      const r = await withDb(({ db }) => importLflist(db, text, { date: date.data, list: values.list, reference: values.reference }));
      return `Imported "${r.name}" (${r.whitelist ? 'whitelist' : 'blacklist'}, ${r.entries} cards, ${r.skippedLines} lines skipped) as the ${r.reference ? 'Advanced reference' : 'format'} list of ${r.date}.`;
    }
    case 'seed': {
      return withDb(async ({ db }) => {
        if (!(await isEmpty(db))) return 'The database is not empty: demo data not loaded.';
        await seedDemoData(db);
        return 'Demo data loaded.';
      });
    }
    case 'outbox release':
    case 'outbox discard': {
      if (rest.length) throw new UsageError(`${key}: takes no arguments`);
      const release = command === 'release';
      // both outboxes, the event webhooks' posts and the bot's direct messages, in one transaction
      const counts = await withDb(({ db }) => db.transaction((tx) => (release ? releaseHeld(tx, new Date()) : discardHeld(tx))));
      if (heldTotal(counts) === 0) return `No held Discord messages: nothing ${release ? 'released' : 'discarded'}.`;
      return release
        ? `Released ${heldWords(counts)}: the server sends them (at once while it runs, else when it starts), but drops the webhook posts about a round that is over.`
        : `Discarded ${heldWords(counts)}: they will never be sent.`;
    }
    case 'discord register': {
      if (rest.length) throw new UsageError('discord register: takes no arguments');
      const env = parseEnv();
      const bot = discordBotSettings(env);
      if (!env.DISCORD_BOT_TOKEN) throw new HttpError(400, 'discord register: set DISCORD_BOT_TOKEN (the bot token of the application)');
      const applicationId = bot?.applicationId ?? env.DISCORD_APPLICATION_ID ?? env.DISCORD_CLIENT_ID;
      if (!applicationId) throw new HttpError(400, 'discord register: set DISCORD_APPLICATION_ID (or DISCORD_CLIENT_ID)');
      const r = await registerCommands(new DiscordClient({ apiUrl: discordApiUrl(env), token: env.DISCORD_BOT_TOKEN }), { applicationId, guildId: env.DISCORD_GUILD_ID });
      return `Registered ${r.count} commands in ${r.where}.${bot ? '' : ' Set DISCORD_PUBLIC_KEY too, or the server keeps the bot off.'}`;
    }
    default:
      if (group === 'outbox') throw new UsageError(command ? `outbox: unknown sub-command ${command}: release or discard` : 'outbox: name release or discard');
      if (group === 'backup' || group === 'restore') {
        if (!command || rest.length) throw new UsageError(`${group}: name one file`);
        return group === 'backup' ? backupCommand(parseEnv(), command) : restoreCommand(parseEnv(), command);
      }
      throw new UsageError(`Unknown command: ${key}`);
  }
}

/** What went wrong, in a line or two: never a stack or an SQL statement with all its parameters. */
function oneOrTwoLines(e: { message?: string; cause?: { message?: string }; name?: string; code?: string }): string {
  const first = (s: string | undefined) => (s ?? '').split('\n')[0]!.slice(0, 300);
  if (e instanceof HttpError || e.code === 'ENOENT' || e.name === 'DataDirInUseError' || e.name === 'BackupError') return first(e.message);
  const cause = e.cause?.message ? `\n  cause: ${first(e.cause.message)}` : '';
  // a failed query's message is "Failed query: <the whole statement>": keep only its start
  return `Error: ${first(e.message)}${cause}`;
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (e) => {
    if (e instanceof UsageError) {
      if (e.message) console.error(e.message + '\n');
      console.error(USAGE);
      process.exit(2);
    }
    console.error(oneOrTwoLines(e));
    process.exit(1);
  },
);
