import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseLflist } from '../banlists/lflist.ts';
import { SERIES_DEFAULTS } from '../series/defaults.ts';
import { buildYdke, parseYdke } from './ydke.ts';
import { parseYdk } from './ydk.ts';
import { BANLIST_PROBLEM_CODES, deckBanlistFromLflist, validateDeck, type DeckBanlist, type DeckProblem, type DeckSettings } from './validate-deck.ts';
import type { DeckCard } from './classify-deck.ts';

// Real decks, lists and cards next to the repo (/work/shared/data = ../shared/data from the repo root).
const DATA = new URL('../../../../shared/data/', import.meta.url);
const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, DATA), 'utf8')) as T;

interface ManifestDeck {
  file: string;
  crlf: boolean;
  main: number;
  extra: number;
  side: number;
  unknownIds: number[];
  /** Per list file: 'LEGAL', or the EDOPro-style errors joined by ',' ('LFLIST', 'UNKNOWN_IDS'). */
  edoproCheck: Record<string, string>;
  ydke: string;
}

const manifest = readJson<ManifestDeck[]>('decks/MANIFEST.json');

// Loaded once for the whole file (~11 MB of JSON, well under a second). Official cards, the GOAT-era versions
// and the unofficial Pre-Errata cards the GOAT list names; later files never replace an official row.
const cards = new Map<number, DeckCard>();
for (const file of ['cards-official.json', 'cards-goat-entries.json', 'cards-unofficial.json']) {
  for (const { id, alias, type, name } of readJson<DeckCard[]>(`cards/${file}`)) {
    if (!cards.has(id)) cards.set(id, { id, alias, type, name });
  }
}
const idMappings = new Map<number, number>();
for (const file of ['mappings-DeltaUtopia.json', 'mappings-DeltaPuppetOfStrings.json', 'mappings-DeltaBagooska.json']) {
  for (const [from, to] of readJson<{ mappings: [number, number][] }>(`cards/${file}`).mappings) idMappings.set(from, to);
}

const listFiles = Object.keys(manifest[0]!.edoproCheck);
const banlists = new Map<string, DeckBanlist>(
  listFiles.map((file) => {
    const { lists } = parseLflist(readFileSync(new URL(`lflists/${file}`, DATA), 'utf8'));
    expect(lists).toHaveLength(1);
    return [file, deckBanlistFromLflist(lists[0]!)];
  }),
);
const deckTexts = new Map(manifest.map((m) => [m.file, readFileSync(new URL(`decks/${m.file}`, DATA), 'utf8')]));
const deckOf = (file: string) => parseYdk(deckTexts.get(file)!).deck;

const SETTINGS: DeckSettings = {
  ...SERIES_DEFAULTS,
  cardTypeFilters: [],
  ruleOptions: [],
};
const validate = (file: string, listFile: string | null): DeckProblem[] =>
  validateDeck(deckOf(file), {
    card: (id) => cards.get(id),
    banlist: listFile ? banlists.get(listFile)! : null,
    settings: SETTINGS,
    idMappings,
  });

/** MANIFEST's vocabulary: LFLIST for a banlist problem, CARDCOUNT for a 4th copy, UNKNOWN_IDS; else LEGAL. */
function verdict(problems: DeckProblem[]): string {
  const kinds: string[] = [];
  if (problems.some((p) => BANLIST_PROBLEM_CODES.has(p.code))) kinds.push('LFLIST');
  if (problems.some((p) => p.code === 'TOO_MANY_COPIES')) kinds.push('CARDCOUNT');
  if (problems.some((p) => p.code === 'UNKNOWN_CARD')) kinds.push('UNKNOWN_IDS');
  return kinds.join(',') || 'LEGAL';
}

/**
 * Verdicts where we knowingly differ from MANIFEST.json, with the reason. Empty: every one of the 348 verdicts
 * agrees. Two that look wrong at first sight and are kept on purpose:
 * - blacklists have no release dates, so AI_Tearlaments (2022+ cards) is LEGAL on "2020.04 TCG": that is
 *   what the list says and what an EDOPro room with it accepts (edopro.md §1.4); era pools need a whitelist;
 * - decks using modern passcodes of cards the GOAT list names by GOAT-era passcodes (Structure Deck - Zombie
 *   Madness: Spirit Reaper, Nobleman of Crossout, Vampire Lord, Pyramid Turtle) stay LFLIST on 2005.4 GOAT,
 *   but with a message naming the passcode to use (see validate-deck.ts).
 */
const OVERRIDES: Record<string, Record<string, { verdict: string; reason: string }>> = {};

const rows = manifest.flatMap((m) =>
  listFiles.map((list) => {
    const override = OVERRIDES[m.file]?.[list];
    return { file: m.file, list, expected: override?.verdict ?? m.edoproCheck[list]!, manifest: m.edoproCheck[list] };
  }),
);

describe('every shared deck against every list gets the MANIFEST.json verdict', () => {
  test('the MANIFEST covers 29 decks and 12 lists, with the verdict values LEGAL, LFLIST and UNKNOWN_IDS', () => {
    expect(manifest).toHaveLength(29);
    expect(listFiles).toHaveLength(12);
    expect(new Set(rows.map((r) => r.manifest))).toEqual(new Set(['LEGAL', 'LFLIST', 'LFLIST,UNKNOWN_IDS', 'UNKNOWN_IDS']));
  });

  test.each(rows)('$file on $list: $expected', ({ file, list, expected }) => {
    expect(verdict(validate(file, list))).toBe(expected);
  });
});

describe('the shared decks themselves', () => {
  test.each(manifest)('$file: sections, CRLF and unknown ids as MANIFEST says', (m) => {
    const d = deckOf(m.file);
    expect([d.main.length, d.extra.length, d.side.length]).toEqual([m.main, m.extra, m.side]);
    expect(deckTexts.get(m.file)!.includes('\r\n')).toBe(m.crlf);
    const unknown = [...new Set([...d.main, ...d.extra, ...d.side])].filter((id) => !cards.has(id));
    expect(unknown).toEqual(m.unknownIds);
  });

  test.each(manifest)('$file: our ydke:// export equals MANIFEST, and reads back to the same deck', (m) => {
    const d = deckOf(m.file);
    expect(buildYdke(d)).toBe(m.ydke);
    expect(parseYdke(m.ydke)).toEqual({ ok: true, deck: d });
  });

  test.each(manifest)('$file: without a banlist, only unknown ids are a problem (sizes and Extra Deck types fine)', (m) => {
    expect(validate(m.file, null).map((p) => p.code)).toEqual(m.unknownIds.map(() => 'UNKNOWN_CARD'));
  });
});

describe('messages on real data', () => {
  test('Structure Deck - Zombie Madness on 2005.4 GOAT names the GOAT passcodes to use', () => {
    const problems = validate('projectignis-distribution/Structure Deck - Zombie Madness.ydk', '2005.4-GOAT.lflist.conf');
    const use = (card: string, goatId: number) =>
      `${card} is not on the 2005.4 GOAT list, which has this card only as ${card.replace(/ \(\d+\)$/, '')} (GOAT) (${goatId}); use that passcode`;
    expect(problems).toEqual([
      { code: 'NOT_ON_LIST', message: use('Vampire Lord (53839837)', 504700087), cardIds: [53839837] },
      { code: 'NOT_ON_LIST', message: use('Pyramid Turtle (77044671)', 504700135), cardIds: [77044671] },
      { code: 'NOT_ON_LIST', message: use('Spirit Reaper (23205979)', 504700038), cardIds: [23205979] },
      { code: 'NOT_ON_LIST', message: use('Nobleman of Crossout (71044499)', 504700116), cardIds: [71044499] },
    ]);
  });

  test('AI_Pumpking on 2026.05 TCG: the unknown card and every banlist problem, each once', () => {
    const problems = validate('iceygo-windbot/AI_Pumpking.ydk', '2026.05-TCG.lflist.conf');
    expect(problems[0]).toEqual({ code: 'UNKNOWN_CARD', message: 'Card 29081251 is not in the card database', cardIds: [29081251] });
    expect(problems.slice(1).every((p) => BANLIST_PROBLEM_CODES.has(p.code))).toBe(true);
    expect(new Set(problems.map((p) => p.message)).size).toBe(problems.length);
  });
});
