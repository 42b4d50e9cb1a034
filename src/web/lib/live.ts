// Live updates in the browser: @stomp/stompjs over SockJS at /ws (spec 1 §4, §7; spec 2 §7).
// stompjs does not restore subscriptions after a reconnect: this client keeps them and
// subscribes again on every CONNECTED, then tells pages to re-sync (a message may have been
// missed while away). Pages use `useLiveTopic`; one client per reconnect delay is shared.
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';

/** spec 1 §4 and §10: reconnect after 2 s, send a heart-beat every 20 s, expect none */
export const JUDGEMENT_RECONNECT_MS = 2000;
/** spec 2 §7: tournaments reconnect after 5 s */
export const TOURNAMENT_RECONNECT_MS = 5000;
export const HEARTBEAT_OUTGOING_MS = 20_000;

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';
export type LiveHandler<T = unknown> = (body: T, message: IMessage) => void;

export interface LiveClientOptions {
  /** SockJS endpoint; default `/ws` on this origin */
  url?: string;
  reconnectDelay?: number;
  heartbeatOutgoing?: number;
  heartbeatIncoming?: number;
  /** another socket (tests in Node use sockjs-client with one transport, or ws) */
  webSocketFactory?: () => WebSocket;
}

export interface LiveClient {
  /** Subscribe (now, and again after every reconnect); returns the unsubscribe. */
  subscribe<T = unknown>(destination: string, handler: LiveHandler<T>): () => void;
  /** SEND a JSON body to /app/...; while disconnected it waits for the next connection. */
  publish(destination: string, body?: unknown): void;
  /** Called each time the connection comes back after a drop: re-fetch what a message may have changed. */
  onReconnect(listener: () => void): () => void;
  onStatus(listener: (status: LiveStatus) => void): () => void;
  readonly status: LiveStatus;
  close(): Promise<void>;
}

async function sockJsFactory(url: string): Promise<() => WebSocket> {
  // sockjs-client's sources read `global`, which browsers lack; loaded on first use so the
  // first page stays light
  (globalThis as { global?: unknown }).global ??= globalThis;
  const { default: SockJS } = await import('sockjs-client');
  return () => new SockJS(url) as unknown as WebSocket;
}

/** A live connection that keeps its subscriptions across reconnects. */
export function createLiveClient(options: LiveClientOptions = {}): LiveClient {
  const subs = new Map<number, { destination: string; handler: LiveHandler; active?: StompSubscription }>();
  const outbox: { destination: string; body: string }[] = [];
  const reconnectListeners = new Set<() => void>();
  const statusListeners = new Set<(s: LiveStatus) => void>();
  let nextId = 0;
  let status: LiveStatus = 'connecting';
  let everConnected = false;
  let closed = false;

  const setStatus = (s: LiveStatus) => {
    if (status === s) return;
    status = s;
    for (const l of statusListeners) l(s);
  };

  const deliver = (handler: LiveHandler, message: IMessage) => {
    let body: unknown;
    try {
      body = JSON.parse(message.body);
    } catch (e) {
      // a bad push is only logged; the page's polling still brings the truth
      console.error(`Live message on ${message.headers.destination} is not JSON`, e);
      return;
    }
    handler(body, message);
  };

  const attach = (id: number) => {
    const sub = subs.get(id);
    if (!sub || !client.connected) return;
    sub.active = client.subscribe(sub.destination, (m) => deliver(sub.handler, m), { id: `sub-${id}` });
  };

  const client = new Client({
    reconnectDelay: options.reconnectDelay ?? JUDGEMENT_RECONNECT_MS,
    heartbeatOutgoing: options.heartbeatOutgoing ?? HEARTBEAT_OUTGOING_MS,
    heartbeatIncoming: options.heartbeatIncoming ?? 0,
    debug: () => {},
    onConnect: () => {
      for (const id of subs.keys()) attach(id);
      for (const m of outbox.splice(0)) client.publish({ destination: m.destination, body: m.body, headers: { 'content-type': 'application/json' } });
      setStatus('connected');
      if (everConnected) for (const l of reconnectListeners) l();
      everConnected = true;
    },
    onWebSocketClose: () => {
      for (const sub of subs.values()) sub.active = undefined;
      if (!closed) setStatus(everConnected ? 'reconnecting' : 'connecting');
    },
    onStompError: (frame) => console.error('Live channel error:', frame.headers.message),
  });

  void (async () => {
    client.webSocketFactory = options.webSocketFactory ?? (await sockJsFactory(options.url ?? '/ws'));
    if (!closed) client.activate();
  })();

  return {
    subscribe(destination, handler) {
      const id = nextId++;
      subs.set(id, { destination, handler: handler as LiveHandler });
      attach(id);
      return () => {
        const sub = subs.get(id);
        subs.delete(id);
        if (sub?.active && client.connected) sub.active.unsubscribe();
      };
    },
    publish(destination, body) {
      const text = body === undefined ? '' : JSON.stringify(body);
      if (client.connected) client.publish({ destination, body: text, headers: { 'content-type': 'application/json' } });
      else if (!outbox.some((m) => m.destination === destination && m.body === text)) outbox.push({ destination, body: text });
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => { reconnectListeners.delete(listener); };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => { statusListeners.delete(listener); };
    },
    get status() {
      return status;
    },
    async close() {
      closed = true;
      setStatus('closed');
      await client.deactivate();
    },
  };
}

// One client per page (per reconnect delay), opened by the first hook and closed shortly after
// the last one goes (a quick remount, or React's double effects in development, keep it).
const shared = new Map<number, { client: LiveClient; users: number; closing?: ReturnType<typeof setTimeout> }>();

function acquire(reconnectDelay: number): LiveClient {
  let entry = shared.get(reconnectDelay);
  if (!entry) {
    entry = { client: createLiveClient({ reconnectDelay }), users: 0 };
    shared.set(reconnectDelay, entry);
  }
  if (entry.closing) clearTimeout(entry.closing);
  entry.closing = undefined;
  entry.users++;
  return entry.client;
}

function release(reconnectDelay: number) {
  const entry = shared.get(reconnectDelay);
  if (!entry || --entry.users > 0) return;
  entry.closing = setTimeout(() => {
    shared.delete(reconnectDelay);
    void entry.client.close();
  }, 1000);
}

export interface UseLiveTopicOptions {
  /** the connection came back after a drop: re-fetch (spec 2 §7: re-request scoreboard and standings) */
  onReconnect?: () => void;
  /** JUDGEMENT_RECONNECT_MS (default) or TOURNAMENT_RECONNECT_MS */
  reconnectDelay?: number;
}

export interface LiveTopic {
  status: LiveStatus;
  /** SEND a JSON body to /app/... on the same connection */
  publish(destination: string, body?: unknown): void;
}

/**
 * Subscribe to a topic (wildcards as Spring: `/topic/judgement/*`) while the component is
 * mounted; `onMessage` gets the parsed JSON body. `destination` null/undefined: no subscription.
 */
export function useLiveTopic<T = unknown>(
  destination: string | null | undefined,
  onMessage: LiveHandler<T>,
  options: UseLiveTopicOptions = {},
): LiveTopic {
  const reconnectDelay = options.reconnectDelay ?? JUDGEMENT_RECONNECT_MS;
  const onMessageRef = useRef(onMessage);
  const onReconnectRef = useRef(options.onReconnect);
  useEffect(() => {
    onMessageRef.current = onMessage;
    onReconnectRef.current = options.onReconnect;
  });

  const clientRef = useRef<LiveClient | null>(null);
  const subscribeStatus = useCallback(
    (notify: () => void) => {
      const client = acquire(reconnectDelay);
      clientRef.current = client;
      const offStatus = client.onStatus(notify);
      notify();
      return () => {
        offStatus();
        clientRef.current = null;
        release(reconnectDelay);
      };
    },
    [reconnectDelay],
  );
  const status = useSyncExternalStore(subscribeStatus, () => clientRef.current?.status ?? 'connecting', () => 'connecting' as const);

  useEffect(() => {
    if (!destination) return;
    const client = acquire(reconnectDelay);
    const off = client.subscribe<T>(destination, (body, m) => onMessageRef.current(body, m));
    const offReconnect = client.onReconnect(() => onReconnectRef.current?.());
    return () => {
      off();
      offReconnect();
      release(reconnectDelay);
    };
  }, [destination, reconnectDelay]);

  const publish = useCallback(
    (to: string, body?: unknown) => {
      const client = acquire(reconnectDelay);
      client.publish(to, body);
      release(reconnectDelay);
    },
    [reconnectDelay],
  );
  return { status, publish };
}
