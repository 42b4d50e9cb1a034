/**
 * EDOPro's archetype names: the `!setname 0xCODE Name` lines of strings.conf (../shared/data/strings/setnames.conf).
 * Every other line (comments, `!system`, `!counter`, garbage) is skipped.
 */

/** Lines longer than this are skipped unread; the longest real one is 45 characters. */
export const MAX_SETNAME_LINE_LENGTH = 256;

const PREFIX = '!setname';
const HEX_CODE = /^0x[0-9a-f]{1,4}$/i;
const isBlank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';

/** Reads `!setname 0x8 HERO` lines into code → name; a later line for the same code wins, as in EDOPro. */
export function parseSetnames(text: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const raw of text.split('\n')) {
    if (raw.length > MAX_SETNAME_LINE_LENGTH || !raw.startsWith(PREFIX)) continue;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    let i = PREFIX.length;
    if (!isBlank(line[i])) continue; // "!setnames 0x1 X" is another directive
    while (isBlank(line[i])) i++;
    const codeStart = i;
    while (i < line.length && !isBlank(line[i])) i++;
    const codeText = line.slice(codeStart, i);
    if (!HEX_CODE.test(codeText)) continue;
    const code = Number.parseInt(codeText.slice(2), 16);
    const name = line.slice(i).trim();
    if (code === 0 || name === '') continue;
    names.set(code, name);
  }
  return names;
}
