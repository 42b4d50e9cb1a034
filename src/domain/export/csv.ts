// CSV files an organizer opens in a spreadsheet (RFC 4180): CRLF line ends, a header row, fields
// quoted when they hold a comma, a quote or a line break, quotes doubled. Text a spreadsheet would
// run as a formula (a team called '=HYPERLINK(...)') starts with an apostrophe, so it shows as
// text and never runs (OWASP's advice for CSV injection).

export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One field: numbers as they are, text escaped against formulas and quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: the header, then one line per row, each ended by CRLF. Starts with a UTF-8 byte
 * order mark so that Excel reads accented names right (RFC 4180 parsers and Google Sheets skip it).
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) {
    if (row.length !== header.length) throw new Error(`A CSV row has ${row.length} fields where the header has ${header.length}`);
    lines.push(row.map(csvField).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
