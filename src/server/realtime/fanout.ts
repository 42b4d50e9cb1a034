// How a publish reaches every instance. PGlite is one process: deliver in-process. PostgreSQL:
// NOTIFY on one channel, and every instance (the sender too) delivers what its dedicated
// LISTEN connection hears (platform.md "Fan-out across instances").
//
// NOTIFY payloads must stay under 8000 bytes. A larger message is cut into base64 chunks sent
// by ONE statement (one transaction: delivered together, in order, or not at all) and joined
// by every listener. No table and no cleanup job, and no instance depends on another's memory.
// This module is the only SQL of the live channel (NOTIFY and LISTEN on its channel, no table): the
// lint rule that keeps queries in repositories names it as the broker's transport (decision 041).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from '../db/client.ts';

export const CHANNEL = 'format_hub_live';
/** payloads at most this many bytes go as they are */
export const MAX_INLINE_PAYLOAD = 7_500;
/** raw bytes per chunk: base64 makes 6,000 bytes into 8,000 characters, so stay well under */
const CHUNK_BYTES = 5_000;
/** partial messages older than this are dropped (a chunk lost to a listener reconnect) */
const PARTIAL_TTL_MS = 30_000;

export type Deliver = (topic: string, json: string) => void;

export interface Fanout {
  readonly kind: 'in-process' | 'postgres';
  /** resolves once the message is on its way to every instance */
  publish(topic: string, json: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function inProcessFanout(deliver: Deliver): Fanout {
  return {
    kind: 'in-process',
    async publish(topic, json) {
      deliver(topic, json);
    },
    async start() {},
    async stop() {},
  };
}

interface Inline { t: string; b: string }
interface Chunk { c: string; k: number; n: number; d: string }

/** The NOTIFY payloads of one message: one inline payload, or several chunks. */
export function encodePayloads(topic: string, json: string, id: string = randomUUID()): string[] {
  const inline = JSON.stringify({ t: topic, b: json } satisfies Inline);
  if (Buffer.byteLength(inline) <= MAX_INLINE_PAYLOAD) return [inline];
  const bytes = Buffer.from(inline, 'utf8');
  const n = Math.ceil(bytes.length / CHUNK_BYTES);
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const d = bytes.subarray(k * CHUNK_BYTES, (k + 1) * CHUNK_BYTES).toString('base64');
    out.push(JSON.stringify({ c: id, k, n, d } satisfies Chunk));
  }
  return out;
}

/** A notice on the channel as an SQL expression a write's own statement can carry: PostgreSQL delivers it at that transaction's commit. */
export function notifySql(payload: string): SQL {
  return sql`pg_notify(${CHANNEL}, ${payload})`;
}

/** The notice sent by a statement of its own in the caller's transaction (delivered at its commit). */
export async function notifyInTx(tx: Tx, notify: SQL): Promise<void> {
  await tx.execute(sql`select ${notify}`);
}

/** Joins chunks back; returns the whole message when its last chunk arrives. */
export class PayloadJoiner {
  private partial = new Map<string, { parts: (string | undefined)[]; got: number; at: number }>();

  accept(payload: string, now = Date.now()): Inline | undefined {
    const msg = JSON.parse(payload) as Partial<Inline & Chunk>;
    if (typeof msg.t === 'string' && typeof msg.b === 'string') return { t: msg.t, b: msg.b };
    if (typeof msg.c !== 'string' || typeof msg.k !== 'number' || typeof msg.n !== 'number' || typeof msg.d !== 'string') return undefined;
    for (const [id, p] of this.partial) if (now - p.at > PARTIAL_TTL_MS) this.partial.delete(id);
    let entry = this.partial.get(msg.c);
    if (!entry) {
      entry = { parts: new Array<string | undefined>(msg.n), got: 0, at: now };
      this.partial.set(msg.c, entry);
    }
    if (entry.parts[msg.k] === undefined) {
      entry.parts[msg.k] = msg.d;
      entry.got++;
    }
    if (entry.got < msg.n) return undefined;
    this.partial.delete(msg.c);
    const whole = Buffer.concat(entry.parts.map((d) => Buffer.from(d!, 'base64'))).toString('utf8');
    return JSON.parse(whole) as Inline;
  }
}

export interface PostgresFanoutOptions {
  pool: pg.Pool;
  deliver: Deliver;
  /** the listener came back after a gap: messages may have been missed (no replay) */
  onGap(): void;
  onError(message: string, err?: unknown): void;
}

export function postgresFanout({ pool, deliver, onGap, onError }: PostgresFanoutOptions): Fanout {
  const joiner = new PayloadJoiner();
  let client: pg.Client | undefined;
  let stopped = false;
  let everConnected = false;
  let delay = 250;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const whole = joiner.accept(msg.payload);
      if (whole) deliver(whole.t, whole.b);
    } catch (e) {
      onError('live: bad notification', e);
    }
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ ...pool.options, application_name: 'format-hub-live' });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (stopped) return;
      onError('live: LISTEN connection lost; reconnecting', err);
      schedule();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      onLost(e);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = 250;
    if (everConnected) onGap();
    everConnected = true;
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };

  return {
    kind: 'postgres',
    async publish(topic, json) {
      const payloads = encodePayloads(topic, json);
      // one statement: all chunks commit together
      await pool.query('select pg_notify($1, p) from unnest($2::text[]) with ordinality as u(p, i) order by i', [CHANNEL, payloads]);
    },
    async start() {
      await connect();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
