// The live channel's face to features: publish after commit, answer SENDs to /app/**.
// Features never see frames: the STOMP broker (broker.ts), its transports (transports.ts) and
// the fan-out across instances (fanout.ts) stay behind this module.
import type { FastifyInstance } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import type { CurrentUser } from '../../domain/api/users.ts';
import { Broker, DEFAULT_BROKER_OPTIONS, isPublishableTopic, type BrokerOptions, type TopicPolicy } from './broker.ts';
import { inProcessFanout, postgresFanout, type Fanout } from './fanout.ts';
import { matchPath } from './path-matcher.ts';
import { installTransports } from './transports.ts';

export interface AppMessage {
  destination: string;
  body: string;
  /** publish an answer, to every subscriber of the topic */
  reply(topic: string, body: unknown): Promise<void>;
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
   * Called on every instance for every message it delivers (its own and other instances'),
   * before its subscribers get it: read caches drop what the change made stale.
   */
  onDelivered(listener: (topic: string) => void): void;
  /** Open STOMP sessions on this instance and how messages travel between instances. */
  stats(): { sessions: number; fanout: 'in-process' | 'postgres' };
}

/** Knobs, defaults as platform.md says; tests shorten the heart-beats. */
export interface RealtimeTuning extends Partial<Omit<BrokerOptions, 'onSend' | 'onError' | 'policy'>> {
  /** accept loopback Origins on any port (Vite's dev server); default: NODE_ENV is not production */
  loopbackOrigins?: boolean;
}

export interface RealtimeOptions {
  app: FastifyInstance;
  database: Database;
  allowedOrigins: Set<string>;
  /** host names the site answers to (DNS rebinding: the live channel refuses others too) */
  hostnames: ReadonlySet<string>;
  /** reads the signed-in user of a connection from the cookies of its upgrade or SockJS request */
  userFromCookies: (cookieHeader: string | undefined) => Promise<CurrentUser | null>;
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

  const { loopbackOrigins, ...brokerTuning } = tuning;
  const broker = new Broker({
    ...DEFAULT_BROKER_OPTIONS,
    ...brokerTuning,
    onError,
    policy,
    onSend: (destination, body) => {
      for (const { pattern, handler } of handlers) {
        if (!matchPath(pattern, destination)) continue;
        Promise.resolve()
          .then(() => handler({ destination, body, reply: publish }))
          .catch((err) => log.warn({ err, destination }, 'live: /app handler failed'));
      }
    },
  });
  const delivered: ((topic: string) => void)[] = [];
  const deliver = (topic: string, json: string) => {
    for (const listener of delivered) listener(topic);
    broker.deliver(topic, json);
  };
  const fanout: Fanout = database.pool
    ? postgresFanout({
        pool: database.pool,
        deliver,
        // no replay after a gap: drop the sessions, their clients reconnect and re-sync
        onGap: () => broker.closeAll(),
        onError,
      })
    : inProcessFanout(deliver);

  const transports = installTransports(
    app.server,
    broker,
    { allowed: allowedOrigins, loopback: loopbackOrigins ?? process.env.NODE_ENV !== 'production', hostnames },
    userFromCookies,
    onError,
  );
  app.addHook('onReady', async () => { await fanout.start(); });
  // open sockets would keep app.close() waiting for ever
  app.addHook('preClose', async () => { await transports.shutdown(); });
  app.addHook('onClose', async () => { await fanout.stop(); });

  return {
    publish,
    onAppMessage(pattern, handler) {
      if (!pattern.startsWith('/app/')) throw new Error(`App message patterns start with /app/: ${pattern}`);
      handlers.push({ pattern, handler });
    },
    onDelivered(listener) {
      delivered.push(listener);
    },
    restrict(pattern, allow, message) {
      restrictions.push({ pattern, allow, message });
    },
    stats: () => ({ sessions: broker.sessions.size, fanout: fanout.kind }),
  };
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
