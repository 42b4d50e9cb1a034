// GET /api/cards (issue 32 §1) over real HTTP on PGlite and PostgreSQL: real cards (every HERO, Magician and
// Blue-Eyes card of the official database), two imported lists, filters together, paging, statuses and 400s.
import { beforeAll, describe, expect, test } from 'vitest';
import type { CardSearchPage } from '../../../domain/api/card-search.ts';
import { apiTest } from '../../test/api-test.ts';
import { importLflist } from '../banlists/banlist-import.ts';
import { cardRowFromJson } from './card-import.ts';
import { officialCards } from './cdb-fixture.ts';
import * as CardsRepository from './cards-repository.ts';

const DARK_MAGICIAN = 46986414;
const BLUE_EYES = 89631139;
const AVIAN = 21844576; // Elemental HERO Avian (0x3008)
const PLASMA = 83965310; // Destiny HERO - Plasma (0xc008)
const isHero = (codes: number[] | undefined) => (codes ?? []).some((c) => (c & 0xfff) === 0x8);
const cards = () => officialCards().filter((c) => isHero(c.setcodes) || /Magician|Blue-Eyes/.test(c.name));

const { server } = apiTest();
beforeAll(async () => {
  const db = server.database.db;
  await CardsRepository.upsertCards(db, cards().map(cardRowFromJson));
  await importLflist(db, `!Old List\n${PLASMA} 0 --Destiny HERO - Plasma\n${DARK_MAGICIAN} 1\n`, { date: '2026-01-01' });
  await importLflist(db, `!New Whitelist\n$whitelist\n${DARK_MAGICIAN} 3\n${AVIAN} 2\n${PLASMA} 1\n`, { date: '2026-06-01' });
}, 60_000);

const get = (query: string) => fetch(`${server.url}/api/cards?${query}`);
const search = async (query: string) => {
  const res = await get(query);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CardSearchPage;
};

describe('GET /api/cards', () => {
  test('name, kind and attribute together, highest ATK first, statuses on the newest list (a whitelist)', async () => {
    const page = await search('q=hero&kind=monster&attribute=light&sort=atk&limit=100');
    const expected = cards().filter((c) => /hero/i.test(c.name) && (c.type & 1) && c.attribute === 0x10 && (c.alias ?? 0) === 0);
    expect(page.total).toBe(expected.length);
    expect(page.banlist).toEqual({ date: '2026-06-01', name: 'New Whitelist', whitelist: true });
    const atks = page.cards.map((c) => (typeof c.atk === 'number' ? c.atk : -1));
    expect(atks).toEqual([...atks].sort((a, b) => b - a));
    expect(page.cards.every((c) => c.passcode > 0 && c.name && c.attribute === 'LIGHT' && c.status === 'NONE')).toBe(true);
  });

  test('an archetype takes its sub-archetypes; pages follow on with the same total', async () => {
    const [first, second, all] = await Promise.all([
      search('archetype=HERO&kind=monster&page=1&limit=5'),
      search('archetype=HERO&kind=monster&page=2&limit=5'),
      search('archetype=0x8&kind=monster&limit=100'),
    ]);
    expect(first.total).toBe(all.total);
    expect([...first.cards, ...second.cards]).toEqual(all.cards.slice(0, 10));
    expect(all.cards.map((c) => c.passcode)).toEqual(expect.arrayContaining([AVIAN, PLASMA]));
    const elemental = await search('archetype=elemental%20hero&limit=100');
    expect(elemental.cards.map((c) => c.passcode)).toContain(AVIAN);
    expect(elemental.cards.map((c) => c.passcode)).not.toContain(PLASMA);
  });

  test('status on a chosen list: forbidden and unlimited on a blacklist, off a whitelist', async () => {
    expect((await search('banlist=2026-01-01&status=forbidden')).cards.map((c) => c.name)).toEqual(['Destiny HERO - Plasma']);
    expect((await search('banlist=2026-01-01&status=limited&q=dark%20magician')).cards.map((c) => c.passcode)).toEqual([DARK_MAGICIAN]);
    const unlimited = await search('banlist=2026-01-01&status=unlimited&q=blue-eyes%20white%20dragon');
    expect(unlimited.cards[0]).toMatchObject({ passcode: BLUE_EYES, status: 'UNLIMITED', typeLine: 'Dragon / Normal', level: 8, atk: 3000, def: 2500 });
    const off = await search('status=not-listed&q=magician&limit=100');
    expect(off.total).toBeGreaterThan(5);
    expect(off.cards.map((c) => c.passcode)).not.toContain(DARK_MAGICIAN);
    // no event recorded: every card's share is 0, so the order is by name
    const meta = await search('sort=meta&subtype=fusion&limit=100');
    expect(meta.cards.every((c) => c.share === 0)).toBe(true);
    expect(meta.cards.map((c) => c.name)).toEqual([...meta.cards.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  test.each([
    ['attribute=DARK&race=Spellcaster', 'attribute=dark&race=spellcaster'],
    ['attribute=Dark&race=SPELLCASTER&kind=Monster&sort=ATK', 'attribute=dark&race=spellcaster&kind=monster&sort=atk'],
    ['subtype=Fusion,EFFECT&kind=MONSTER', 'subtype=fusion,effect&kind=monster'],
    ['race=Warrior&subtype=Normal', 'race=warrior&subtype=normal'],
    ['banlist=2026-01-01&status=LIMITED', 'banlist=2026-01-01&status=limited'],
    ['banlist=2026-06-01&status=Not%20on%20the%20list', 'banlist=2026-06-01&status=not-listed'],
  ])('any letter case, and the names the site prints: %s finds what %s finds', async (spelled, words) => {
    const [a, b] = await Promise.all([search(`${spelled}&limit=100`), search(`${words}&limit=100`)]);
    expect(a.total).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  test('the attribute and type a result prints are words the search takes', async () => {
    const page = await search('q=dark%20magician&kind=monster&limit=1');
    const [race] = page.cards[0]!.typeLine.split(' / ');
    const again = await search(`q=dark%20magician&attribute=${page.cards[0]!.attribute}&race=${encodeURIComponent(race!)}&limit=1`);
    expect(again.cards[0]!.passcode).toBe(page.cards[0]!.passcode);
  });

  test('the archetype names the filter takes, A to Z', async () => {
    const names = (await (await fetch(`${server.url}/api/cards/archetypes`)).json()) as { code: number; name: string }[];
    expect(names).toContainEqual({ code: 0x3008, name: 'Elemental HERO' });
    expect(names.map((n) => n.name)).toEqual([...names.map((n) => n.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  test.each([
    ['kind=dragon', /^kind: must be one of monster, spell or trap \(any letter case\)$/],
    ['attribute=DARKNESS', /^attribute: must be one of earth, water, fire, wind, light, dark or divine \(any letter case\)$/],
    ['subtype=fusion,bogus', /^subtype: must be one of normal, /],
    ['level=abc', /^level: must be a whole number$/],
    ['atkMin=3000&atkMax=1000', /^atkMin: must not be above atkMax$/],
    ['limit=101', /^limit: must be from 1 to 100$/],
    ['kind=monster&kind=spell', /^kind: /],
    ['colour=red', /^query: unknown filter 'colour'/],
    ['archetype=Nonexistent%20Army', /^archetype: EDOPro knows no archetype named 'Nonexistent Army'/],
    ['banlist=2099-01-01', /^banlist: there is no format list of 2099-01-01$/],
    ['banlist=yesterday', /^banlist: must be a list’s date/],
  ])('a bad filter is a 400 naming it: %s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
  });
});
