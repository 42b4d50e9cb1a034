// The in-memory STOMP broker: one StompSession per connection (SockJS or raw WebSocket),
// subscriptions with Spring-style patterns, heart-beats, receipts, limits. Transports only
// hand it text or bytes and a way to write and close.
import { randomUUID } from 'node:crypto';
import { encodeFrame, encodeHead, FrameDecoder, HEARTBEAT, negotiateHeartbeat, StompError, type Frame } from './stomp-frame.ts';
import { compilePattern, isPattern, matches, splitPath, type CompiledPattern, type SplitPath } from './path-matcher.ts';
import { AddressLimits } from './address-limits.ts';

export interface Transport {
  send(data: string): void;
  /**
   * A frame in parts, when the transport can send bytes without a copy (raw WebSocket): `head`
   * (command, headers, blank line), then `body`, then the closing NUL, as one message.
   */
  sendParts?(head: string, body: Buffer): void;
  /** end the connection (after what was sent has been flushed) */
  close(): void;
}

/**
 * Who may hear what (the REST read rules, applied to the live channel). `refusal` answers a
 * SUBSCRIBE (a message means ERROR and close); `allowed` is asked per delivery of a restricted
 * topic, so a wildcard subscription never carries what its session may not read.
 */
export interface TopicPolicy<P = unknown> {
  refusal(destination: string, principal: P): string | undefined;
  /** undefined when the topic is open to everyone */
  restriction(topic: string): ((principal: P) => boolean) | undefined;
}

/**
 * Who is on a connection: the principal the policy judges (null: a visitor) and, when signed in,
 * the id of the sign-in session it came with, so that the end of that session can be applied.
 */
export interface Identity {
  principal: unknown;
  signInId?: string;
}

const VISITOR: Identity = { principal: null };

export interface BrokerOptions {
  /** the server's heart-beat header `sx,sy` (ms): can send every sx, wants one every sy */
  heartbeat: readonly [number, number];
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** wildcard subscriptions per connection: each is matched against every message (the site's own pages use one) */
  maxWildcardSubscriptions: number;
  /** client frames (not heart-beats) per second, with a burst allowance */
  ratePerSecond: number;
  rateBurst: number;
  /** open connections per client address (sessions opened with an address) */
  connectionsPerAddress: number;
  /** SEND frames per second per client address, all its connections together; bursts of 4x */
  sendsPerAddress: number;
  /** a client SEND to /app/**, already checked; `session` is the asker (answers may go to it alone) */
  onSend(destination: string, body: string, headers: Record<string, string>, session: StompSession): void;
  onError?(message: string, err?: unknown): void;
  policy?: TopicPolicy;
}

export const DEFAULT_BROKER_OPTIONS: Omit<BrokerOptions, 'onSend'> = {
  heartbeat: [10_000, 10_000],
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 100,
  maxWildcardSubscriptions: 10,
  ratePerSecond: 20,
  rateBurst: 60,
  // none by default (a bare broker, the benches' baseline); buildApp passes the site's settings
  connectionsPerAddress: Infinity,
  sendsPerAddress: Infinity,
};

/** One SUBSCRIBE: a wildcard one carries its compiled pattern. */
export interface Subscription {
  readonly session: StompSession;
  readonly id: string;
  readonly destination: string;
  readonly pattern?: CompiledPattern;
}

const TOPIC = /^\/topic(\/[^/\s]+)+$/;
const APP = /^\/app(\/[^/\s]+)+$/;

export class Broker {
  readonly sessions = new Set<StompSession>();
  readonly limits: AddressLimits;
  private readonly instance = randomUUID().slice(0, 8);
  private messageSeq = 0;
  /** plain subscriptions by topic: a message finds them by lookup */
  private readonly exact = new Map<string, Set<Subscription>>();
  /** wildcard subscriptions, matched one by one (few: capped per connection) */
  private readonly wildcards = new Set<Subscription>();

  constructor(readonly options: BrokerOptions) {
    this.limits = new AddressLimits({
      connectionsPerAddress: options.connectionsPerAddress,
      sendsPerAddress: options.sendsPerAddress,
      sendBurst: 4 * options.sendsPerAddress,
    });
  }

  /**
   * A new session; its frames wait until its identity (the signed-in user, or a visitor) is known.
   * With an `address`, the per-address limits apply: past its share of connections the session
   * gets an ERROR and is closed at once (and its identity is never read).
   */
  open(transport: Transport, identity: Identity | Promise<Identity | null> | (() => Promise<Identity | null>) = VISITOR, address?: string): StompSession {
    if (address !== undefined && !this.limits.admit(address)) {
      const refused = new StompSession(this, transport, VISITOR);
      refused.refuse('Too many live connections from your address');
      return refused;
    }
    const session = new StompSession(this, transport, typeof identity === 'function' ? identity() : identity, address);
    this.sessions.add(session);
    return session;
  }

  /** Send a JSON body (text, or its UTF-8 bytes) to every local subscription matching the topic; returns how many. */
  deliver(topic: string, json: string | Buffer): number {
    const allowed = this.options.policy?.restriction(topic);
    const body = new MessageBody(json);
    let count = 0;
    const plain = this.exact.get(topic);
    if (plain) for (const sub of plain) count += this.send(sub, topic, body, allowed);
    if (this.wildcards.size > 0) {
      const path = splitPath(topic);
      for (const sub of this.wildcards) if (matches(sub.pattern!, path)) count += this.send(sub, topic, body, allowed);
    }
    return count;
  }

  /**
   * As deliver, giving the event loop back every `sliceMs` (decision 021): half a megabyte of
   * standings to 50 pages is tens of milliseconds of writes, which every request waits out when
   * done in one go (and, on an event night, every score report queued behind the tournament's lock).
   * Subscriptions are those of the moment it starts; one that has ended since is skipped.
   */
  async deliverSliced(topic: string, json: string | Buffer, sliceMs: number): Promise<number> {
    const allowed = this.options.policy?.restriction(topic);
    const body = new MessageBody(json);
    const subs = [...(this.exact.get(topic) ?? [])];
    if (this.wildcards.size > 0) {
      const path = splitPath(topic);
      for (const sub of this.wildcards) if (matches(sub.pattern!, path)) subs.push(sub);
    }
    let count = 0;
    let sliceStart = performance.now();
    for (const sub of subs) {
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      const current = this.exact.get(topic)?.has(sub) || this.wildcards.has(sub);
      if (current && this.sessions.has(sub.session)) count += this.send(sub, topic, body, allowed);
    }
    return count;
  }

  /** Send a JSON body to the subscriptions of one session that match the topic (an answer to its SEND); returns how many. */
  deliverTo(session: StompSession, topic: string, json: string | Buffer): number {
    const allowed = this.options.policy?.restriction(topic);
    const body = new MessageBody(json);
    let count = 0;
    for (const sub of session.matching(topic)) count += this.send(sub, topic, body, allowed);
    return count;
  }

  /** True when some local subscription would receive a message of the topic. */
  hasSubscribers(topic: string): boolean {
    if (this.exact.get(topic)?.size) return true;
    if (this.wildcards.size === 0) return false;
    const path = splitPath(topic);
    for (const sub of this.wildcards) if (matches(sub.pattern!, path)) return true;
    return false;
  }

  private send(sub: Subscription, topic: string, body: MessageBody, allowed: ((principal: unknown) => boolean) | undefined): number {
    const { session } = sub;
    if (allowed && (session.principal === PENDING || !allowed(session.principal))) return 0;
    const headers = { destination: topic, 'content-type': 'application/json', subscription: sub.id, 'message-id': this.nextMessageId() };
    session.writeMessage(encodeHead('MESSAGE', headers, body.bytes.length), body);
    return 1;
  }

  /** Index a subscription (StompSession keeps its own list too). */
  add(sub: Subscription): void {
    if (sub.pattern) {
      this.wildcards.add(sub);
      return;
    }
    let set = this.exact.get(sub.destination);
    if (!set) this.exact.set(sub.destination, (set = new Set()));
    set.add(sub);
  }

  remove(sub: Subscription): void {
    if (sub.pattern) {
      this.wildcards.delete(sub);
      return;
    }
    const set = this.exact.get(sub.destination);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.exact.delete(sub.destination);
  }

  /**
   * A sign-in session ended (logout, expiry): its connections go on as visitors. Their
   * subscriptions to restricted topics end without a frame (STOMP has no server-side
   * UNSUBSCRIBE, and an ERROR must close), public ones stay. Returns how many connections.
   */
  endSignIn(signInId: string): number {
    let count = 0;
    for (const session of this.sessions) {
      if (session.signInId !== signInId) continue;
      session.reidentify({ principal: null });
      count++;
    }
    return count;
  }

  /** Close every session (shutdown, or a fan-out gap that clients must re-sync after). */
  closeAll(): void {
    for (const session of [...this.sessions]) session.close();
  }

  nextMessageId(): string {
    return `${this.instance}-${++this.messageSeq}`;
  }
}

/**
 * One message body for all its subscribers: its UTF-8 bytes made once (a 240 KB view encoded per
 * subscriber cost more than everything else of a delivery), its text only for transports that
 * need one (SockJS).
 */
class MessageBody {
  private text?: string;
  private buffer?: Buffer;

  constructor(json: string | Buffer) {
    if (typeof json === 'string') this.text = json;
    else this.buffer = json;
  }

  get bytes(): Buffer {
    return (this.buffer ??= Buffer.from(this.text!, 'utf8'));
  }

  get string(): string {
    return (this.text ??= this.buffer!.toString('utf8'));
  }
}

const PENDING = Symbol('principal pending');

export class StompSession {
  readonly subscriptions = new Map<string, Subscription>();
  private wildcardCount = 0;
  /** the signed-in user of the connection (null: anonymous) once known */
  principal: unknown = PENDING;
  /** the sign-in session the principal came from (undefined: a visitor, or not known yet) */
  signInId: string | undefined;
  private waiting: (string | Buffer)[] | undefined = [];
  private readonly decoder: FrameDecoder;
  private connected = false;
  private closed = false;
  private lastHeard = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private tokens: number;
  private tokensAt = Date.now();

  constructor(
    private readonly broker: Broker,
    private readonly transport: Transport,
    identity: Identity | Promise<Identity | null>,
    /** the client address it was admitted under (released when it closes) */
    readonly address?: string,
  ) {
    this.decoder = new FrameDecoder(broker.options.maxFrameBytes);
    this.tokens = broker.options.rateBurst;
    if (identity instanceof Promise) {
      identity.then(
        (who) => this.ready(who ?? VISITOR),
        (err) => {
          broker.options.onError?.('live: could not read the session of a connection', err);
          this.ready(VISITOR);
        },
      );
    } else {
      this.principal = identity.principal ?? null;
      this.signInId = identity.signInId;
      this.waiting = undefined;
    }
    // a socket that never says CONNECT does not stay
    this.timers.push(setTimeout(() => { if (!this.connected) this.close(); }, 10_000));
  }

  private ready(identity: Identity): void {
    if (this.closed) return;
    this.principal = identity.principal ?? null;
    this.signInId = identity.signInId;
    const queued = this.waiting ?? [];
    this.waiting = undefined;
    for (const chunk of queued) this.receive(chunk);
  }

  /**
   * The connection's identity changed (its sign-in session ended, or its user's rights were
   * read again): from now on it is judged as that, and its subscriptions that the policy would
   * now refuse end silently. Returns how many ended.
   */
  reidentify(identity: Identity): number {
    if (this.closed) return 0;
    this.principal = identity.principal ?? null;
    this.signInId = identity.signInId;
    const policy = this.broker.options.policy;
    if (!policy) return 0;
    let ended = 0;
    for (const sub of [...this.subscriptions.values()]) {
      if (policy.refusal(sub.destination, this.principal) === undefined) continue;
      this.unsubscribe(sub.id);
      ended++;
    }
    return ended;
  }

  /** Its subscriptions that a message of the topic reaches. */
  matching(topic: string): Subscription[] {
    const out: Subscription[] = [];
    let path: SplitPath | undefined;
    for (const sub of this.subscriptions.values()) {
      if (sub.pattern ? matches(sub.pattern, (path ??= splitPath(topic))) : sub.destination === topic) out.push(sub);
    }
    return out;
  }

  private subscribe(id: string, destination: string): void {
    const pattern = isPattern(destination) ? compilePattern(destination) : undefined;
    this.unsubscribe(id); // the same id again replaces it
    const sub: Subscription = { session: this, id, destination, pattern };
    this.subscriptions.set(id, sub);
    if (pattern) this.wildcardCount++;
    this.broker.add(sub);
  }

  private unsubscribe(id: string): void {
    const sub = this.subscriptions.get(id);
    if (!sub) return;
    this.subscriptions.delete(id);
    if (sub.pattern) this.wildcardCount--;
    this.broker.remove(sub);
  }

  /** Refused before it began (its address holds its share of connections): ERROR, then close. */
  refuse(message: string): void {
    this.fail(message);
  }

  /** Bytes or text from the transport. */
  receive(chunk: string | Buffer): void {
    if (this.closed) return;
    if (this.waiting) {
      if (this.waiting.length > 64) return this.fail('Too many frames before the connection was ready');
      this.waiting.push(chunk);
      return;
    }
    this.lastHeard = Date.now();
    try {
      for (const item of this.decoder.push(chunk)) {
        if (this.closed) return;
        if (item !== HEARTBEAT) this.handle(item);
      }
    } catch (e) {
      if (e instanceof StompError) this.fail(e.message, e.receiptId);
      else {
        this.broker.options.onError?.('STOMP session failed', e);
        this.fail('Internal error');
      }
    }
  }

  /** The transport is gone. */
  transportClosed(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    for (const sub of this.subscriptions.values()) this.broker.remove(sub);
    this.subscriptions.clear();
    this.wildcardCount = 0;
    if (this.broker.sessions.delete(this) && this.address !== undefined) this.broker.limits.release(this.address);
  }

  close(): void {
    if (this.closed) return;
    this.transportClosed();
    try {
      this.transport.close();
    } catch {
      // already gone
    }
  }

  write(data: string): void {
    if (this.closed) return;
    try {
      this.transport.send(data);
    } catch {
      this.close();
    }
  }

  /** A MESSAGE: its head, then the shared body. */
  writeMessage(head: string, body: MessageBody): void {
    if (this.closed) return;
    try {
      if (this.transport.sendParts) this.transport.sendParts(head, body.bytes);
      else this.transport.send(`${head}${body.string}\0`);
    } catch {
      this.close();
    }
  }

  private fail(message: string, receiptId?: string, detail = ''): void {
    this.write(encodeFrame('ERROR', { message, 'receipt-id': receiptId, 'content-type': detail ? 'text/plain' : undefined }, detail));
    this.close();
  }

  private handle(frame: Frame): void {
    const { command, headers } = frame;
    if (!this.connected) {
      if (command !== 'CONNECT' && command !== 'STOMP') throw new StompError('Expected CONNECT');
      return this.connect(headers);
    }
    if (!this.takeToken()) throw new StompError('Too many frames: slow down', headers.receipt);
    switch (command) {
      case 'SUBSCRIBE': {
        const id = headers.id;
        const destination = headers.destination;
        if (!id) throw new StompError('SUBSCRIBE needs an id header', headers.receipt);
        if (!destination || !destination.startsWith('/topic/')) throw new StompError('Subscriptions are to /topic/** only', headers.receipt);
        const replaced = this.subscriptions.get(id);
        if (!replaced && this.subscriptions.size >= this.broker.options.maxSubscriptions) {
          throw new StompError('Too many subscriptions', headers.receipt);
        }
        if (isPattern(destination) && !replaced?.pattern && this.wildcardCount >= this.broker.options.maxWildcardSubscriptions) {
          throw new StompError(`At most ${this.broker.options.maxWildcardSubscriptions} subscriptions with wildcards per connection`, headers.receipt);
        }
        const refusal = this.broker.options.policy?.refusal(destination, this.principal);
        if (refusal) throw new StompError(refusal, headers.receipt);
        this.subscribe(id, destination);
        break;
      }
      case 'UNSUBSCRIBE':
        if (!headers.id) throw new StompError('UNSUBSCRIBE needs an id header', headers.receipt);
        this.unsubscribe(headers.id);
        break;
      case 'SEND': {
        const destination = headers.destination ?? '';
        if (!APP.test(destination)) throw new StompError('SEND is accepted only to /app/**', headers.receipt);
        if (this.address !== undefined && !this.broker.limits.takeSend(this.address)) {
          throw new StompError('Too many requests from your address: slow down', headers.receipt);
        }
        this.broker.options.onSend(destination, frame.body, headers, this);
        break;
      }
      case 'ACK':
      case 'NACK':
        break; // auto acknowledgement only: nothing to settle
      case 'DISCONNECT':
        if (headers.receipt) this.write(encodeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
        this.close();
        return;
      case 'CONNECT':
      case 'STOMP':
        throw new StompError('Already connected', headers.receipt);
      default:
        throw new StompError(`${command} is not supported`, headers.receipt);
    }
    if (headers.receipt) this.write(encodeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
  }

  private connect(headers: Record<string, string>): void {
    const offered = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!offered.includes('1.2')) {
      this.write(encodeFrame('ERROR', { version: '1.2', 'content-type': 'text/plain', message: 'Supported protocol versions are 1.2' }, 'Supported protocol versions are 1.2'));
      return this.close();
    }
    const [sx, sy] = this.broker.options.heartbeat;
    const beat = negotiateHeartbeat(headers['heart-beat'], [sx, sy]);
    this.connected = true;
    this.write(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': `${sx},${sy}`, server: 'format-hub', session: this.broker.nextMessageId() }));
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    if (beat.sendEvery > 0) {
      this.timers.push(setInterval(() => this.write('\n'), beat.sendEvery));
    }
    if (beat.expectEvery > 0) {
      // Spring's rule: silent for three periods, the client is gone
      const limit = beat.expectEvery * 3;
      this.timers.push(setInterval(() => {
        if (Date.now() - this.lastHeard > limit) this.close();
      }, Math.max(50, Math.min(beat.expectEvery, 5_000))));
    }
  }

  private takeToken(): boolean {
    const { ratePerSecond, rateBurst } = this.broker.options;
    const now = Date.now();
    this.tokens = Math.min(rateBurst, this.tokens + ((now - this.tokensAt) / 1000) * ratePerSecond);
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A topic a feature may publish to: `/topic/...`, no wildcards, no empty segments. */
export function isPublishableTopic(topic: string): boolean {
  return TOPIC.test(topic) && !isPattern(topic);
}
