// What the webhook API tests share: a local webhook sink (a tiny HTTP server standing in for
// Discord, reached through DISCORD_WEBHOOK_RELAY_URL) and apps built on a database that outlives
// them (a restart, two instances).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { createPostgresDatabase, pgliteSnapshot } from '../../test/test-databases.ts';
import type { WebhookTuning } from './event-webhooks.ts';

/** A webhook URL as a host types it; the relay sends it to the sink. */
export const HOOK = 'https://discord.com/api/webhooks/123456789012345678/s3cr3t-T0ken_abc';
export const HOOK_PATH = '/api/webhooks/123456789012345678/s3cr3t-T0ken_abc';

export interface SinkRequest {
  path: string;
  body: { embeds: { title: string; description?: string; url?: string; footer?: { text: string } }[]; allowed_mentions: unknown };
}

export interface SinkAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** the answer waits for this (a slow Discord) */
  hold?: Promise<void>;
}

/** A local Discord: records each request, answers as `respond` says (200 by default). */
export class WebhookSink {
  readonly requests: SinkRequest[] = [];
  /** the requests answered 2xx: what Discord would show */
  readonly delivered: SinkRequest[] = [];
  respond: (req: SinkRequest, n: number) => SinkAnswer = () => ({ status: 204 });
  private waiters: { count: number; resolve: () => void; list: 'requests' | 'delivered' }[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got: SinkRequest = { path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') };
      this.requests.push(got);
      const answer = this.respond(got, this.requests.length);
      this.notify();
      void (answer.hold ?? Promise.resolve()).then(() => {
        const status = answer.status ?? 204;
        if (status >= 200 && status < 300) this.delivered.push(got);
        res.writeHead(status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
        this.notify();
      });
    });
  });

  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` requests arrived (or were delivered). */
  waitFor(count: number, list: 'requests' | 'delivered' = 'delivered'): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve, list });
      this.notify();
    });
  }

  private notify() {
    this.waiters = this.waiters.filter((w) => {
      if (this[w.list].length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  reset() {
    this.requests.length = 0;
    this.delivered.length = 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A moving test clock: real time plus an offset the test sets. */
export function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => { offset += ms; } };
}

/** Short delays, quick polls and no jitter: the tests wait for events, never for time. */
export const FAST: WebhookTuning = { pollMs: 25, timeoutMs: 5_000, windowMs: 20, retry: { baseDelayMs: 10, maxDelayMs: 50 }, random: () => 0.5 };

export interface WebhookApp {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** An app on `database` whose webhooks go to `relayUrl`; closing it leaves the database open. */
export async function startApp(database: Database, relayUrl: string, tuning: WebhookTuning = FAST, env: Record<string, string> = {}): Promise<WebhookApp> {
  const app = await buildApp({
    env: parseEnv({ LOG_LEVEL: 'silent', DEMO_DATA: '0', TEST_DATA: '1', DISCORD_WEBHOOK_RELAY_URL: relayUrl, ...env }),
    database, rateLimitScale: 100, webhooks: tuning,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}

/**
 * A test database and, on PostgreSQL, a way to open it again from another "instance" (its own
 * pool); PGlite is one process's, so there a second instance shares the same database object.
 */
export async function sharedDatabase(): Promise<{ database: Database; another(): Promise<Database>; close(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite-memory', snapshot: await pgliteSnapshot() });
    return { database, another: async () => ({ ...database, close: async () => {} }), close: () => database.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const opened: Database[] = [];
  const open = async () => {
    const d = await openDatabase({ kind: 'postgres', url });
    opened.push(d);
    return d;
  };
  const database = await open();
  return {
    database,
    another: open,
    close: async () => {
      for (const d of opened) await d.close().catch(() => {});
      await drop();
    },
  };
}
