// The web client against a scripted STOMP peer (the real server is exercised in
// src/server/realtime/realtime.live.test.ts): what it sends, and what it does with bad pushes.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createLiveClient, HEARTBEAT_OUTGOING_MS, JUDGEMENT_RECONNECT_MS, type LiveClient } from './live.ts';

/** Just enough of a browser WebSocket for stompjs: records frames, lets the test answer. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'arraybuffer';
  protocol = 'v12.stomp';
  url = 'fake';
  sent: string[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;

  constructor() {
    FakeSocket.instances.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(data: string) {
    this.sent.push(data);
    if (data.startsWith('CONNECT\n')) this.push('CONNECTED\nversion:1.2\nheart-beat:10000,10000\n\n\0');
    if (data.startsWith('DISCONNECT\n')) this.close();
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '', wasClean: true });
  }
  push(frame: string) {
    this.onmessage?.({ data: frame });
  }
  frames(command: string) {
    return this.sent.filter((f) => f.startsWith(`${command}\n`));
  }
}

const clients: LiveClient[] = [];
function client(options: Parameters<typeof createLiveClient>[0] = {}) {
  const c = createLiveClient({ webSocketFactory: () => new FakeSocket() as unknown as WebSocket, ...options });
  clients.push(c);
  return c;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  FakeSocket.instances = [];
  vi.restoreAllMocks();
});

const message = (subscription: string, body: string) =>
  `MESSAGE\ndestination:/topic/judgement\nsubscription:${subscription}\nmessage-id:1\ncontent-type:application/json\n\n${body}\0`;

describe('live client', () => {
  test('spec 1 §4 defaults: 2 s reconnect, heart-beat 20 s out and none in', async () => {
    expect([JUDGEMENT_RECONNECT_MS, HEARTBEAT_OUTGOING_MS]).toEqual([2000, 20_000]);
    const c = client();
    await vi.waitFor(() => expect(c.status).toBe('connected'));
    expect(FakeSocket.instances[0]!.frames('CONNECT')[0]).toContain('heart-beat:20000,0');
  });

  test('a push that is not JSON is only logged; the next one is delivered', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const c = client();
    const got: unknown[] = [];
    c.subscribe('/topic/judgement', (b) => got.push(b));
    await vi.waitFor(() => expect(FakeSocket.instances[0]?.frames('SUBSCRIBE')).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;
    const id = /id:(\S+)/.exec(socket.frames('SUBSCRIBE')[0]!)![1]!;
    socket.push(message(id, '{not json'));
    socket.push(message(id, '{"id":1}'));
    expect(got).toEqual([{ id: 1 }]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('/topic/judgement');
  });

  test('after a drop it subscribes again to everything and asks for a re-sync', async () => {
    const c = client({ reconnectDelay: 10 });
    let resyncs = 0;
    c.onReconnect(() => { resyncs++; });
    c.subscribe('/topic/judgement', () => {});
    const off = c.subscribe('/topic/judgement/*', () => {});
    await vi.waitFor(() => expect(FakeSocket.instances[0]?.frames('SUBSCRIBE')).toHaveLength(2));
    expect(resyncs).toBe(0);
    off();
    FakeSocket.instances[0]!.close();
    await vi.waitFor(() => expect(FakeSocket.instances[1]?.frames('SUBSCRIBE')).toHaveLength(1));
    expect(FakeSocket.instances[1]!.frames('SUBSCRIBE')[0]).toContain('destination:/topic/judgement\n');
    expect(resyncs).toBe(1);
    expect(c.status).toBe('connected');
  });

  test('a request made before the connection is sent once connected, not twice', async () => {
    const c = client();
    c.publish('/app/tournaments/t1/request-scoreboard');
    c.publish('/app/tournaments/t1/request-scoreboard');
    await vi.waitFor(() => expect(FakeSocket.instances[0]?.frames('SEND')).toHaveLength(1));
    expect(FakeSocket.instances[0]!.frames('SEND')[0]).toContain('destination:/app/tournaments/t1/request-scoreboard');
  });
});
