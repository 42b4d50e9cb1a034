import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Broker, DEFAULT_BROKER_OPTIONS, isPublishableTopic, type BrokerOptions, type Identity, type TopicPolicy } from './broker.ts';
import { FrameDecoder, HEARTBEAT, type Frame } from './stomp-frame.ts';

function setup(overrides: Partial<BrokerOptions> = {}) {
  const sends: { destination: string; body: string }[] = [];
  const broker = new Broker({ ...DEFAULT_BROKER_OPTIONS, onSend: (destination, body) => sends.push({ destination, body }), ...overrides });
  const peer = (identity?: Identity, address?: string) => {
    const decoder = FrameDecoder.forServerFrames();
    const frames: Frame[] = [];
    let heartbeats = 0;
    let closed = false;
    const session = broker.open({
      send: (data) => {
        for (const item of decoder.push(data)) {
          if (item === HEARTBEAT) heartbeats++;
          else frames.push(item);
        }
      },
      close: () => { closed = true; },
    }, identity, address);
    return {
      session,
      frames,
      get heartbeats() { return heartbeats; },
      get closed() { return closed; },
      send: (text: string) => session.receive(text),
      commands: () => frames.map((f) => f.command),
    };
  };
  return { broker, sends, peer };
}

const CONNECT = 'CONNECT\naccept-version:1.1,1.2\nhost:x\n\n\0';

describe('STOMP session', () => {
  test('CONNECT and STOMP both answer CONNECTED 1.2 with the server heart-beat', () => {
    for (const command of ['CONNECT', 'STOMP']) {
      const { peer } = setup();
      const p = peer();
      p.send(`${command}\naccept-version:1.2\nheart-beat:0,0\n\n\0`);
      expect(p.frames[0]).toMatchObject({ command: 'CONNECTED', headers: { version: '1.2', 'heart-beat': '10000,10000' } });
    }
  });

  test('a client that does not offer 1.2 gets ERROR then close', () => {
    const { peer } = setup();
    const p = peer();
    p.send('CONNECT\naccept-version:1.0\n\n\0');
    expect(p.commands()).toEqual(['ERROR']);
    expect(p.frames[0]!.headers.version).toBe('1.2');
    expect(p.closed).toBe(true);
  });

  test('any frame before CONNECT is an error', () => {
    const { peer } = setup();
    const p = peer();
    p.send('SUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0');
    expect(p.commands()).toEqual(['ERROR']);
    expect(p.closed).toBe(true);
  });

  test('every frame carrying receipt gets RECEIPT; DISCONNECT receipts then closes', () => {
    const { peer } = setup();
    const p = peer();
    p.send(CONNECT);
    p.send('SUBSCRIBE\nid:0\ndestination:/topic/a\nreceipt:r1\n\n\0');
    p.send('SEND\ndestination:/app/x\nreceipt:r2\n\n{}\0');
    p.send('UNSUBSCRIBE\nid:0\nreceipt:r3\n\n\0');
    expect(p.closed).toBe(false);
    p.send('DISCONNECT\nreceipt:r4\n\n\0');
    expect(p.frames.slice(1).map((f) => f.headers['receipt-id'])).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(p.closed).toBe(true);
  });

  test('SEND to /topic is refused with ERROR then close (no forged board events)', () => {
    const { peer, sends } = setup();
    const p = peer();
    p.send(CONNECT);
    p.send('SEND\ndestination:/topic/judgement\nreceipt:r1\n\n{}\0');
    expect(p.frames[1]).toMatchObject({ command: 'ERROR', headers: { message: 'SEND is accepted only to /app/**', 'receipt-id': 'r1' } });
    expect(p.closed).toBe(true);
    expect(sends).toEqual([]);
  });

  test('SEND to /app reaches the handler with its body', () => {
    const { peer, sends } = setup();
    const p = peer();
    p.send(CONNECT);
    p.send('SEND\ndestination:/app/tournaments/t1/request-scoreboard\n\n{"a":"é"}\0');
    expect(sends).toEqual([{ destination: '/app/tournaments/t1/request-scoreboard', body: '{"a":"é"}' }]);
  });

  test('MESSAGE goes to matching subscriptions with every header', () => {
    const { broker, peer } = setup();
    const a = peer();
    const b = peer();
    a.send(CONNECT);
    b.send(CONNECT);
    a.send('SUBSCRIBE\nid:sub-0\ndestination:/topic/judgement/*\n\n\0');
    b.send('SUBSCRIBE\nid:sub-0\ndestination:/topic/judgement\n\n\0');
    expect(broker.deliver('/topic/judgement/sendoff', '{"pressed":["1"]}')).toBe(1);
    expect(a.frames[1]).toMatchObject({
      command: 'MESSAGE',
      headers: { destination: '/topic/judgement/sendoff', subscription: 'sub-0', 'content-type': 'application/json', 'content-length': '17' },
      body: '{"pressed":["1"]}',
    });
    expect(a.frames[1]!.headers['message-id']).toBeTruthy();
    expect(b.frames).toHaveLength(1);
    a.send('UNSUBSCRIBE\nid:sub-0\n\n\0');
    expect(broker.deliver('/topic/judgement/sendoff', '{}')).toBe(0);
  });

  test('subscriptions outside /topic and over the cap are refused', () => {
    const { peer } = setup({ maxSubscriptions: 2 });
    const p = peer();
    p.send(CONNECT);
    p.send('SUBSCRIBE\nid:1\ndestination:/topic/a\n\n\0SUBSCRIBE\nid:2\ndestination:/topic/b\n\n\0');
    p.send('SUBSCRIBE\nid:2\ndestination:/topic/c\n\n\0'); // same id: replaces, not a third
    expect(p.closed).toBe(false);
    p.send('SUBSCRIBE\nid:3\ndestination:/topic/d\n\n\0');
    expect(p.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'Too many subscriptions' } });

    const q = setup().peer();
    q.send(CONNECT);
    q.send('SUBSCRIBE\nid:1\ndestination:/queue/x\n\n\0');
    expect(q.frames.at(-1)).toMatchObject({ command: 'ERROR' });
  });

  test('a flood of frames is cut off by the rate cap', () => {
    const { peer, sends } = setup({ ratePerSecond: 5, rateBurst: 10 });
    const p = peer();
    p.send(CONNECT);
    p.send('SEND\ndestination:/app/x\n\n\0'.repeat(30));
    expect(sends).toHaveLength(10);
    expect(p.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'Too many frames: slow down' } });
    expect(p.closed).toBe(true);
  });

  test('a frame over the size cap gets ERROR then close', () => {
    const { peer } = setup({ maxFrameBytes: 1000 });
    const p = peer();
    p.send(CONNECT);
    p.send(`SEND\ndestination:/app/x\n\n${'x'.repeat(1200)}\0`);
    expect(p.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'Frame larger than 1000 bytes' } });
    expect(p.closed).toBe(true);
  });

  test.each([['/topic/judgement', true], ['/topic/judgement/*', false], ['/app/x', false], ['/topic/', false], ['/topic//a', false]])(
    'publishable topic %s: %s',
    (topic, ok) => expect(isPublishableTopic(topic)).toBe(ok),
  );
});

describe('a delivery in slices', () => {
  test('reaches every subscription, plain and wildcard, giving the event loop back between slices', async () => {
    const { broker, peer } = setup();
    const pages = Array.from({ length: 30 }, (_, i) => {
      const p = peer();
      p.send(CONNECT);
      p.send(`SUBSCRIBE\nid:s\ndestination:${i % 3 === 0 ? '/topic/t/*' : '/topic/t/standings'}\n\n\0`);
      return p;
    });
    const body = JSON.stringify({ rows: 'x'.repeat(200_000) });
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const delivered = await broker.deliverSliced('/topic/t/standings', body, 0);
    clearInterval(counting);
    expect(delivered).toBe(30);
    for (const p of pages) expect(p.frames.filter((f) => f.command === 'MESSAGE').map((f) => f.body.length)).toEqual([body.length]);
    // a slice of 0 ms gives the loop back before each send after the first: other work ran meanwhile
    expect(turns).toBeGreaterThan(0);
  });

  test('skips a subscription that ended, or a connection that closed, while it was under way', async () => {
    const { broker, peer } = setup();
    const [a, b, c] = [peer(), peer(), peer()];
    for (const p of [a, b, c]) {
      p.send(CONNECT);
      p.send('SUBSCRIBE\nid:s\ndestination:/topic/t\n\n\0');
    }
    const delivering = broker.deliverSliced('/topic/t', '{"n":1}', 0);
    // the first is sent at once; the others wait for the next turns of the loop
    b.send('UNSUBSCRIBE\nid:s\n\n\0');
    c.session.transportClosed();
    expect(await delivering).toBe(1);
    expect([a, b, c].map((p) => p.frames.filter((f) => f.command === 'MESSAGE').length)).toEqual([1, 0, 0]);
  });
});

describe('the subscription index', () => {
  test('plain and wildcard subscriptions follow SUBSCRIBE, a replaced id, UNSUBSCRIBE and the close', () => {
    const { broker, peer } = setup();
    const a = peer();
    a.send(CONNECT);
    a.send('SUBSCRIBE\nid:x\ndestination:/topic/a\n\n\0SUBSCRIBE\nid:w\ndestination:/topic/*\n\n\0');
    expect(broker.deliver('/topic/a', '1')).toBe(2);
    expect(broker.hasSubscribers('/topic/b')).toBe(true);
    a.send('SUBSCRIBE\nid:w\ndestination:/topic/c\n\n\0'); // the same id, now plain
    expect(broker.hasSubscribers('/topic/b')).toBe(false);
    expect(broker.deliver('/topic/c', '2')).toBe(1);
    a.send('UNSUBSCRIBE\nid:x\n\n\0');
    expect(broker.deliver('/topic/a', '3')).toBe(0);
    a.session.transportClosed();
    expect(broker.hasSubscribers('/topic/c')).toBe(false);
  });

  test('wildcard subscriptions are capped per connection; plain ones are not counted', () => {
    const { peer } = setup({ maxWildcardSubscriptions: 2 });
    const p = peer();
    p.send(CONNECT);
    p.send('SUBSCRIBE\nid:1\ndestination:/topic/*\n\n\0SUBSCRIBE\nid:2\ndestination:/topic/**\n\n\0SUBSCRIBE\nid:3\ndestination:/topic/plain\n\n\0');
    p.send('SUBSCRIBE\nid:2\ndestination:/topic/a?\n\n\0'); // replacing a wildcard is no new one
    expect(p.closed).toBe(false);
    p.send('SUBSCRIBE\nid:4\ndestination:/topic/b*\n\n\0');
    expect(p.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'At most 2 subscriptions with wildcards per connection' } });
    expect(p.closed).toBe(true);
  });

  test('deliverTo reaches the matching subscriptions of one session only', () => {
    const { broker, peer } = setup();
    const asker = peer();
    const other = peer();
    for (const p of [asker, other]) {
      p.send(CONNECT);
      p.send('SUBSCRIBE\nid:s\ndestination:/topic/t/scoreboard\n\n\0SUBSCRIBE\nid:all\ndestination:/topic/**\n\n\0');
    }
    expect(asker.session.matching('/topic/t/standings').map((s) => s.id)).toEqual(['all']);
    expect(broker.deliverTo(asker.session, '/topic/t/scoreboard', '{}')).toBe(2);
    expect(asker.frames.filter((f) => f.command === 'MESSAGE').map((f) => f.headers.subscription).sort()).toEqual(['all', 's']);
    expect(other.commands()).toEqual(['CONNECTED']);
  });
});

describe('per client address', () => {
  test('past its share of connections an address gets ERROR then close; a closed one frees its place', () => {
    const { broker, peer } = setup({ connectionsPerAddress: 2 });
    const [a, b] = [peer(undefined, '10.0.0.1'), peer(undefined, '10.0.0.1')];
    const third = peer(undefined, '10.0.0.1');
    expect(third.frames[0]).toMatchObject({ command: 'ERROR', headers: { message: 'Too many live connections from your address' } });
    expect(third.closed).toBe(true);
    expect(peer(undefined, '10.0.0.2').closed).toBe(false); // another address
    expect(a.closed || b.closed).toBe(false);
    a.session.transportClosed();
    expect(peer(undefined, '10.0.0.1').closed).toBe(false);
    expect(broker.sessions.size).toBe(3);
  });

  test('SENDs count per address across its connections', () => {
    const { peer, sends } = setup({ sendsPerAddress: 2 }); // bursts of 8
    const ones = [peer(undefined, '10.0.0.1'), peer(undefined, '10.0.0.1')];
    const other = peer(undefined, '10.0.0.2');
    for (const p of [...ones, other]) p.send(CONNECT);
    for (let i = 0; i < 4; i++) for (const p of ones) p.send('SEND\ndestination:/app/x\n\n\0');
    expect(sends).toHaveLength(8);
    ones[0]!.send('SEND\ndestination:/app/x\n\n\0');
    expect(ones[0]!.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'Too many requests from your address: slow down' } });
    expect(ones[0]!.closed).toBe(true);
    other.send('SEND\ndestination:/app/x\n\n\0');
    expect(sends).toHaveLength(9);
  });
});

describe('the end of a sign-in session', () => {
  // /topic/secret/** is for signed-in principals, as /topic/judgement/** is for signed-in users
  const policy: TopicPolicy = {
    refusal: (destination, principal) => (destination.startsWith('/topic/secret') && principal === null ? 'Sign in' : undefined),
    restriction: (topic) => (topic.startsWith('/topic/secret') ? (principal) => principal !== null : undefined),
  };
  const subscribeAll = (p: { send(text: string): void }) => {
    p.send(CONNECT);
    p.send('SUBSCRIBE\nid:secret\ndestination:/topic/secret\n\n\0');
    p.send('SUBSCRIBE\nid:all\ndestination:/topic/**\n\n\0');
    p.send('SUBSCRIBE\nid:open\ndestination:/topic/open\n\n\0');
  };

  test('its connections go on as visitors: restricted subscriptions end without a frame, public ones stay', () => {
    const { broker, peer } = setup({ policy });
    const ending = peer({ principal: 'ada', signInId: 's1' });
    const other = peer({ principal: 'ada', signInId: 's2' }); // the same user in another browser
    subscribeAll(ending);
    subscribeAll(other);
    expect(broker.deliver('/topic/secret', '1')).toBe(4);

    expect(broker.endSignIn('s1')).toBe(1);
    expect(broker.endSignIn('unknown')).toBe(0);
    expect([...ending.session.subscriptions.keys()]).toEqual(['all', 'open']);
    expect(broker.deliver('/topic/secret', '2')).toBe(2); // the other session's two
    expect(broker.deliver('/topic/open', '3')).toBe(4);
    // (plain subscriptions are found by lookup before wildcard ones: the order within one message is not kept)
    expect(ending.frames.filter((f) => f.command === 'MESSAGE').map((f) => `${f.headers.subscription}:${f.body}`).sort()).toEqual(['all:1', 'all:3', 'open:3', 'secret:1']);
    expect(ending.commands()).not.toContain('ERROR');
    expect(ending.closed).toBe(false);

    // from now on the policy judges it as a visitor
    ending.send('SUBSCRIBE\nid:again\ndestination:/topic/secret\n\n\0');
    expect(ending.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'Sign in' } });
    expect(ending.closed).toBe(true);
  });

  test('reidentify with a user whose rights were read again keeps what they may still hear', () => {
    const { peer } = setup({ policy });
    const p = peer({ principal: 'ada', signInId: 's1' });
    subscribeAll(p);
    expect(p.session.reidentify({ principal: 'ada (renamed)', signInId: 's1' })).toBe(0);
    expect(p.session.reidentify({ principal: null })).toBe(1);
    expect(p.session.signInId).toBeUndefined();
  });
});

describe('heart-beats', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  test('spec 1 §4 client (20 s out, none in) stays connected and gets no heart-beats', () => {
    const { peer } = setup();
    const p = peer();
    p.send('CONNECT\naccept-version:1.2\nheart-beat:20000,0\n\n\0');
    for (let i = 0; i < 30; i++) { // ten minutes
      vi.advanceTimersByTime(20_000);
      p.send('\n');
    }
    expect(p.closed).toBe(false);
    expect(p.heartbeats).toBe(0);
  });

  test('the same client falling silent is dropped after 3 x 20 s, not before', () => {
    const { broker, peer } = setup();
    const p = peer();
    p.send('CONNECT\naccept-version:1.2\nheart-beat:20000,0\n\n\0');
    vi.advanceTimersByTime(59_000);
    expect(p.closed).toBe(false);
    vi.advanceTimersByTime(6_000);
    expect(p.closed).toBe(true);
    expect(broker.sessions.size).toBe(0);
  });

  test('a client asking for heart-beats gets one every max(cy, sx)', () => {
    const { peer } = setup();
    const p = peer();
    p.send('CONNECT\naccept-version:1.2\nheart-beat:0,5000\n\n\0');
    vi.advanceTimersByTime(35_000);
    expect(p.heartbeats).toBe(3); // every 10 s, the server's own floor
  });

  test('a socket that never sends CONNECT is closed', () => {
    const { peer } = setup();
    const p = peer();
    vi.advanceTimersByTime(11_000);
    expect(p.closed).toBe(true);
  });
});
