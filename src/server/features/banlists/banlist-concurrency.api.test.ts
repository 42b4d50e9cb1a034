// Re-importing a list while its reasons are edited (issue 8 §2): on PostgreSQL this deadlocked
// (500 'deadlock detected' in 10 of 10 rounds). Writes to one list now wait for each other, and a
// transaction PostgreSQL aborts anyway is retried: never a 500, never a lost reason.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { apiTest } from '../../test/api-test.ts';

const LIST = readFileSync(new URL('../../../../../shared/data/lflists/2026.05-TCG.lflist.conf', import.meta.url), 'utf8');
const DATE = '2026-05-01';
const { admin } = apiTest({ admin: ['910000000000000001', 2, 'Ada'] });

beforeAll(async () => {
  expect((await admin.request('PUT', `/api/banlists/${DATE}`, { body: LIST })).status).toBe(200);
});

test('ten rounds of a re-import racing twenty reason edits: no 5xx, and the reasons that were saved survive', async () => {
  const saved = new Map<number, string>();
  for (let round = 0; round < 10; round++) {
    const entries = (await (await admin.get(`/api/banlists/${DATE}`)).json()) as BanlistEntry[];
    const targets = entries.slice(round * 20, round * 20 + 20);
    const edits = targets.map((e, i) =>
      admin.request('PUT', `/api/banlists/${DATE}/entries/${e.id}/reason`, { body: `round ${round} reason ${i}` }).then(async (res) => {
        if (res.status === 200) saved.set(e.cardId, `round ${round} reason ${i}`);
        return res.status;
      }),
    );
    const reimport = admin.request('PUT', `/api/banlists/${DATE}`, { body: LIST }).then((r) => r.status);
    const statuses = await Promise.all([reimport, ...edits]);
    expect(statuses[0], `round ${round}: the import`).toBe(200);
    // an edit that lands after the re-import names an entry id that no longer exists: 404, said so
    for (const s of statuses.slice(1)) expect([200, 404], `round ${round}: ${statuses.join(' ')}`).toContain(s);
  }
  const entries = (await (await admin.get(`/api/banlists/${DATE}`)).json()) as BanlistEntry[];
  const reasons = new Map(entries.map((e) => [e.cardId, e.reason]));
  expect(saved.size).toBeGreaterThan(0);
  for (const [cardId, reason] of saved) expect(reasons.get(cardId), `card ${cardId}`).toBe(reason);
}, 120_000);
