// The API client's one rule of the spec's calls: tournament writes carry X-Discord-Id (spec 2 §7).
import { afterEach, expect, test, vi } from 'vitest';
import { api, setActingUser } from './api.ts';

afterEach(() => {
  setActingUser(null);
  vi.unstubAllGlobals();
});

test('tournament writes carry the signed-in user’s id in X-Discord-Id; reads, other writes and visitors do not', async () => {
  const seen: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen.push(`${init.method} ${url} ${new Headers(init.headers).get('X-Discord-Id') ?? '-'}`);
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  setActingUser('940000000000000005');
  await api.post('/tournaments/t1/signup', { name: 'Joey' });
  await api.delete('/tournaments/t1/decks/4');
  await api.get('/tournaments/t1');
  await api.post('/judgement', { cardId: 1 });
  setActingUser(null);
  await api.post('/tournaments/t1/signup', { name: 'Joey' });
  expect(seen).toEqual([
    'POST /api/tournaments/t1/signup 940000000000000005',
    'DELETE /api/tournaments/t1/decks/4 940000000000000005',
    'GET /api/tournaments/t1 -',
    'POST /api/judgement -',
    'POST /api/tournaments/t1/signup -',
  ]);
});
