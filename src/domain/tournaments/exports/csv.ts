// CSV files an organizer opens in a spreadsheet (RFC 4180): CRLF line ends, a header row, quotes
// doubled. A spreadsheet set to another separator (Excel in German or French reads `;`, a paste
// reads tabs) must still see each field as one cell and run none of it as a formula:
// - a field holding a comma, semicolon, tab, quote or line break is quoted;
// - text a spreadsheet would run as a formula ('=HYPERLINK(...)') gets an apostrophe first, so it
//   shows as text (OWASP's advice for CSV injection), and so does such text after a separator or
//   a line break inside a field: where a reader that splits on another separator, or that ignores
//   a quote in mid-field, starts a cell ('x;=1+1' is written "x;'=1+1", 'A; -B' "A; '-B");
// - every line break in a field is an LF (VT, FF, NEL, U+2028 and U+2029 are line breaks to some
//   readers, e.g. Python's splitlines()), other control characters are dropped.

export type CsvValue = string | number | boolean | null | undefined;

/** Every Unicode line break but LF (UAX #14's mandatory breaks), for the one in-cell form LF. */
const LINE_BREAK = /\r\n|[\r\v\f\u0085\u2028\u2029]/g;
/** C0 controls but tab and LF, DEL and C1: never meant in a name (FS, GS and RS are line breaks to splitlines() too). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/**
 * A formula start (=, +, -, @, tab) where some reader starts a cell: at the field's start, or after
 * a comma, semicolon, tab or line break, spaces (which some readers trim) and quotes between aside.
 * The apostrophe goes right before it.
 */
const FORMULA_AT_CELL_START = /(?<=(?:^|[,;\t\n])[ "]*)(?=[=+\-@\t])/g;
/** Characters that make a field quoted: a separator of some reader, a quote, a line break. */
const NEEDS_QUOTES = /[",;\t\n]/;

/** One field: numbers as they are, text cleaned, escaped against formulas and quoted when it must be. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value.replace(LINE_BREAK, '\n').replace(CONTROL, '').replace(FORMULA_AT_CELL_START, "'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
