// The prelude of an API test file: its own server on its own database, started before the file's
// tests with the users it names signed in, and closed after them. The clients exist at once (their
// address is read when they first send), so a file declares them as constants beside the rest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { setAuth } from '../features/users/users-repository.ts';
import { startTestServer, TestClient, type TestServer, type TestServerOptions } from './test-server.ts';

/** A user to sign in: Discord id, auth level (0 player, 1 curator, 2 admin), display name. */
export type TestUser = readonly [discordId: string, auth: 0 | 1 | 2, name?: string];

export type ApiTest<U extends Record<string, TestUser>> = { [K in keyof U]: TestClient } & {
  /** the file's server; its fields are read once it has started */
  server: TestServer;
  /** a client with no session */
  anonymous: TestClient;
};

/**
 * Registers the file's beforeAll (start, then sign in `users` in order) and afterAll (close).
 * Call it at the top of the file, before the file's own hooks, which then run after it. `env` as a
 * function is read at the start: for a value a hook registered before this call makes (a port).
 */
export function apiTest<U extends Record<string, TestUser>>(
  users: U = {} as U,
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestServerOptions = {},
): ApiTest<U> {
  let started: TestServer | undefined;
  const running = (): TestServer => {
    if (!started) throw new Error('the test server has not started: use it inside a test or a hook');
    return started;
  };
  const server: TestServer = {
    get app() { return running().app; },
    get database() { return running().database; },
    get url() { return running().url; },
    close: () => running().close(),
  };
  const clients = Object.fromEntries(Object.keys(users).map((key) => [key, new TestClient(() => running().url)])) as { [K in keyof U]: TestClient };
  beforeAll(async () => {
    started = await startTestServer(typeof env === 'function' ? env() : env, options);
    for (const [key, [discordId, auth, name]] of Object.entries(users)) {
      await clients[key as keyof U].signIn(discordId, name);
      if (auth) await setAuth(started.database.db, discordId, auth);
    }
  }, 120_000);
  afterAll(() => started?.close());
  return { ...clients, server, anonymous: new TestClient(() => running().url) };
}

/**
 * A new empty folder (a server's DATA_DIR, a web or image dir), removed after the file's tests. Call
 * it before apiTest: after hooks run last to first, so the server closes before its folder goes.
 */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
