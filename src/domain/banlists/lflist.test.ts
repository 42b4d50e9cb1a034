import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { exportedHash, lflistHash, parseLflist, serializeLflist, SHADOWED_LINES_HEADER, type Lflist, type LflistEntry } from './lflist.ts';

// Shared data lives next to the repo: /work/shared/data/lflists (../shared/data from the repo root).
const DATA_DIR = new URL('../../../../shared/data/lflists/', import.meta.url);

interface SummaryList {
  name: string;
  hash: number;
  hashHex: string;
  whitelist: boolean;
  entries: number;
}
interface SummaryFile {
  lists: SummaryList[];
  entryLines: number;
  duplicateEntryLines: number;
  crlf: boolean;
}

const summary = JSON.parse(readFileSync(new URL('PARSED-SUMMARY.json', DATA_DIR), 'utf8')) as Record<
  string,
  SummaryFile
>;
const readData = (file: string): string => readFileSync(new URL(file, DATA_DIR), 'utf8');
const parsedFiles = new Map(Object.keys(summary).map((file) => [file, parseLflist(readData(file))]));
const parsedFile = (file: string) => {
  const r = parsedFiles.get(file);
  if (!r) throw new Error(`not parsed: ${file}`);
  return r;
};

const pairs = (entries: readonly LflistEntry[]): [number, number][] => entries.map((e) => [e.code, e.count]);
const asMap = (list: Lflist): Map<number, number> => new Map(pairs(list.entries));
const onlyList = (text: string): Lflist => {
  const { lists } = parseLflist(text);
  expect(lists).toHaveLength(1);
  return lists[0]!;
};

describe('parseLflist on the shared ProjectIgnis / YGOPro files', () => {
  test.each(Object.entries(summary).map(([file, s]) => ({ file, s })))(
    '$file: names, whitelist flags, entry counts and hashes equal PARSED-SUMMARY.json',
    ({ file, s }) => {
      const got = parsedFile(file).lists.map((l) => ({
        name: l.name,
        whitelist: l.whitelist,
        entries: l.entries.length,
        hash: l.hash,
      }));
      expect(got).toEqual(s.lists.map((l) => ({ name: l.name, whitelist: l.whitelist, entries: l.entries, hash: l.hash })));
      // The hex form in the summary must be the same uint32, i.e. we never return a negative hash.
      for (const l of parsedFile(file).lists) expect(l.hash).toBe(l.hash >>> 0);
      // The lines the map forgot are exactly the duplicates, and with the entries they make the hash.
      if (s.lists.length === 1) expect(parsedFile(file).lists[0]!.shadowedLines).toHaveLength(s.duplicateEntryLines);
      for (const l of parsedFile(file).lists) expect(lflistHash([...l.shadowedLines, ...l.entries])).toBe(l.hash);
    },
  );

  test.each([
    { file: '2026.05-TCG.lflist.conf', skipped: 0, why: 'clean ProjectIgnis list' },
    { file: '2020.04-TCG.lflist.conf', skipped: 0, why: 'stray CRs and TABs after the count are harmless' },
    { file: '2005.4-GOAT.lflist.conf', skipped: 0, why: 'TAB-padded comments after the count are harmless' },
    { file: '2010-04-24-Edison-startend.lflist.conf', skipped: 2, why: '--StartDate / --EndDate lines are junk' },
    { file: '2025.07-Speed.lflist.conf', skipped: 5, why: '--SS05 ... section title lines are junk' },
    { file: '2026.06.08-Genesys-points.lflist.conf', skipped: 3, why: '3 lines with two spaces ($genesys is kept)' },
    { file: 'ygopro-multi-list-102-lists.lflist.conf', skipped: 0, why: 'YGOPro dialect is a subset' },
  ])('$file skips $skipped line(s): $why', ({ file, skipped }) => {
    expect(parsedFile(file).skippedLines).toBe(skipped);
  });

  test('known hash: 2026.05 TCG is 0xe7305861', () => {
    const [list] = parsedFile('2026.05-TCG.lflist.conf').lists;
    expect(list?.name).toBe('2026.05 TCG');
    expect(list?.hash).toBe(0xe7305861);
  });

  test('Rush prerelease: the "1 -1" anti-collision line is kept with its negative count', () => {
    const [list] = parsedFile('2026.07.01-Rush-Prereleases.lflist.conf').lists;
    expect(list?.entries.find((e) => e.code === 1)).toEqual({ code: 1, count: -1 });
  });
});

/**
 * What the site stores of an imported list (banlist rows: code and count per card; the list's name, flags and
 * shadowed lines), through JSON as a database column would hold it, without anything else of the parse.
 */
const stored = (list: Lflist) =>
  JSON.parse(
    JSON.stringify({
      name: list.name,
      whitelist: list.whitelist,
      genesys: list.genesys,
      entries: list.entries.map(({ code, count }) => ({ code, count })),
      shadowedLines: list.shadowedLines,
    }),
  ) as Parameters<typeof serializeLflist>[0] & { shadowedLines: LflistEntry[] };

describe('import, store, export: every shared list keeps its EDOPro hash (identity between host and players)', () => {
  const cases = Object.keys(summary).flatMap((file) =>
    parsedFile(file).lists.map((list, index) => ({
      label: `${file} #${index} ${list.name}`,
      list,
      expected: summary[file]!.lists[index]!,
    })),
  );

  test.each(cases)('$label', ({ list, expected }) => {
    const text = serializeLflist(stored(list));
    const result = parseLflist(text);
    expect(result.skippedLines).toBe(0);
    expect(result.lists).toHaveLength(1);
    const back = result.lists[0]!;
    expect(back.hash).toBe(expected.hash);
    expect(exportedHash(stored(list))).toBe(expected.hash);
    expect(back.name).toBe(list.name);
    expect(back.whitelist).toBe(list.whitelist);
    expect(back.genesys).toBe(list.genesys);
    expect(asMap(back)).toEqual(asMap(list));
    expect(back.shadowedLines).toEqual(list.shadowedLines);
  });

  test('GOAT, Speed and Rush are the lists with duplicate lines; written once each, their hashes would differ', () => {
    for (const file of ['2005.4-GOAT.lflist.conf', '2025.07-Speed.lflist.conf', '2026.07.01-Rush-Prereleases.lflist.conf']) {
      const [list] = parsedFile(file).lists;
      expect(list!.shadowedLines.length).toBeGreaterThan(0);
      expect(lflistHash(list!.entries)).not.toBe(list!.hash);
    }
  });

  test("Rush's anti-collision line \"1 -1\" is exported as it was", () => {
    const [list] = parsedFile('2026.07.01-Rush-Prereleases.lflist.conf').lists;
    expect(serializeLflist(stored(list!)).split('\n')).toContain('1 -1');
  });
});

describe('a $genesys points list', () => {
  const [genesys] = parsedFile('2026.06.08-Genesys-points.lflist.conf').lists;

  test('parses as a points list: the $genesys line is understood and the counts are the point values', () => {
    expect(genesys).toMatchObject({ name: '2026.06.08 Genesys', genesys: true, whitelist: false });
    expect(asMap(genesys!).get(4031928)).toBe(3); // Change of Heart: 3 points
    expect(asMap(genesys!).get(87602890)).toBe(100); // Zaborg the Mega Monarch: 100 points
  });

  test('exports its $genesys line and its point values, grouped under point headings', () => {
    const text = serializeLflist({ ...stored(genesys!), entries: [{ code: 4031928, count: 3, name: 'Change of Heart' }, { code: 34267821, count: 1 }, { code: 87602890, count: 100 }] });
    expect(text).toBe(
      [
        '#[2026.06.08 Genesys]',
        '!2026.06.08 Genesys',
        '$genesys',
        '# 1 Point',
        '34267821 1',
        '# 3 Points',
        '4031928 3 --Change of Heart',
        '# 100 Points',
        '87602890 100',
        '',
      ].join('\n'),
    );
  });

  test('round trip of the whole list: every point value, and still a points list', () => {
    const back = onlyList(serializeLflist(stored(genesys!)));
    expect(back.genesys).toBe(true);
    expect(pairs(back.entries).sort((a, b) => a[0] - b[0])).toEqual(pairs(genesys!.entries).sort((a, b) => a[0] - b[0]));
  });
});

describe('a list edited on the site (decision 027)', () => {
  const [speed] = parsedFile('2025.07-Speed.lflist.conf').lists;
  // 17626381 is listed 3 then 2: one shadowed line
  const CODE = 17626381;

  test('the edited card\'s line changes, its earlier line stays: the hash is what EDOPro computes from the file', () => {
    const edited = stored(speed!);
    edited.entries = edited.entries.map((e) => (e.code === CODE ? { ...e, count: 0 } : e));
    const back = onlyList(serializeLflist(edited));
    expect(asMap(back).get(CODE)).toBe(0);
    expect(back.shadowedLines).toContainEqual({ code: CODE, count: 3 });
    expect(back.hash).toBe(exportedHash(edited));
    expect(back.hash).not.toBe(speed!.hash);
    expect(back.hash).toBe(lflistHash([...speed!.shadowedLines, ...edited.entries]));
  });

  test('a card that leaves the list takes its earlier lines with it (they would otherwise become its entry)', () => {
    const edited = stored(speed!);
    edited.entries = edited.entries.filter((e) => e.code !== CODE);
    const back = onlyList(serializeLflist(edited));
    expect(asMap(back).has(CODE)).toBe(false);
    expect(back.shadowedLines.some((l) => l.code === CODE)).toBe(false);
    expect(back.hash).toBe(exportedHash(edited));
  });

  test('an unedited list exports with its imported hash', () => {
    expect(onlyList(serializeLflist(stored(speed!))).hash).toBe(speed!.hash);
  });
});

describe('parseLflist line rules (design/edopro.md §1.2)', () => {
  test.each([
    { why: 'plain entries', body: '100 0\n200 1\n300 2\n400 3', entries: [[100, 0], [200, 1], [300, 2], [400, 3]], skipped: 0 },
    { why: 'TAB separator: no real space, skipped', body: '100\t1', entries: [], skipped: 1 },
    { why: 'TABs after the count are ignored', body: '100 1\t\t\tMAIN DECK', entries: [[100, 1]], skipped: 0 },
    { why: 'leading space: empty code substring, skipped', body: ' 100 1', entries: [], skipped: 1 },
    { why: 'two spaces: count substring is " ", skipped', body: '100  1 -- Name', entries: [], skipped: 1 },
    { why: 'code 0 is skipped', body: '0 1\n000 3', entries: [], skipped: 2 },
    { why: 'junk text with a space: non-numeric code', body: 'hello world', entries: [], skipped: 1 },
    { why: 'junk text without a space', body: 'junk', entries: [], skipped: 1 },
    { why: 'non-numeric code', body: 'abc 1', entries: [], skipped: 1 },
    { why: 'stoul stops at the first non-digit: "12a" is code 12', body: '12a 1', entries: [[12, 1]], skipped: 0 },
    { why: 'stoul skips a leading TAB before the code', body: '\t100 1', entries: [[100, 1]], skipped: 0 },
    { why: 'code above uint32 is out of range, skipped', body: '99999999999 1', entries: [], skipped: 1 },
    { why: 'missing count', body: '100 \n100', entries: [], skipped: 2 },
    { why: '--Name right after the space is not a count', body: '100 --Name', entries: [], skipped: 1 },
    { why: '"+1" is not a count ("+" ends the count chars)', body: '100 +1', entries: [], skipped: 1 },
    { why: 'a lone "-" is not a count', body: '100 -', entries: [], skipped: 1 },
    { why: '$genesys is a known directive (a points list), not a skipped line', body: '$genesys\n100 1', entries: [[100, 1]], skipped: 0 },
    { why: 'another $ line is skipped', body: '$points 100\n100 1', entries: [[100, 1]], skipped: 1 },
    { why: 'leading zeros in the code are fine', body: '07563579 1', entries: [[7563579, 1]], skipped: 0 },
    { why: '--Name comment is ignored', body: '100 2 --Some Card 3', entries: [[100, 2]], skipped: 0 },
    { why: 'count chars stop at the first other char', body: '100 1--x', entries: [[100, 1]], skipped: 0 },
    { why: 'negative count is kept', body: '1 -1', entries: [[1, -1]], skipped: 0 },
    { why: 'count above 3 is kept as parsed', body: '100 20', entries: [[100, 20]], skipped: 0 },
    { why: 'comments and empty lines are not skipped lines', body: '#Forbidden\n# 1 Point\n\n\r\n100 0', entries: [[100, 0]], skipped: 0 },
    { why: 'CRLF endings: everything from "\\r" is dropped', body: '100 1\r\n200 2\r\n', entries: [[100, 1], [200, 2]], skipped: 0 },
    { why: 'duplicate code: last count wins, first position kept', body: '100 1\n200 2\n100 3', entries: [[100, 3], [200, 2]], skipped: 0 },
  ])('$why', ({ body, entries, skipped }) => {
    const result = parseLflist(`#[T]\n!T\n${body}\n`);
    expect(result.lists).toHaveLength(1);
    expect(pairs(result.lists[0]!.entries)).toEqual(entries);
    expect(result.skippedLines).toBe(skipped);
  });

  test.each([
    { why: 'duplicate lines are both hashed', body: '100 1\n100 2', lines: [[100, 1], [100, 2]] },
    { why: 'an identical duplicate line cancels itself out of the XOR', body: '100 1\n200 0\n100 1', lines: [[100, 1], [200, 0], [100, 1]] },
    { why: 'skipped lines are not hashed', body: '100 1\n100\t2\n 100 3\n100  3', lines: [[100, 1]] },
    { why: 'negative count hashes with shifts 26 and 6', body: '1 -1', lines: [[1, -1]] },
  ])('hash: $why', ({ body, lines }) => {
    const list = onlyList(`!T\n${body}`);
    expect(list.hash).toBe(lflistHash(lines.map(([code, count]) => ({ code: code!, count: count! }))));
  });

  test('duplicate code: hash differs from the hash of the deduplicated entries', () => {
    const list = onlyList('!T\n100 1\n100 2');
    expect(list.hash).not.toBe(lflistHash(list.entries));
  });

  test.each([
    { why: 'empty text', text: '', names: [], skipped: 0 },
    { why: 'entry lines before the first "!" are dropped and counted', text: '100 1\n!A\n200 2', names: ['A'], skipped: 1 },
    { why: 'junk before the first "!" is counted', text: 'hello\n!A', names: ['A'], skipped: 1 },
    { why: '"#[...]" header before "!" is a comment', text: '#[A]\n!A', names: ['A'], skipped: 0 },
    { why: 'each "!" starts a list', text: '!A\n100 1\n!B\n200 2\n!C', names: ['A', 'B', 'C'], skipped: 0 },
    { why: 'the name is not trimmed', text: '!  spaced name \t', names: ['  spaced name \t'], skipped: 0 },
    { why: 'an empty name is allowed', text: '!\n100 1', names: [''], skipped: 0 },
    { why: 'CR is cut from the name', text: '!A\r\n', names: ['A'], skipped: 0 },
  ])('lists: $why', ({ text, names, skipped }) => {
    const result = parseLflist(text);
    expect(result.lists.map((l) => l.name)).toEqual(names);
    expect(result.skippedLines).toBe(skipped);
  });

  test.each([
    { why: '$genesys after "!" marks a points list', text: '!A\n$genesys\n100 3', genesys: [true] },
    { why: '$genesys before "!" is lost when "!" resets the list', text: '$genesys\n!A', genesys: [false] },
    { why: 'the flag does not leak into the next list', text: '!A\n$genesys\n!B', genesys: [true, false] },
  ])('genesys: $why', ({ text, genesys }) => {
    const result = parseLflist(text);
    expect(result.lists.map((l) => l.genesys)).toEqual(genesys);
    expect(result.skippedLines).toBe(0);
  });

  test.each([
    { why: 'no duplicates: nothing shadowed', body: '100 1\n200 2', shadowed: [] },
    { why: 'the earlier line of a code is shadowed, in file order', body: '100 3\n200 2\n300 3\n100 1\n300 0', shadowed: [[100, 3], [300, 3]] },
    { why: 'a code listed three times: the first two', body: '100 3\n100 2\n100 1', shadowed: [[100, 3], [100, 2]] },
    { why: 'an identical duplicate is shadowed too (it cancels out of the XOR)', body: '100 1\n100 1', shadowed: [[100, 1]] },
    { why: 'skipped lines are never shadowed lines', body: '100 1\n100\t2\n100  3', shadowed: [] },
  ])('shadowed lines: $why', ({ body, shadowed }) => {
    const list = onlyList(`!T\n${body}`);
    expect(pairs(list.shadowedLines)).toEqual(shadowed);
    expect(lflistHash([...list.shadowedLines, ...list.entries])).toBe(list.hash);
  });

  test('entries go to their own list', () => {
    const { lists } = parseLflist('!A\n100 1\n!B\n200 2\n100 0');
    expect(lists.map((l) => pairs(l.entries))).toEqual([[[100, 1]], [[200, 2], [100, 0]]]);
  });

  test.each([
    { why: '$whitelist after "!" marks the list', text: '!A\n$whitelist\n100 3', whitelist: [true], skipped: 0 },
    { why: 'anything starting with $whitelist counts', text: '!A\n$whitelisted', whitelist: [true], skipped: 0 },
    { why: '$whitelist before "!" is lost when "!" resets the list', text: '$whitelist\n!A', whitelist: [false], skipped: 0 },
    { why: 'the flag does not leak into the next list', text: '!A\n$whitelist\n!B', whitelist: [true, false], skipped: 0 },
    { why: '$genesys does not make a whitelist', text: '!A\n$genesys', whitelist: [false], skipped: 0 },
    { why: 'a "#$whitelist" comment is just a comment', text: '!A\n#$whitelist', whitelist: [false], skipped: 0 },
  ])('whitelist: $why', ({ text, whitelist, skipped }) => {
    const result = parseLflist(text);
    expect(result.lists.map((l) => l.whitelist)).toEqual(whitelist);
    expect(result.skippedLines).toBe(skipped);
  });
});

describe('lflistHash', () => {
  test('no entries: the EDOPro seed', () => {
    expect(lflistHash([])).toBe(0x7dfcee6a);
  });

  test('one entry follows the formula in uint32', () => {
    const code = 21044178;
    const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;
    // For count 0..4 the two terms are rotations by 18 and 27+count.
    expect(lflistHash([{ code, count: 0 }])).toBe((0x7dfcee6a ^ rotl(code, 18) ^ rotl(code, 27)) >>> 0);
    expect(lflistHash([{ code, count: 2 }])).toBe((0x7dfcee6a ^ rotl(code, 18) ^ rotl(code, 29)) >>> 0);
    // count -1: shifts 26 and 6, still a rotation.
    expect(lflistHash([{ code, count: -1 }])).toBe((0x7dfcee6a ^ rotl(code, 18) ^ rotl(code, 26)) >>> 0);
  });

  test('order of entries does not matter (XOR)', () => {
    const a = [{ code: 1, count: 0 }, { code: 2, count: 1 }, { code: 3, count: 2 }];
    expect(lflistHash(a)).toBe(lflistHash([...a].reverse()));
  });

  test.each([
    { why: 'count 6 (Genesys points) is outside the reproducible domain', count: 6 },
    { why: 'count 100 (Genesys points)', count: 100 },
    { why: 'count -28', count: -28 },
  ])('a line whose shifts are C++ UB leaves the hash unchanged, as in PARSED-SUMMARY: $why', ({ count }) => {
    expect(lflistHash([{ code: 12345678, count }])).toBe(0x7dfcee6a);
  });
});

describe('serializeLflist', () => {
  test('writes the ProjectIgnis layout, grouped by count, LF and trailing newline', () => {
    const text = serializeLflist({
      name: '2026.05 Test',
      whitelist: true,
      entries: [
        { code: 400, count: 3, name: 'Unlimited Card' },
        { code: 100, count: 0, name: 'Forbidden Card' },
        { code: 1, count: -1 },
        { code: 200, count: 1 },
        { code: 300, count: 2, name: 'Semi Card' },
        { code: 101, count: 0, name: '' },
      ],
    });
    expect(text).toBe(
      [
        '#[2026.05 Test]',
        '!2026.05 Test',
        '$whitelist',
        '#Forbidden',
        '100 0 --Forbidden Card',
        '101 0',
        '#Limited',
        '200 1',
        '#Semi-limited',
        '300 2 --Semi Card',
        '#Unlimited',
        '400 3 --Unlimited Card',
        '#Other',
        '1 -1',
        '',
      ].join('\n'),
    );
  });

  test('shadowed lines come first, with the card name, so each card\'s own line is the one EDOPro keeps', () => {
    const text = serializeLflist({
      name: 'S',
      whitelist: true,
      entries: [{ code: 100, count: 1, name: 'Hundred' }, { code: 200, count: 3 }],
      shadowedLines: [{ code: 100, count: 3 }, { code: 999, count: 2 }],
    });
    expect(text).toBe(['#[S]', '!S', '$whitelist', SHADOWED_LINES_HEADER, '100 3 --Hundred', '#Limited', '100 1 --Hundred', '#Unlimited', '200 3', ''].join('\n'));
    const back = onlyList(text);
    expect(pairs(back.entries)).toEqual([[100, 1], [200, 3]]);
    expect(back.hash).toBe(lflistHash([{ code: 100, count: 3 }, { code: 100, count: 1 }, { code: 200, count: 3 }]));
  });

  test('a code given twice as an entry is refused: the file would carry a line the list does not have', () => {
    expect(() => serializeLflist({ name: 'X', whitelist: false, entries: [{ code: 5, count: 1 }, { code: 5, count: 2 }] })).toThrow(RangeError);
  });

  test('no $whitelist line and no headers for empty groups', () => {
    expect(serializeLflist({ name: 'B', whitelist: false, entries: [{ code: 5, count: 1 }] })).toBe(
      '#[B]\n!B\n#Limited\n5 1\n',
    );
    expect(serializeLflist({ name: 'Empty', whitelist: false, entries: [] })).toBe('#[Empty]\n!Empty\n');
  });

  test.each([
    { why: 'a line break in the list name', name: 'A\r\n!Evil', cardName: undefined },
    { why: 'a line break in a card name', name: 'A', cardName: 'x\n999 0' },
  ])('cannot inject lines: $why', ({ name, cardName }) => {
    const result = parseLflist(
      serializeLflist({ name, whitelist: false, entries: [{ code: 5, count: 1, name: cardName }] }),
    );
    expect(result.lists).toHaveLength(1);
    expect(pairs(result.lists[0]!.entries)).toEqual([[5, 1]]);
    expect(result.skippedLines).toBe(0);
  });

  test.each([
    { why: 'code 0 would be dropped by EDOPro', code: 0, count: 1 },
    { why: 'negative code', code: -5, count: 1 },
    { why: 'code above uint32', code: 2 ** 32, count: 1 },
    { why: 'fractional code', code: 1.5, count: 1 },
    { why: 'fractional count', code: 5, count: 0.5 },
    { why: 'NaN count', code: 5, count: Number.NaN },
  ])('rejects entries EDOPro would misread: $why', ({ code, count }) => {
    expect(() => serializeLflist({ name: 'X', whitelist: false, entries: [{ code, count }] })).toThrow(RangeError);
  });
});
