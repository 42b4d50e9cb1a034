// The live channel's face to features: publish after commit, answer SENDs to /app/**.
// Features never see frames: the STOMP broker (broker.ts), its transports (transports.ts) and
// the fan-out across instances (fanout.ts) stay behind this module.
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import type { CurrentUser } from '../../domain/api/users.ts';
import { Broker, DEFAULT_BROKER_OPTIONS, isPublishableTopic, type BrokerOptions, type Identity, type StompSession, type TopicPolicy } from './broker.ts';
import { encodePayloads, inProcessFanout, notifyInTx, notifySql, postgresFanout, type Fanout } from './fanout.ts';
import { matchPath } from './path-matcher.ts';
import { periodicSessionCheck, SESSION_CHECK_MS, type LiveSessions } from './live-sessions.ts';
import { installTransports } from './transports.ts';

export interface AppMessage {
  destination: string;
  body: string;
  /** publish an answer, to every subscriber of the topic, on every instance */
  reply(topic: string, body: unknown): Promise<void>;
  /** true when the asking connection has a subscription a message of the topic would reach */
  hears(topic: string): boolean;
  /**
   * Answer the asker alone: its own subscriptions matching the topic, on this instance, no
   * fan-out (`json` is the body already encoded, as text or UTF-8 bytes). With `version` (an ETag), an answer of the
   * version this connection was last answered on the topic is not sent again: it has it. Returns
   * how many got it.
   */
  answer(topic: string, json: string | Buffer, version?: string): number;
}
export type AppMessageHandler = (message: AppMessage) => void | Promise<void>;

export interface Realtime {
  /**
   * Deliver a JSON body to every subscriber of the topic, on every instance. Call after commit.
   * Rejects only for a bad topic or a body JSON cannot encode; a fan-out failure is logged
   * (the write stands; clients re-sync by polling and on reconnect).
   */
  publish(topic: string, body: unknown): Promise<void>;
  /** Handle client SENDs whose destination matches a Spring-style pattern under /app. */
  onAppMessage(pattern: string, handler: AppMessageHandler): void;
  /**
   * Topics matching the pattern are heard only by connections whose signed-in user passes
   * `allow` (the rule of the matching REST read): SUBSCRIBE is refused with `message`, and
   * wildcard subscriptions are not sent them.
   */
  restrict(pattern: string, allow: (user: CurrentUser | null) => boolean, message: string): void;
  /**
   * Inside a write's transaction: every other instance hears that `key` changed when (and only
   * if) the transaction commits: PostgreSQL delivers a NOTIFY at commit, in commit order, so
   * the notice reaches them before any live message published after the commit. No-op on one
   * process (PGlite), where the writer drops its own caches after commit.
   */
  noticeInTx(tx: Tx, key: string): Promise<void>;
  /** The same notice as an SQL expression a write's own statement can carry (one round trip fewer); undefined on one process. */
  noticeSql(key: string): SQL | undefined;
  /**
   * Called when another instance committed a change of `key`, and with null when notices may
   * have been missed (this instance's LISTEN connection came back after a gap): read caches
   * drop what is stale, or everything.
   */
  onChangeNotice(listener: (key: string | null) => void): void;
  /**
   * After commit: a short JSON notice (it must fit one NOTIFY, under 7,500 bytes) to every
   * instance, this one too, in commit order after the notices of earlier transactions. Each
   * instance then builds what its own subscribers need (onBroadcast) instead of the sender
   * pushing whole views through the database.
   */
  broadcast(kind: string, data: unknown): Promise<void>;
  onBroadcast(kind: string, listener: (data: unknown) => void): void;
  /** Deliver a JSON body (text or UTF-8 bytes) to this instance's subscribers of the topic only; returns how many. */
  deliverHere(topic: string, json: string | Buffer): number;
  /** The same, giving the event loop back every few milliseconds (large bodies to many pages); resolves to how many. */
  deliverHereSliced(topic: string, json: string | Buffer): Promise<number>;
  /** True when a subscriber of this instance would receive a message of the topic. */
  hasSubscribersHere(topic: string): boolean;
  /**
   * After commit: a user's level or suspension changed (issue 39). On every instance their open
   * connections take their user as stored now ('reread': rights given or taken away apply at once),
   * or are closed ('close': a suspension ended their sessions; a page reconnects as a visitor).
   * Resolves once this instance has applied it and the others have been told.
   */
  userChanged(discordId: string, how: 'reread' | 'close'): Promise<void>;
  /** Open STOMP sessions on this instance and how messages travel between instances. */
  stats(): { sessions: number; fanout: 'in-process' | 'postgres' };
}

/** Knobs, defaults as platform.md says; tests shorten the heart-beats. */
export interface RealtimeTuning extends Partial<Omit<BrokerOptions, 'onSend' | 'onError' | 'policy'>> {
  /** accept loopback Origins on any port (Vite's dev server); default: NODE_ENV is not production */
  loopbackOrigins?: boolean;
  /**
   * How often the sign-in sessions of open connections are read again (ms; 0: never). Bounds
   * how long a connection keeps hearing restricted topics after its session expired, or ended
   * in a way no instance announced. Default SESSION_CHECK_MS.
   */
  sessionCheckMs?: number;
  /**
   * Which peers may name the client's address in X-Forwarded-For (TRUST_PROXY: addresses, CIDRs,
   * `loopback`, comma-separated; true: any), as Fastify's `trustProxy`; the per-address limits
   * count that address. Default: none, the socket's address counts.
   */
  trustProxy?: string | boolean;
}

/** how long a sliced delivery writes before giving the event loop back (decision 021) */
const DELIVERY_SLICE_MS = 5;

/** The fan-out channel's internal messages (never a client destination: not /topic/): a session ended; a write committed. */
const SESSION_ENDED = '!session-ended';
const CHANGED = '!changed';
const USER_CHANGED = '!user-changed';
/** prefix of broadcast notices: `!b:{kind}` */
const BROADCAST = '!b:';

export interface RealtimeOptions {
  app: FastifyInstance;
  database: Database;
  allowedOrigins: Set<string>;
  /** host names the site answers to (DNS rebinding: the live channel refuses others too) */
  hostnames: ReadonlySet<string>;
  /** reads the signed-in user of a connection (and its session) from the cookies of its upgrade or SockJS request */
  userFromCookies: LiveSessions;
  tuning?: RealtimeTuning;
}

/** The broker on the app's http server, wired to the database's fan-out and the app's lifecycle. */
export function createRealtime({ app, database, allowedOrigins, hostnames, userFromCookies, tuning = {} }: RealtimeOptions): Realtime {
  const log = app.log;
  const onError = (message: string, err?: unknown) => log.warn({ err }, message);
  const handlers: { pattern: string; handler: AppMessageHandler }[] = [];
  const restrictions: { pattern: string; allow: (user: CurrentUser | null) => boolean; message: string }[] = [];
  const policy: TopicPolicy = {
    // a destination (even a wildcard one) that lies inside a restricted pattern
    refusal: (destination, principal) =>
      restrictions.find((r) => matchPath(r.pattern, destination) && !r.allow(principal as CurrentUser | null))?.message,
    restriction: (topic) => {
      const rules = restrictions.filter((r) => matchPath(r.pattern, topic));
      return rules.length ? (principal) => rules.every((r) => r.allow(principal as CurrentUser | null)) : undefined;
    },
  };

  const publish = async (topic: string, body: unknown): Promise<void> => {
    if (!isPublishableTopic(topic)) throw new Error(`Not a topic to publish to: ${topic}`);
    const json = JSON.stringify(body);
    if (json === undefined) throw new Error('A live message body must be JSON');
    try {
      await fanout.publish(topic, json);
    } catch (err) {
      log.error({ err, topic }, 'live: publish failed');
    }
  };

  const { loopbackOrigins, sessionCheckMs = SESSION_CHECK_MS, trustProxy, ...brokerTuning } = tuning;
  const answers = new AnsweredVersions();
  const broker = new Broker({
    ...DEFAULT_BROKER_OPTIONS,
    ...brokerTuning,
    onError,
    policy,
    onSend: (destination, body, _headers, session) => {
      const message: AppMessage = {
        destination,
        body,
        reply: publish,
        hears: (topic) => session.matching(topic).length > 0,
        answer: (topic, json, version) => {
          if (version !== undefined && answers.has(session, topic, version)) return 0;
          const count = broker.deliverTo(session, topic, json);
          if (version !== undefined && count > 0) answers.remember(session, topic, version);
          return count;
        },
      };
      for (const { pattern, handler } of handlers) {
        if (!matchPath(pattern, destination)) continue;
        Promise.resolve()
          .then(() => handler(message))
          .catch((err) => log.warn({ err, destination }, 'live: /app handler failed'));
      }
    },
  });
  // this process's notices come back to it through LISTEN: it knows of its own changes already
  const instanceId = randomUUID();
  const changeListeners: ((key: string | null) => void)[] = [];
  const changeNotice = (key: string | null) => {
    for (const listener of changeListeners) listener(key);
  };
  const broadcastListeners = new Map<string, ((data: unknown) => void)[]>();
  const deliver = (topic: string, json: string) => {
    if (topic.startsWith(BROADCAST)) {
      const data: unknown = JSON.parse(json);
      for (const listener of broadcastListeners.get(topic.slice(BROADCAST.length)) ?? []) {
        try {
          listener(data);
        } catch (err) {
          onError(`live: a ${topic} listener failed`, err);
        }
      }
      return;
    }
    if (topic === SESSION_ENDED) {
      const sessionId: unknown = JSON.parse(json);
      if (typeof sessionId === 'string') broker.endSignIn(sessionId);
      return;
    }
    if (topic === USER_CHANGED) {
      const change = JSON.parse(json) as { from?: unknown; id?: unknown; close?: unknown };
      if (change.from !== instanceId && typeof change.id === 'string') void applyUserChange(change.id, change.close === true);
      return;
    }
    if (topic === CHANGED) {
      const notice = JSON.parse(json) as { from?: unknown; key?: unknown };
      if (notice.from !== instanceId && typeof notice.key === 'string') changeNotice(notice.key);
      return;
    }
    broker.deliver(topic, json);
  };
  const fanout: Fanout = database.pool
    ? postgresFanout({
        pool: database.pool,
        deliver,
        // no replay after a gap: every cache may be stale; drop the sessions, their clients reconnect and re-sync
        onGap: () => {
          changeNotice(null);
          broker.closeAll();
        },
        onError,
      })
    : inProcessFanout(deliver);

  // Sessions end: a logout here applies at once, here and (by the fan-out, before the logout
  // answers) on every other instance; expiry and anything unannounced at the next check.
  userFromCookies.onEnded(async (sessionId) => {
    broker.endSignIn(sessionId);
    if (fanout.kind === 'in-process') return;
    try {
      await fanout.publish(SESSION_ENDED, JSON.stringify(sessionId));
    } catch (err) {
      log.warn({ err }, 'live: could not tell other instances of a logout; they apply it at their next session check');
    }
  });
  /** This instance's connections of the user: closed, or given their user as stored now. */
  const applyUserChange = async (discordId: string, close: boolean): Promise<void> => {
    const theirs = [...broker.sessions].filter((c) => (c.principal as CurrentUser | null)?.discordId === discordId);
    if (close) {
      for (const c of theirs) c.close();
      return;
    }
    const ids = [...new Set(theirs.map((c) => c.signInId).filter((id): id is string => id !== undefined))];
    if (ids.length === 0) return;
    try {
      const live = await userFromCookies.check(ids);
      for (const c of theirs) {
        const id = c.signInId;
        if (id === undefined) continue;
        const user = live.get(id);
        c.reidentify(user ? { principal: user, signInId: id } : { principal: null });
      }
    } catch (err) {
      onError('live: could not read a changed user’s sessions; the next check applies it', err);
    }
  };
  const sessionCheck = periodicSessionCheck(broker, userFromCookies, onError);
  const identify = async (cookieHeader: string | undefined): Promise<Identity> => {
    const found = await userFromCookies(cookieHeader);
    return found ? { principal: found.user, signInId: found.sessionId } : { principal: null };
  };

  const transports = installTransports(
    app.server,
    broker,
    { allowed: allowedOrigins, loopback: loopbackOrigins ?? process.env.NODE_ENV !== 'production', hostnames },
    identify,
    onError,
    trustProxy,
  );
  app.addHook('onReady', async () => {
    await fanout.start();
    if (sessionCheckMs > 0) sessionCheck.start(sessionCheckMs);
  });
  // open sockets would keep app.close() waiting for ever
  app.addHook('preClose', async () => {
    sessionCheck.stop();
    await transports.shutdown();
  });
  app.addHook('onClose', async () => { await fanout.stop(); });

  const noticeSql = (key: string): SQL | undefined => {
    if (fanout.kind === 'in-process') return undefined;
    const [payload] = encodePayloads(CHANGED, JSON.stringify({ from: instanceId, key }));
    return notifySql(payload!);
  };

  return {
    publish,
    onAppMessage(pattern, handler) {
      if (!pattern.startsWith('/app/')) throw new Error(`App message patterns start with /app/: ${pattern}`);
      handlers.push({ pattern, handler });
    },
    async noticeInTx(tx, key) {
      const notify = noticeSql(key);
      if (notify) await notifyInTx(tx, notify);
    },
    noticeSql,
    onChangeNotice(listener) {
      changeListeners.push(listener);
    },
    async broadcast(kind, data) {
      const json = JSON.stringify(data);
      const topic = `${BROADCAST}${kind}`;
      if (encodePayloads(topic, json).length > 1) throw new Error(`A ${kind} notice must fit one notification`);
      await fanout.publish(topic, json);
    },
    onBroadcast(kind, listener) {
      const list = broadcastListeners.get(kind);
      if (list) list.push(listener);
      else broadcastListeners.set(kind, [listener]);
    },
    deliverHere: (topic, json) => broker.deliver(topic, json),
    deliverHereSliced: (topic, json) => broker.deliverSliced(topic, json, DELIVERY_SLICE_MS),
    hasSubscribersHere: (topic) => broker.hasSubscribers(topic),
    restrict(pattern, allow, message) {
      restrictions.push({ pattern, allow, message });
    },
    async userChanged(discordId, how) {
      await applyUserChange(discordId, how === 'close');
      if (fanout.kind === 'in-process') return;
      try {
        await fanout.publish(USER_CHANGED, JSON.stringify({ from: instanceId, id: discordId, close: how === 'close' }));
      } catch (err) {
        log.warn({ err }, 'live: could not tell other instances of a changed user; they apply it at their next session check');
      }
    },
    stats: () => ({ sessions: broker.sessions.size, fanout: fanout.kind }),
  };
}

/** answered topics remembered per connection; past this many it starts over */
const MAX_ANSWERED_TOPICS = 64;

/**
 * The version each connection was last answered on each topic: asking again for a view that did
 * not change since costs a lookup, not a copy of the view (a page asks once per connection; a
 * loop asking 20 times a second would otherwise be sent the whole view each time).
 */
class AnsweredVersions {
  private bySession = new WeakMap<StompSession, Map<string, string>>();

  /** True when this connection was last answered this version of the topic. */
  has(session: StompSession, topic: string, version: string): boolean {
    return this.bySession.get(session)?.get(topic) === version;
  }

  remember(session: StompSession, topic: string, version: string): void {
    let answered = this.bySession.get(session);
    if (!answered) this.bySession.set(session, (answered = new Map()));
    if (answered.size >= MAX_ANSWERED_TOPICS && !answered.has(topic)) answered.clear();
    answered.set(topic, version);
  }
}

/**
 * The publish-after-commit pattern: `work` runs in one transaction and queues its messages;
 * they go out only once the transaction has committed, so a rolled-back write (it threw)
 * publishes nothing.
 */
export async function publishAfterCommit<T>(
  db: Db,
  realtime: Pick<Realtime, 'publish'>,
  work: (tx: Tx, publish: (topic: string, body: unknown) => void) => Promise<T>,
): Promise<T> {
  const queued: [string, unknown][] = [];
  const result = await db.transaction((tx) => {
    queued.length = 0; // a retried attempt starts over
    return work(tx, (topic, body) => { queued.push([topic, body]); });
  });
  for (const [topic, body] of queued) await realtime.publish(topic, body);
  return result;
}
