import 'dotenv/config';
import { WEB_DIST_DIR } from './paths.ts';
import { parseEnv, usesDemoDiscord } from './env.ts';
import { openDatabaseFromEnv } from './db/open-from-env.ts';
import { isEmpty, seedDemoData } from './db/seed.ts';
import { buildApp } from './app.ts';
import { DataDirInUseError } from './db/lock.ts';
import { startBackups } from './backup/backups.ts';

async function main() {
  const env = parseEnv();
  const database = await openDatabaseFromEnv(env);
  if (env.DEMO_DATA && (await isEmpty(database.db))) {
    console.log('Empty database: loading demo data (cards, banlists, users, series, tournaments)…');
    await seedDemoData(database.db);
  }
  const app = await buildApp({ env, database, webDir: env.WEB_DIR ?? WEB_DIST_DIR });
  if (usesDemoDiscord(env)) {
    app.log.warn(
      env.DEMO_SIGN_IN === 'anyone'
        ? 'DISCORD_CLIENT_ID is not set and DEMO_SIGN_IN=anyone: ANYONE who reaches this server can sign in as any user. Never do this in public.'
        : 'DISCORD_CLIENT_ID is not set: sign-in uses the built-in demo identity provider, open to this machine only.',
    );
  }
  // the CLI's `backup` reaches this process through a socket in DATA_DIR; BACKUP_DIR adds a schedule
  const backups = await startBackups({ env, database, log: app.log });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await backups.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Format Hub on http://localhost:${env.PORT} (database: ${database.kind})`);
}

main().catch((e) => {
  if (e instanceof DataDirInUseError || (e instanceof Error && (e.message.startsWith('Invalid settings') || e.name === 'BackupError'))) {
    console.error(e.message);
  } else {
    console.error(e);
  }
  process.exit(1);
});
