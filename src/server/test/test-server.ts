// Real HTTP against a real database: PGlite in memory, or a fresh PostgreSQL database per
// test file when TEST_DB=postgres (TEST_DATABASE_URL names the server); both start migrated
// (test-databases.ts).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { setAuth } from '../features/users/users-repository.ts';
import { createPostgresDatabase, pgliteSnapshot } from './test-databases.ts';

export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ kind: 'pglite-memory', snapshot: await pgliteSnapshot() });
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** rate limits times this (default 100: test storms are not people; the rate-limit test sets 1) */
  rateLimitScale?: number;
  /** a folder with the web app's index.html: the pages the server writes link cards into */
  webDir?: string;
  /** the league's clock (AppOptions.now) */
  now?: () => Date;
}

export async function startTestServer(envOverrides: Record<string, string> = {}, { rateLimitScale = 100, webDir, now }: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  // no demo seed, but Seed Test Data on: the tests rehearse events with generated teams (decision 037)
  const env = parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0', TEST_DATA: '1', ...envOverrides });
  const app = await buildApp({ env, database, rateLimitScale, webDir, now });
  const { url } = await listenLocally(app);
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Listens on 127.0.0.1 (a free port unless told one): the app's address. */
export async function listenLocally(app: FastifyInstance, port = 0): Promise<{ url: string; port: number }> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${bound}`, port: bound };
}

/** A browser-like client: keeps cookies, sends our Origin on writes, never follows redirects. */
export class TestClient {
  private cookies = new Map<string, string>();
  /** the server's address, or where to read it once the server is up (apiTest's clients exist before it starts) */
  constructor(private readonly address: string | (() => string)) {}

  get base(): string {
    return typeof this.address === 'string' ? this.address : this.address();
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && !('origin' in headers)) headers.origin = this.base;
    let body: string | undefined;
    if (init.body !== undefined) {
      if (typeof init.body === 'string') {
        body = init.body;
        headers['content-type'] ??= 'text/plain';
      } else {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    const res = await fetch(new URL(path, this.base), { method, headers, body, redirect: 'manual' });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { body, headers });
  }

  /** Starts the OAuth flow and returns where the browser would be sent, and the state. */
  async beginLogin(): Promise<URL> {
    const res = await this.get('/api/oauth/login');
    if (res.status !== 302) throw new Error(`login answered ${res.status}`);
    return new URL(res.headers.get('location')!);
  }

  /** The whole sign-in through the demo provider, as a browser does it. */
  async signIn(discordId: string, name = `user${discordId.slice(-4)}`) {
    const authorize = await this.beginLogin();
    authorize.searchParams.set('login', discordId);
    authorize.searchParams.set('name', name);
    const approved = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    const res = await this.post('/api/oauth/handle-callback', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    if (res.status !== 200) throw new Error(`handle-callback answered ${res.status}: ${await res.text()}`);
    return res.json();
  }
}

/** A signed-in client with the given auth level. */
export async function signedInClient(server: TestServer, discordId: string, auth = 0, name?: string) {
  const client = new TestClient(server.url);
  await client.signIn(discordId, name);
  if (auth) await setAuth(server.database.db, discordId, auth);
  return client;
}
