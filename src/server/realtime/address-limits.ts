// What one client address may hold of the live channel: open connections, and SEND frames per
// second across all of them (a token bucket). The per-connection frame cap alone let one visitor
// open many sockets and multiply it (issue 18).

export interface AddressLimitOptions {
  /** open connections per address */
  connectionsPerAddress: number;
  /** SEND frames per second per address, all its connections together */
  sendsPerAddress: number;
  /** how many SENDs an address may make at once (a page asking for both views after a reconnect) */
  sendBurst: number;
}

interface Entry {
  connections: number;
  tokens: number;
  at: number;
}

/** entries of gone addresses are swept once there are this many */
const SWEEP_AT = 10_000;

export class AddressLimits {
  private entries = new Map<string, Entry>();
  private sweepAt = SWEEP_AT;

  constructor(private readonly options: AddressLimitOptions) {}

  private entry(address: string, now: number): Entry {
    let e = this.entries.get(address);
    if (!e) {
      if (this.entries.size >= this.sweepAt) this.sweep(now);
      e = { connections: 0, tokens: this.options.sendBurst, at: now };
      this.entries.set(address, e);
    }
    return e;
  }

  /** A connection from `address` opens: false when the address holds its share already. */
  admit(address: string, now = Date.now()): boolean {
    const e = this.entry(address, now);
    if (e.connections >= this.options.connectionsPerAddress) return false;
    e.connections++;
    return true;
  }

  /** An admitted connection closed. */
  release(address: string): void {
    const e = this.entries.get(address);
    if (e && e.connections > 0) e.connections--;
  }

  /** One SEND from `address`: false when over its rate. */
  takeSend(address: string, now = Date.now()): boolean {
    const { sendsPerAddress, sendBurst } = this.options;
    if (sendsPerAddress === Infinity) return true;
    const e = this.entry(address, now);
    e.tokens = Math.min(sendBurst, e.tokens + ((now - e.at) / 1000) * sendsPerAddress);
    e.at = now;
    if (e.tokens < 1) return false;
    e.tokens -= 1;
    return true;
  }

  /** Forget addresses with no connection whose bucket is full again (closing and reopening gains nothing). */
  private sweep(now: number): void {
    const { sendsPerAddress, sendBurst } = this.options;
    for (const [address, e] of this.entries) {
      if (e.connections === 0 && e.tokens + ((now - e.at) / 1000) * sendsPerAddress >= sendBurst) this.entries.delete(address);
    }
    // many addresses still connected: the next sweep waits until there are twice as many
    this.sweepAt = Math.max(SWEEP_AT, 2 * this.entries.size);
  }

  /** addresses tracked (tests) */
  get size(): number {
    return this.entries.size;
  }
}
