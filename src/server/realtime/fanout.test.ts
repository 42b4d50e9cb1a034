import { describe, expect, test } from 'vitest';
import { encodePayloads, MAX_INLINE_PAYLOAD, PayloadJoiner } from './fanout.ts';

describe('NOTIFY payloads', () => {
  test('a small message is one inline payload', () => {
    const payloads = encodePayloads('/topic/judgement', '{"id":1}');
    expect(payloads).toHaveLength(1);
    expect(new PayloadJoiner().accept(payloads[0]!)).toEqual({ t: '/topic/judgement', b: '{"id":1}' });
  });

  test.each([
    ['just over the inline limit', 'x'.repeat(MAX_INLINE_PAYLOAD)],
    ['multi-byte text cut at any byte', '✓é漢'.repeat(20_000)],
    ['a board-sized list', JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, reason: 'Too strong in the format' })))],
  ])('%s: every chunk stays under 8000 bytes and the whole comes back', (_why, text) => {
    const json = JSON.stringify(text);
    const payloads = encodePayloads('/topic/judgement', json, 'id1');
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const joiner = new PayloadJoiner();
    const results = payloads.reverse().map((p) => joiner.accept(p)); // order does not matter
    expect(results.slice(0, -1).every((r) => r === undefined)).toBe(true);
    expect(results.at(-1)).toEqual({ t: '/topic/judgement', b: json });
  });

  test('interleaved chunks of two messages are joined apart', () => {
    const a = encodePayloads('/topic/a', JSON.stringify('a'.repeat(20_000)), 'A');
    const b = encodePayloads('/topic/b', JSON.stringify('b'.repeat(20_000)), 'B');
    const joiner = new PayloadJoiner();
    const done = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      for (const p of [a[i], b[i]]) if (p) { const r = joiner.accept(p); if (r) done.push(r.t); }
    }
    expect(done.sort()).toEqual(['/topic/a', '/topic/b']);
  });

  test('a message whose chunks never all arrive is forgotten after 30 s', () => {
    const payloads = encodePayloads('/topic/a', JSON.stringify('a'.repeat(20_000)), 'A');
    const joiner = new PayloadJoiner();
    joiner.accept(payloads[0]!, 0);
    // the rest arrives much later (a listener reconnected in between): no half message
    const rest = payloads.slice(1).map((p) => joiner.accept(p, 60_000));
    expect(rest.every((r) => r === undefined)).toBe(true);
  });
});
