// Issue 8, point 3: every input the outside test answered with a 500 is now a 4xx whose message
// names the field, and nothing is stored. One row per case of the report.
import { beforeAll, expect, test } from 'vitest';
import { apiTest } from '../test/api-test.ts';

const { server, anonymous, admin } = apiTest({ admin: ['930000000000000001', 2, 'Bad Input Admin'] });
let entryId: number;
let judgementId: number;

beforeAll(async () => {
  expect((await admin.request('PUT', '/api/banlists/2026-05-01', { body: '!Test\n#[Test]\n14558127 1 --Ash Blossom\n' })).status).toBe(200);
  const entries = (await (await admin.get('/api/banlists/2026-05-01')).json()) as { id: number }[];
  entryId = entries[0]!.id;
  const proposal = await admin.post('/api/judgement', { cardId: 14558127, cardName: 'Ash Blossom & Joyous Spring', reason: 'ok' });
  judgementId = ((await proposal.json()) as { id: number }).id;
}, 60_000);

const multipartDto = (dto: string) => {
  const form = new FormData();
  form.append('dto', new Blob([dto], { type: 'application/json' }));
  return form;
};

type Send = () => Promise<Response>;
const rows: [string, Send, number, RegExp][] = [
  ['GET /api/series/%00 (anonymous)', () => anonymous.get('/api/series/%00'), 400, /^id: contains a NUL character$/],
  ['PUT /api/series/%00', () => admin.request('PUT', '/api/series/%00', { body: { name: 'x' } }), 400, /^id: contains a NUL character$/],
  ['DELETE /api/series/%00', () => admin.request('DELETE', '/api/series/%00'), 400, /^id: contains a NUL character$/],
  ['PUT /api/series/%00/upload', () => fetch(`${server.url}/api/series/%00/upload`, { method: 'PUT', body: multipartDto('{"name":"x"}'), headers: { cookie: admin.cookieHeader(), origin: server.url } }), 400, /^id: contains a NUL character$/],
  ['a NUL in a series field', () => admin.post('/api/series', { name: 'a\u0000b' }), 400, /^name: contains a NUL character$/],
  ['a lone surrogate in a series field', () => admin.post('/api/series', { name: 'a', description: 'x\ud800' }), 400, /^description: contains an unpaired UTF-16 surrogate$/],
  ['a NUL in the multipart dto', () => fetch(`${server.url}/api/series/upload`, { method: 'PUT', body: multipartDto('{"name":"\\u0000"}'), headers: { cookie: admin.cookieHeader(), origin: server.url } }), 400, /^dto\.name: contains a NUL character$/],
  ['a NUL in a judgement reason (JSON)', () => admin.post('/api/judgement', { cardId: 14558127, cardName: 'Ash', reason: '\u0000' }), 400, /^reason: contains a NUL character$/],
  ['a NUL in a card name of POST /api/cards/images', () => anonymous.post('/api/cards/images', ['Ash\u0000']), 400, /contains a NUL character$/],
  ['a NUL in a text/plain banlist reason', () => admin.request('PUT', `/api/banlists/2026-05-01/entries/${entryId}/reason`, { body: 'a\u0000b' }), 400, /^reason: contains a NUL character$/],
  ['a NUL in a text/plain judgement reason', () => admin.request('PUT', `/api/judgement/${judgementId}/reason`, { body: '\u0000' }), 400, /^reason: contains a NUL character$/],
  ['a NUL in a text/plain send-off date', () => admin.request('PUT', '/api/judgement/sendoff-date', { body: '2026\u0000' }), 400, /^date: contains a NUL character$/],
  ['a card id beyond 2^31 (an unknown card)', () => anonymous.get('/api/cards/2147483648'), 404, /^Card not found$/],
  ['a card id beyond 2^32', () => anonymous.get('/api/cards/4294967296'), 400, /^id: /],
  ['a redirect_uri that is not a URL', () => fetch(`${server.url}/demo-discord/oauth2/authorize?response_type=code&client_id=format-hub-demo&code_challenge=x&code_challenge_method=S256&redirect_uri=not%20a%20url`), 400, /^redirect_uri: /],
];

test.each(rows)('%s: a 4xx naming the field', async (_label, send, status, message) => {
  const res = await send();
  const body = (await res.json()) as { error: string };
  expect({ status: res.status, error: body.error }).toEqual({ status, error: expect.stringMatching(message) });
});

test('the image of an unknown card at the top of the 32-bit range is the placeholder card, never a 500', async () => {
  for (const id of ['4294967295', '2147483648']) {
    const res = await anonymous.get(`/api/cards/${id}/image`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  }
  expect((await anonymous.get('/api/cards/4294967296/image')).status).toBe(400);
});

test('nothing of the refused requests was stored', async () => {
  const series = (await (await anonymous.get('/api/series/summaries')).json()) as unknown[];
  expect(series).toEqual([]);
  expect((await anonymous.get('/api/banlists/dates').then((r) => r.json()))).toContain('2026-05-01');
});

test('banlist codes are read as EDOPro reads them, as unsigned 32-bit numbers, and stored at that width', async () => {
  // 3000000000 is a real passcode width; '-5' is what strtoul makes of it (2^32 - 5); beyond 2^32 EDOPro skips the line
  const res = await admin.request('PUT', '/api/banlists/2026-07-01', { body: '!X\n3000000000 1 --Beyond\n-5 2\n4294967296 1\n' });
  expect(res.status).toBe(200);
  const file = await (await anonymous.get('/api/banlists/2026-07-01/lflist')).text();
  expect(file).toMatch(/^3000000000 1\b/m);
  expect(file).toMatch(/^4294967291 2\b/m);
  expect(file).not.toMatch(/^4294967296 /m);
  expect(file).not.toMatch(/^0 /m);
});
