/** The one door for deck text from people (uploads, pasted links): `.ydk` or `ydke://`, refused with a sentence. */
import { deckCardCount, type DeckParseResult } from './deck.ts';
import { looksLikeYdke, parseYdke } from './ydke.ts';
import { parseYdk } from './ydk.ts';

// A real deck has at most 60 + 15 + 15 cards (GOAT allows a larger Extra Deck, still far below 200); a .ydk
// with a "# name" comment per card stays under 400 lines. Checked before parsing, so junk costs little.
export const MAX_DECK_TEXT_CHARS = 100_000;
export const MAX_DECK_TEXT_LINES = 1_000;
export const MAX_DECK_CARDS = 200;

const fmt = (n: number): string => n.toLocaleString('en-US');
const excerpt = (line: string): string => (line.trim().length > 40 ? `${line.trim().slice(0, 40)}…` : line.trim());

/** Line count, stopping as soon as it passes the limit. */
function exceedsLines(text: string, max: number): boolean {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (++lines > max) return true;
  }
  return false;
}

/** Reads a `.ydk` file or a `ydke://` URL (surrounding whitespace ignored) into a deck, or says why not. */
export function parseDeckText(text: string): DeckParseResult {
  if (text.length > MAX_DECK_TEXT_CHARS) {
    return { ok: false, error: `The deck text is too long (${fmt(text.length)} characters); a deck file is far shorter.` };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'The deck is empty. Upload a .ydk file or paste a ydke:// link.' };

  let result: DeckParseResult;
  if (looksLikeYdke(trimmed)) {
    result = parseYdke(trimmed);
    if (!result.ok) return result;
    if (deckCardCount(result.deck) === 0) return { ok: false, error: 'This ydke:// link holds no cards.' };
  } else {
    if (exceedsLines(text, MAX_DECK_TEXT_LINES)) {
      return {
        ok: false,
        error: `The deck text has more than ${fmt(MAX_DECK_TEXT_LINES)} lines; a .ydk deck file has one line per card.`,
      };
    }
    const { deck, badNumbers } = parseYdk(text); // untrimmed: line numbers as in the file
    const [bad] = badNumbers;
    if (bad) {
      const more = badNumbers.length > 1 ? ` (and ${badNumbers.length - 1} more)` : '';
      return {
        ok: false,
        error: `Line ${bad.line} ("${excerpt(bad.text)}")${more} is not a card passcode: passcodes are whole numbers from 0 to 4294967295.`,
      };
    }
    if (deckCardCount(deck) === 0) {
      return {
        ok: false,
        error: 'No card passcodes found. A .ydk file lists one passcode per line under #main, #extra and !side.',
      };
    }
    result = { ok: true, deck };
  }
  const count = deckCardCount(result.deck);
  if (count > MAX_DECK_CARDS) {
    return { ok: false, error: `The deck has ${fmt(count)} cards; at most ${MAX_DECK_CARDS} are accepted.` };
  }
  return result;
}
