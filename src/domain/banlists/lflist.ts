/**
 * EDOPro `.lflist.conf` codec (design/edopro.md §1). Pure string processing: shared by server and browser.
 * Parsing mirrors EDOPro's DeckManager::LoadLFListSingle line by line so that our hashes equal the ones
 * EDOPro puts in HostInfo.lflist; anything EDOPro silently ignores is ignored here too (and counted).
 */

export interface LflistEntry {
  code: number;
  /** As parsed: 0..3 normally, -1 in the Rush prerelease list, point values in $genesys files. */
  count: number;
}

export interface Lflist {
  /** Rest of the `!` line, not trimmed (EDOPro does not trim it). */
  name: string;
  whitelist: boolean;
  /**
   * A `$genesys` line: a points list (ProjectIgnis' genesys branch; counts are point values, not copies).
   * EDOPro master skips the line; we keep it so the list stays a points list on export.
   */
  genesys: boolean;
  /** One per distinct code, last count wins, in order of first appearance. */
  entries: LflistEntry[];
  /**
   * Entry lines overridden by a later line of the same code, in file order. EDOPro's map forgets them but its
   * hash XORs them, so they are part of the list's identity: hash === lflistHash([...shadowedLines, ...entries]).
   */
  shadowedLines: LflistEntry[];
  /** uint32, over every parsed entry line (duplicates included), as EDOPro computes it. */
  hash: number;
}

export interface LflistParseResult {
  lists: Lflist[];
  /**
   * Non-empty, non-comment lines that were not a `!` list start, not `$whitelist` or `$genesys`, and did not yield
   * an entry (junk, other `$...` lines, `--StartDate`, code 0, tab separators, ...). Every such line before the
   * first `!` counts too, even a well-formed entry, because EDOPro drops it; a `$whitelist` or `$genesys` before
   * the first `!` does not count (a known directive, merely lost when `!` resets the list).
   */
  skippedLines: number;
}

const HASH_SEED = 0x7dfcee6a;
const UINT32_MAX = 0xffffffff;
const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

// C isspace() minus '\n' (lines never contain one); std::stoul/stol skip these before the number.
const C_SPACE = new Set([' ', '\t', '\v', '\f', '\r']);
const COUNT_CHARS = '-0123456789';

// Counts for which both shift amounts (27+count, 5-count) are >= 0 and the term is reproducible.
const HASH_COUNT_MIN = -27;
const HASH_COUNT_MAX = 5;

/**
 * XOR term of one entry line. Inside [-27, 5] JS's 5-bit shift masking gives the same bits as a true
 * shift (a shift by exactly 32 only ever ORs `code` with itself). Outside it EDOPro's expression is C++ UB
 * (only $genesys point files get there); PARSED-SUMMARY.json, our reference, leaves such lines out of the
 * hash (its Genesys hash matches only that way), so we do too rather than guess a compiler's UB.
 */
function hashTerm(code: number, count: number): number {
  if (count < HASH_COUNT_MIN || count > HASH_COUNT_MAX) return 0;
  return ((code << 18) | (code >>> 14)) ^ ((code << (27 + count)) | (code >>> (5 - count)));
}

/** EDOPro list hash over entries in order; pass every parsed line (duplicates included) to match EDOPro. */
export function lflistHash(entries: readonly LflistEntry[]): number {
  let hash = HASH_SEED;
  for (const { code, count } of entries) hash ^= hashTerm(code, count);
  return hash >>> 0;
}

/**
 * The hash EDOPro gives the file `serializeLflist` writes for this list: its entries plus the shadowed lines
 * still written (those of codes that are still entries).
 */
export function exportedHash(list: { entries: readonly LflistEntry[]; shadowedLines?: readonly LflistEntry[] }): number {
  return lflistHash([...keptShadowedLines(list), ...list.entries]);
}

/** Shadowed lines whose code is still an entry: a card that left the list takes its earlier lines with it. */
function keptShadowedLines(list: { entries: readonly LflistEntry[]; shadowedLines?: readonly LflistEntry[] }): LflistEntry[] {
  if (!list.shadowedLines?.length) return [];
  const codes = new Set(list.entries.map((e) => e.code));
  return list.shadowedLines.filter((l) => codes.has(l.code));
}

/**
 * std::stoul / std::stol on a whole substring: leading C whitespace, optional sign, at least one digit,
 * trailing junk ignored. Returns undefined where C++ throws (no digits, out of range). Ranges are those of
 * a 32-bit `long` (Windows builds), the narrower choice, so a value is never accepted on one platform only.
 */
function parseCLong(s: string): { value: number; negative: boolean } | undefined {
  let i = 0;
  while (i < s.length && C_SPACE.has(s[i]!)) i++;
  let negative = false;
  if (s[i] === '+' || s[i] === '-') {
    negative = s[i] === '-';
    i++;
  }
  const start = i;
  while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
  if (i === start) return undefined;
  // Strip leading zeros before the length check so "07563579" and long zero runs stay exact.
  const digits = s.slice(start, i).replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return undefined;
  return { value: Number(digits), negative };
}

function stoulUint32(s: string): number | undefined {
  const r = parseCLong(s);
  if (!r || r.value > UINT32_MAX) return undefined;
  // strtoul negates "-N" in unsigned arithmetic; the code is then used as uint32.
  return r.negative ? (-r.value >>> 0) : r.value;
}

function stolInt32(s: string): number | undefined {
  const r = parseCLong(s);
  if (!r) return undefined;
  const value = r.negative ? 0 - r.value : r.value; // 0 - x: no -0 from "-0"
  return value < INT32_MIN || value > INT32_MAX ? undefined : value;
}

/** Entry line per §1.2 rule 6; undefined when EDOPro would skip it (exception swallowed or code 0). */
function parseEntryLine(line: string): LflistEntry | undefined {
  const p = line.indexOf(' ');
  if (p < 0) return undefined; // TAB separator or no separator at all
  const code = stoulUint32(line.slice(0, p));
  if (code === undefined || code === 0) return undefined;
  // Count substring starts AT the space (stol skips it) and ends at the first char not in "-0123456789"
  // searched from p+1, so a second space yields " " and throws.
  let q = p + 1;
  while (q < line.length && COUNT_CHARS.includes(line[q]!)) q++;
  const count = stolInt32(line.slice(p, q));
  if (count === undefined) return undefined;
  return { code, count };
}

interface ListBuilder {
  name: string;
  whitelist: boolean;
  genesys: boolean;
  counts: Map<number, number>;
  /** every entry line, in file order */
  lines: LflistEntry[];
  hash: number;
}

function finish(b: ListBuilder): Lflist {
  // a line is shadowed when a later line has the same code: count each code's lines, keep all but the last
  const left = new Map<number, number>();
  for (const { code } of b.lines) left.set(code, (left.get(code) ?? 0) + 1);
  const shadowedLines: LflistEntry[] = [];
  for (const line of b.lines) {
    const n = left.get(line.code)!;
    left.set(line.code, n - 1);
    if (n > 1) shadowedLines.push(line);
  }
  return {
    name: b.name,
    whitelist: b.whitelist,
    genesys: b.genesys,
    entries: [...b.counts].map(([code, count]) => ({ code, count })),
    shadowedLines,
    hash: b.hash >>> 0,
  };
}

/** Parses every list of a file (a file may hold several `!` lists, e.g. YGOPro's multi-list lflist.conf). */
export function parseLflist(text: string): LflistParseResult {
  const lists: Lflist[] = [];
  let current: ListBuilder | undefined;
  let skippedLines = 0;

  for (const raw of text.split('\n')) {
    // getline splits on '\n'; EDOPro then drops everything from the first '\r' (CRLF files are fine).
    const cr = raw.indexOf('\r');
    const line = cr < 0 ? raw : raw.slice(0, cr);
    if (line === '' || line[0] === '#') continue;
    if (line[0] === '!') {
      if (current) lists.push(finish(current));
      current = { name: line.slice(1), whitelist: false, genesys: false, counts: new Map(), lines: [], hash: HASH_SEED };
      continue;
    }
    if (line.startsWith('$whitelist')) {
      if (current) current.whitelist = true;
      continue;
    }
    if (line.startsWith('$genesys')) {
      if (current) current.genesys = true;
      continue;
    }
    const entry = current ? parseEntryLine(line) : undefined;
    if (!current || !entry) {
      skippedLines++;
      continue;
    }
    // Map keeps the last count (and first position); the hash still XORs every line, like EDOPro.
    current.counts.set(entry.code, entry.count);
    current.lines.push(entry);
    current.hash ^= hashTerm(entry.code, entry.count);
  }
  if (current) lists.push(finish(current));
  return { lists, skippedLines };
}

const GROUPS: readonly { header: string; count?: number }[] = [
  { header: '#Forbidden', count: 0 },
  { header: '#Limited', count: 1 },
  { header: '#Semi-limited', count: 2 },
  { header: '#Unlimited', count: 3 },
  { header: '#Other' },
];

export const SHADOWED_LINES_HEADER = '#Earlier lines of the imported list, kept for its EDOPro hash (the later line of each card decides)';

// A line break inside a name would start a new line (and could inject a `!` list), so flatten it.
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, ' ');
}

/** The point-value heading of a $genesys list, as ProjectIgnis writes it ("# 1 Point", "# 3 Points"). */
const pointsHeader = (points: number) => `# ${points} Point${points === 1 ? '' : 's'}`;

type SerializedEntry = { code: number; count: number; name?: string };

function checkEntry({ code, count }: LflistEntry): void {
  if (!Number.isInteger(code) || code < 1 || code > UINT32_MAX) throw new RangeError(`Invalid card code: ${code}`);
  if (!Number.isInteger(count) || count < INT32_MIN || count > INT32_MAX) {
    throw new RangeError(`Invalid count for ${code}: ${count}`);
  }
}

/**
 * Writes one list in the ProjectIgnis layout: copy-count groups, or point groups for a `$genesys` list. Only
 * non-empty groups get a header. Shadowed lines (kept from an import, see Lflist.shadowedLines) come first, so
 * that each card's entry line, written later, is the one EDOPro keeps while its hash still XORs both; those of
 * codes no longer among the entries are dropped. Throws RangeError for entries EDOPro would drop or misread
 * (code outside 1..uint32, non-int32 count) or a code listed twice, rather than exporting a silently different list.
 */
export function serializeLflist(list: {
  name: string;
  whitelist: boolean;
  genesys?: boolean;
  entries: SerializedEntry[];
  shadowedLines?: LflistEntry[];
}): string {
  const seen = new Set<number>();
  for (const e of list.entries) {
    checkEntry(e);
    if (seen.has(e.code)) throw new RangeError(`Card code listed twice: ${e.code}`);
    seen.add(e.code);
  }
  const shadowed = keptShadowedLines(list);
  for (const e of shadowed) checkEntry(e);

  const line = (e: SerializedEntry) => (e.name ? `${e.code} ${e.count} --${oneLine(e.name)}` : `${e.code} ${e.count}`);
  const name = oneLine(list.name);
  const lines = [`#[${name}]`, `!${name}`];
  if (list.genesys) lines.push('$genesys');
  if (list.whitelist) lines.push('$whitelist');
  if (shadowed.length > 0) {
    const names = new Map(list.entries.map((e) => [e.code, e.name]));
    lines.push(SHADOWED_LINES_HEADER);
    for (const e of shadowed) lines.push(line({ ...e, name: names.get(e.code) }));
  }
  if (list.genesys) {
    const byPoints = new Map<number, SerializedEntry[]>();
    for (const e of list.entries) {
      const group = byPoints.get(e.count);
      if (group) group.push(e);
      else byPoints.set(e.count, [e]);
    }
    for (const points of [...byPoints.keys()].sort((a, b) => a - b)) {
      lines.push(pointsHeader(points));
      for (const e of byPoints.get(points)!) lines.push(line(e));
    }
  } else {
    for (const group of GROUPS) {
      const inGroup = list.entries.filter((e) =>
        group.count === undefined ? e.count < 0 || e.count > 3 : e.count === group.count,
      );
      if (inGroup.length === 0) continue;
      lines.push(group.header);
      for (const e of inGroup) lines.push(line(e));
    }
  }
  return lines.join('\n') + '\n';
}
