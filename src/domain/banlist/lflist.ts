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
  /** One per distinct code, last count wins, in order of first appearance. */
  entries: LflistEntry[];
  /** uint32, over every parsed entry line (duplicates included), as EDOPro computes it. */
  hash: number;
}

export interface LflistParseResult {
  lists: Lflist[];
  /**
   * Non-empty, non-comment lines that were not a `!` list start, not `$whitelist`, and did not yield an entry
   * (junk, `$genesys`, `--StartDate`, code 0, tab separators, ...). Every such line before the first `!` counts
   * too, even a well-formed entry, because EDOPro drops it; a `$whitelist` before the first `!` does not count
   * (it is a known directive, merely lost when `!` resets the list).
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
  counts: Map<number, number>;
  hash: number;
}

function finish(b: ListBuilder): Lflist {
  return {
    name: b.name,
    whitelist: b.whitelist,
    entries: [...b.counts].map(([code, count]) => ({ code, count })),
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
      current = { name: line.slice(1), whitelist: false, counts: new Map(), hash: HASH_SEED };
      continue;
    }
    if (line.startsWith('$whitelist')) {
      if (current) current.whitelist = true;
      continue;
    }
    const entry = current ? parseEntryLine(line) : undefined;
    if (!current || !entry) {
      skippedLines++;
      continue;
    }
    // Map keeps the last count (and first position); the hash still XORs every line, like EDOPro.
    current.counts.set(entry.code, entry.count);
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

// A line break inside a name would start a new line (and could inject a `!` list), so flatten it.
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, ' ');
}

/**
 * Writes one list in the ProjectIgnis layout. Only non-empty groups get a header. Throws RangeError for entries
 * EDOPro would drop or misread (code outside 1..uint32, non-int32 count) rather than exporting a silently
 * different list.
 */
export function serializeLflist(list: {
  name: string;
  whitelist: boolean;
  entries: { code: number; count: number; name?: string }[];
}): string {
  for (const { code, count } of list.entries) {
    if (!Number.isInteger(code) || code < 1 || code > UINT32_MAX) throw new RangeError(`Invalid card code: ${code}`);
    if (!Number.isInteger(count) || count < INT32_MIN || count > INT32_MAX) {
      throw new RangeError(`Invalid count for ${code}: ${count}`);
    }
  }
  const name = oneLine(list.name);
  const lines = [`#[${name}]`, `!${name}`];
  if (list.whitelist) lines.push('$whitelist');
  for (const group of GROUPS) {
    const inGroup = list.entries.filter((e) =>
      group.count === undefined ? e.count < 0 || e.count > 3 : e.count === group.count,
    );
    if (inGroup.length === 0) continue;
    lines.push(group.header);
    for (const e of inGroup) {
      lines.push(e.name ? `${e.code} ${e.count} --${oneLine(e.name)}` : `${e.code} ${e.count}`);
    }
  }
  return lines.join('\n') + '\n';
}
