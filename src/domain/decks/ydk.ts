/**
 * `.ydk` codec (design/edopro.md §2.1-2.2). Parsing mirrors EDOPro's LoadCardList on the deck editor path
 * (`separated = true`): `#extra` is honoured, so what a player sees in the editor is what we read.
 */
import { assertPasscodes, UINT32_MAX, type Deck } from './deck.ts';

export interface YdkBadNumber {
  /** 1-based line number. */
  line: number;
  text: string;
}

export interface YdkParseResult {
  deck: Deck;
  /**
   * Lines whose number is not a plain uint32: above 4294967295 (EDOPro drops the line on Windows and
   * truncates it on Linux) or negative (stoul wraps "-1" to 4294967295, which is kept in the deck as EDOPro
   * does). Reported so that a caller can refuse them instead of loading a silently different deck.
   */
  badNumbers: YdkBadNumber[];
}

// C isspace() without '\n' and '\r', which never survive the line split; stoul skips these first.
const C_SPACE = new Set([' ', '\t', '\v', '\f']);
const HAS_DIGIT = /[0-9]/;

/** A parsed number; `wrapped` when it was negative and stoul wrapped it modulo 2^32. */
type Stoul = { code: number; wrapped: boolean } | 'out-of-range' | undefined;

/**
 * std::stoul on a whole line, read as EDOPro's static_cast<uint32_t>: leading whitespace, optional sign,
 * digits, junk after them ignored. undefined where stoul throws (no leading number) or the magnitude does
 * not fit 32 bits (the narrower, Windows reading, as in lflist.ts).
 */
function stoul(line: string): Stoul {
  let i = 0;
  while (i < line.length && C_SPACE.has(line[i]!)) i++;
  let negative = false;
  if (line[i] === '+' || line[i] === '-') {
    negative = line[i] === '-';
    i++;
  }
  const start = i;
  while (i < line.length && line[i]! >= '0' && line[i]! <= '9') i++;
  if (i === start) return undefined;
  const digits = line.slice(start, i).replace(/^0+(?=\d)/, '');
  const magnitude = digits.length > 10 ? Infinity : Number(digits);
  if (magnitude > UINT32_MAX) return 'out-of-range';
  // strtoul negates in unsigned arithmetic: "-1" is 4294967295.
  return negative ? { code: (0 - magnitude) >>> 0, wrapped: magnitude !== 0 } : { code: magnitude, wrapped: false };
}

/** Reads `.ydk` text like EDOPro's deck editor: `#extra` starts the Extra Deck, any `!` line the Side Deck. */
export function parseYdk(text: string): YdkParseResult {
  const deck: Deck = { main: [], extra: [], side: [] };
  const badNumbers: YdkBadNumber[] = [];
  let isExtra = false;
  let isSide = false;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n]!;
    const cr = raw.indexOf('\r');
    const line = cr < 0 ? raw : raw.slice(0, cr);
    if (line === '') continue;
    if (line[0] === '#') {
      // Only the exact line counts: "#extra " or "#Extra" are comments, and "#main" is one too.
      if (line === '#extra') isExtra = true;
      continue;
    }
    if (line[0] === '!') {
      isSide = true;
      continue;
    }
    if (!HAS_DIGIT.test(line)) continue;
    const parsed = stoul(line);
    if (!parsed) continue;
    if (parsed === 'out-of-range' || parsed.wrapped) badNumbers.push({ line: n + 1, text: line });
    if (parsed === 'out-of-range') continue; // stoul throws, EDOPro skips the line
    // Once in the side deck, a later "#extra" does not move cards back (EDOPro tests is_side first).
    if (isSide) deck.side.push(parsed.code);
    else if (isExtra) deck.extra.push(parsed.code);
    else deck.main.push(parsed.code);
  }
  return { deck, badNumbers };
}

// A line break inside the name would start a new line (a "!" there would even open the side deck).
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');

/** Writes the `.ydk` EDOPro's SaveDeck writes (spec 2 §2); throws RangeError for ids that are not uint32. */
export function exportYdk(deck: Deck, createdBy: string): string {
  assertPasscodes(deck);
  const lines = [
    `#created by ${oneLine(createdBy)}`,
    '#main', ...deck.main.map(String),
    '#extra', ...deck.extra.map(String),
    '!side', ...deck.side.map(String),
  ];
  return lines.join('\n') + '\n';
}
