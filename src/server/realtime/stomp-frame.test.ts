import { describe, expect, test } from 'vitest';
import { encodeFrame, encodeHead, escapeHeader, FrameDecoder, HEARTBEAT, negotiateHeartbeat, StompError, unescapeHeader, type Decoded } from './stomp-frame.ts';

const decodeAll = (...chunks: (string | Buffer)[]): Decoded[] => {
  const d = new FrameDecoder();
  return chunks.flatMap((c) => d.push(c));
};

describe('header escapes', () => {
  test.each([
    ['backslash', 'a\\b', 'a\\\\b'],
    ['line feed', 'a\nb', 'a\\nb'],
    ['carriage return', 'a\rb', 'a\\rb'],
    ['colon', 'urn:x', 'urn\\cx'],
    ['all at once, in order', '\\:\n\r', '\\\\\\c\\n\\r'],
    ['nothing to escape', 'plain/text é', 'plain/text é'],
  ])('%s', (_why, raw, escaped) => {
    expect(escapeHeader(raw)).toBe(escaped);
    expect(unescapeHeader(escaped)).toBe(raw);
  });

  test.each([['\\t'], ['ends with \\']])('an undefined escape %s is an error', (value) => {
    expect(() => unescapeHeader(value)).toThrow(StompError);
  });

  test('SEND headers are unescaped', () => {
    const [frame] = decodeAll('SEND\ndestination:/app/a\\cb\nx\\ny:1\\\\2\n\n\0');
    expect(frame).toEqual({ command: 'SEND', headers: { destination: '/app/a:b', 'x\ny': '1\\2' }, body: '' });
  });

  test('CONNECT headers are not unescaped (STOMP 1.0 compatibility)', () => {
    const [frame] = decodeAll('CONNECT\nlogin:a\\cb\naccept-version:1.2\n\n\0');
    expect(frame).toMatchObject({ command: 'CONNECT', headers: { login: 'a\\cb' } });
  });

  test('CONNECTED is encoded raw, MESSAGE escaped', () => {
    expect(encodeFrame('CONNECTED', { server: 'a:b' })).toBe('CONNECTED\nserver:a:b\n\n\0');
    expect(encodeFrame('MESSAGE', { destination: '/topic/a:b' })).toBe('MESSAGE\ndestination:/topic/a\\cb\n\n\0');
  });

  test('a repeated header keeps its first value', () => {
    const [frame] = decodeAll('SEND\ndestination:/app/one\ndestination:/app/two\n\n\0');
    expect((frame as { headers: Record<string, string> }).headers.destination).toBe('/app/one');
  });
});

describe('content-length counts UTF-8 bytes', () => {
  test.each([
    ['ASCII', '{"a":1}', 7],
    ['two-byte letters', '"é"', 4],
    ['three-byte check mark', '"✓"', 5],
    ['four-byte emoji', '"😀"', 6],
  ])('%s', (_why, body, bytes) => {
    const text = encodeFrame('MESSAGE', { destination: '/topic/x' }, body);
    expect(text).toContain(`content-length:${bytes}\n`);
    // and it decodes back, from a string as SockJS gives it
    const [frame] = FrameDecoder.forServerFrames().push(text);
    expect(frame).toMatchObject({ body });
  });

  test('a body with NUL inside is read by content-length', () => {
    const [frame] = decodeAll('SEND\ndestination:/app/a\ncontent-length:3\n\na\0b\0');
    expect(frame).toMatchObject({ body: 'a\0b' });
  });

  test('a body that is not followed by NUL where content-length says is an error', () => {
    expect(() => decodeAll('SEND\ndestination:/app/a\ncontent-length:1\nreceipt:r1\n\nab\0')).toThrow(/NUL/);
  });

  test('a character count instead of bytes is caught (é is two bytes)', () => {
    expect(() => decodeAll('SEND\ndestination:/app/a\ncontent-length:1\n\né\0')).toThrow(StompError);
  });

  test.each([['-1'], ['abc'], ['1e3']])('content-length %s is refused', (value) => {
    expect(() => decodeAll(`SEND\ndestination:/app/a\ncontent-length:${value}\n\n\0`)).toThrow(/content-length/);
  });
});

describe('a head sent before a body encoded once', () => {
  test('head + body + NUL is the frame encodeFrame makes', () => {
    const body = '{"note":"é ✓ 😀"}';
    const headers = { destination: '/topic/a:b', subscription: '0' };
    expect(`${encodeHead('MESSAGE', headers, Buffer.byteLength(body))}${body}\0`).toBe(encodeFrame('MESSAGE', headers, body));
  });
});

describe('framing', () => {
  const send = 'SEND\ndestination:/app/echo\ncontent-length:8\n\n{"x":"é"}\0'.replace('8', String(Buffer.byteLength('{"x":"é"}')));

  test('one frame split at every byte, including inside a multi-byte character', () => {
    const bytes = Buffer.from(send);
    const d = new FrameDecoder();
    const out: Decoded[] = [];
    for (let i = 0; i < bytes.length; i++) out.push(...d.push(bytes.subarray(i, i + 1)));
    expect(out).toEqual([{ command: 'SEND', headers: { destination: '/app/echo', 'content-length': '10' }, body: '{"x":"é"}' }]);
    expect(d.pending).toBe(0);
  });

  test('several frames and heart-beats in one chunk', () => {
    const out = decodeAll(`\n${send}\r\n\nUNSUBSCRIBE\nid:1\n\n\0\n`);
    expect(out.map((x) => (x === HEARTBEAT ? 'EOL' : x.command))).toEqual(['EOL', 'SEND', 'EOL', 'EOL', 'UNSUBSCRIBE', 'EOL']);
  });

  test('CRLF line endings are accepted', () => {
    const [frame] = decodeAll('SUBSCRIBE\r\nid:0\r\ndestination:/topic/a\r\n\r\n\0');
    expect(frame).toEqual({ command: 'SUBSCRIBE', headers: { id: '0', destination: '/topic/a' }, body: '' });
  });

  test('a CR alone at the end waits for its LF', () => {
    const d = new FrameDecoder();
    expect(d.push('\r')).toEqual([]);
    expect(d.push('\n')).toEqual([HEARTBEAT]);
  });

  test('a frame without content-length ends at the first NUL', () => {
    const out = decodeAll('SEND\ndestination:/app/a\n\nhello\0SEND\ndestination:/app/b\n\n\0');
    expect(out).toMatchObject([{ body: 'hello' }, { headers: { destination: '/app/b' } }]);
  });

  test.each([
    ['unknown command', 'HELLO\n\n\0', /Unknown command/],
    ['header line without colon', 'SEND\ndestination\n\n\0', /Malformed/],
    ['server command from a client', 'MESSAGE\n\n\0', /Unknown command/],
  ])('%s is an error', (_why, text, message) => {
    expect(() => decodeAll(text)).toThrow(message);
  });

  test('frames over the size cap are refused, even before they end', () => {
    const d = new FrameDecoder(1024);
    expect(() => d.push(`SEND\ndestination:/app/a\n\n${'x'.repeat(2000)}`)).toThrow(/larger than 1024/);
    expect(() => new FrameDecoder(1024).push('SEND\ndestination:/app/a\ncontent-length:5000\nreceipt:r9\n\n')).toThrow(
      expect.objectContaining({ receiptId: 'r9' }),
    );
    expect(() => new FrameDecoder(1024).push(`SEND\n${'h:v\n'.repeat(400)}`)).toThrow(/larger/);
  });
});

describe('heart-beat negotiation', () => {
  test.each([
    ['spec 1 §4 client: sends every 20 s, wants none', '20000,0', [10000, 10000], { sendEvery: 0, expectEvery: 20000 }],
    ['client faster than the server wants: the slower wins', '1000,1000', [10000, 10000], { sendEvery: 10000, expectEvery: 10000 }],
    ['client slower than the server', '30000,30000', [10000, 10000], { sendEvery: 30000, expectEvery: 30000 }],
    ['client wants none and sends none', '0,0', [10000, 10000], { sendEvery: 0, expectEvery: 0 }],
    ['no header (STOMP 1.0 style)', undefined, [10000, 10000], { sendEvery: 0, expectEvery: 0 }],
    ['server that cannot send', '0,5000', [0, 10000], { sendEvery: 0, expectEvery: 0 }],
    ['spaces around the numbers', ' 100 , 200 ', [50, 50], { sendEvery: 200, expectEvery: 100 }],
  ] as const)('%s', (_why, header, server, expected) => {
    expect(negotiateHeartbeat(header, server)).toEqual(expected);
  });

  test('a malformed header is an error', () => {
    expect(() => negotiateHeartbeat('fast', [10000, 10000])).toThrow(StompError);
  });
});
