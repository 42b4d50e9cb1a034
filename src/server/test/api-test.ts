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
  const started = madeLater<TestServer>('the test server', ['app', 'database', 'url', 'close']);
  const server = started.view;
  const clients = Object.fromEntries(Object.keys(users).map((key) => [key, new TestClient(() => server.url)])) as { [K in keyof U]: TestClient };
  beforeAll(async () => {
    started.set(await startTestServer(typeof env === 'function' ? env() : env, options));
    for (const [key, [discordId, auth, name]] of Object.entries(users)) {
      await clients[key as keyof U].signIn(discordId, name);
      if (auth) await setAuth(server.database.db, discordId, auth);
    }
  }, 120_000);
  afterAll(() => started.made()?.close());
  return { ...clients, server, anonymous: new TestClient(() => server.url) };
}

/**
 * What a beforeAll makes, handed out before it exists: `view` reads the `keys` of it when they are
 * used (and throws before it is made); `set` is for the hook, `made` for the afterAll.
 */
export function madeLater<T extends object>(what: string, keys: readonly (keyof T)[]) {
  let value: T | undefined;
  const get = (): T => {
    if (!value) throw new Error(`${what} has not started: use it inside a test or a hook`);
    return value;
  };
  const view = {} as T;
  for (const key of keys) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get: () => {
        const field = get()[key];
        return typeof field === 'function' ? field.bind(get()) : field;
      },
    });
  }
  return { view, set: (made: T) => void (value = made), made: () => value };
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
