import { z } from 'zod';
import { parseLflist } from '../banlists/lflist.ts';
import { DECK_BOUNDS, SERIES_DEFAULTS, SERIES_MINIMUMS, type SeriesNumberField } from '../series/defaults.ts';
import { FILTER_CODES, RULE_CODES, isFilterCode, isRuleCode, type FilterCode, type RuleCode } from '../series/rules.ts';

/** One row of GET /api/series/summaries. */
export const seriesSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  picture: z.string().nullable(),
  /** the name of the series' banlist ('Unnamed list' when it has none); null: the series has no banlist */
  banlistName: z.string().nullable(),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

const INT32_MAX = 2_147_483_647;
const NAME_MAX = 100;
const DESCRIPTION_MAX = 5000;
const BANLIST_NAME_MAX = 200;
/** A whitelist of every legal card is about 200 kB; 900 kB keeps a JSON body under the 1 MB limit. */
export const BANLIST_TEXT_MAX = 900_000;

const absent = (v: unknown) => v === undefined || v === null;

/**
 * Numbers must be numbers; a string of digits (what an HTML form or a multipart field holds) is
 * converted, anything else is refused. null or absent takes the spec 2 §5 default.
 */
function wholeNumber(field: SeriesNumberField) {
  const min = SERIES_MINIMUMS[field];
  return z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(INT32_MAX, `must be at most ${INT32_MAX}`)
      .default(SERIES_DEFAULTS[field]),
  );
}

/** true/false; the strings 'true'/'false' are accepted from form fields. */
function flag(defaultValue: boolean) {
  return z.preprocess(
    (v) => (absent(v) ? undefined : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'must be true or false' }).default(defaultValue),
  );
}

/** Trimmed text; blank becomes null. */
function optionalText(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`).nullable().optional(),
  );
}

function codeList<T extends string>(known: readonly T[], isKnown: (c: string) => c is T, what: string) {
  return z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z
      .array(z.string({ error: `must be a list of ${what} codes` }), { error: `must be a list of ${what} codes` })
      .default([])
      .superRefine((codes, ctx) => {
        const bad = codes.find((c) => !isKnown(c));
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `unknown ${what} code "${bad}"` });
      })
      // keep EDOPro's order and drop repeats, so equal sets are stored equally
      .transform((codes) => known.filter((k) => codes.includes(k))),
  );
}

/**
 * A picture is an image uploaded to this site (rules.md): its path, or its full address as the
 * upload tool gives it, kept as the path. Other sites' images are refused: the page's
 * Content-Security-Policy would not show them, and each view would tell that site who looked.
 */
export const UPLOADED = /^\/api\/images\/[A-Za-z0-9_-]{1,64}(\?[A-Za-z0-9=&_.-]*)?$/;
const pictureSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return null;
    const full = /^https?:\/\/[^/\s]+(\/[^\s]*)$/i.exec(s);
    return full ? full[1] : s;
  },
  z
    .string({ error: 'must be text' })
    .max(2048, 'must be at most 2048 characters')
    .regex(UPLOADED, 'must be an image uploaded to this site')
    .nullable()
    .optional(),
);

/** min <= max of one deck, reported on the min field whenever both are numbers. */
function deckBound(i: number) {
  const [min, max, label] = DECK_BOUNDS[i]!;
  const numbers = (v: unknown) => {
    const o = v as Record<string, unknown> | null;
    return typeof o?.[min] === 'number' && typeof o[max] === 'number' ? { lo: o[min], hi: o[max] } : undefined;
  };
  const ordered = (s: Record<SeriesNumberField, number>) => s[min] <= s[max];
  const params = {
    path: [min] as PropertyKey[],
    error: (iss: { input: unknown }) => {
      const n = numbers(iss.input);
      return `${label} minimum (${n?.lo}) must not exceed the maximum (${n?.hi})`;
    },
    when: (payload: { value: unknown }) => numbers(payload.value) !== undefined,
  };
  return [ordered, params] as [typeof ordered, typeof params];
}

/**
 * Body of POST /api/series and PUT /api/series/{id} (and the `dto` part of the multipart forms).
 * Omitted fields take the spec 2 §5 defaults; an omitted `picture` keeps the current one on update.
 */
/** The duel settings a series and a tournament share (spec 2 §3), with their defaults and minimums. */
export const duelSettingsFields = {
  manualDeckChecking: flag(SERIES_DEFAULTS.manualDeckChecking),
  banlistName: optionalText(BANLIST_NAME_MAX),
  banlist: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: 'must be text' })
      .max(BANLIST_TEXT_MAX, 'is too long')
      .refine((s) => parseLflist(s).lists.length > 0, 'is not an EDOPro .lflist.conf: it needs a "!Name" line')
      .nullable()
      .optional(),
  ),
  playersTeam1: wholeNumber('playersTeam1'),
  playersTeam2: wholeNumber('playersTeam2'),
  bestOf: wholeNumber('bestOf'),
  relay: flag(SERIES_DEFAULTS.relay),
  dontShuffleDeck: flag(SERIES_DEFAULTS.dontShuffleDeck),
  dontCheckDeckContents: flag(SERIES_DEFAULTS.dontCheckDeckContents),
  dontCheckDeckSize: flag(SERIES_DEFAULTS.dontCheckDeckSize),
  tcgSegocRulings: flag(SERIES_DEFAULTS.tcgSegocRulings),
  startingLp: wholeNumber('startingLp'),
  startingHand: wholeNumber('startingHand'),
  cardsPerDraw: wholeNumber('cardsPerDraw'),
  minMainDeckSize: wholeNumber('minMainDeckSize'),
  maxMainDeckSize: wholeNumber('maxMainDeckSize'),
  minExtraDeckSize: wholeNumber('minExtraDeckSize'),
  maxExtraDeckSize: wholeNumber('maxExtraDeckSize'),
  minSideDeckSize: wholeNumber('minSideDeckSize'),
  maxSideDeckSize: wholeNumber('maxSideDeckSize'),
  ruleOptions: codeList<RuleCode>(RULE_CODES, isRuleCode, 'rule'),
  cardTypeFilters: codeList<FilterCode>(FILTER_CODES, isFilterCode, 'filter'),
};

/** min <= max for each deck, as `.refine(...)` arguments (reported even when other fields are wrong). */
export const deckBoundChecks = [deckBound(0), deckBound(1), deckBound(2)] as const;

/** Text fields: trimmed, blank is null. */
export { optionalText, pictureSchema, wholeNumber, flag };

/**
 * Body of POST /api/series and PUT /api/series/{id} (and the `dto` part of the multipart forms).
 * Omitted fields take the spec 2 §5 defaults; an omitted `picture` keeps the current one on update.
 */
export const seriesInputSchema = z
  .object(
    {
      /** accepted for the spec's client; must equal the signed-in user */
      discordId: z.union([z.string(), z.number()]).transform(String).optional(),
      /** only read by PUT /api/series/upload, which updates this series when it is given */
      id: z.string().optional(),
      name: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v),
        z.string({ error: 'Name is required' }).min(1, 'Name is required').max(NAME_MAX, `must be at most ${NAME_MAX} characters`),
      ),
      description: optionalText(DESCRIPTION_MAX),
      picture: pictureSchema,
      ...duelSettingsFields,
    },
    { error: 'The body must be a JSON object' },
  )
  // checked even when other fields are wrong, so every problem is reported at once
  .refine(...deckBoundChecks[0])
  .refine(...deckBoundChecks[1])
  .refine(...deckBoundChecks[2]);
export type SeriesInput = z.input<typeof seriesInputSchema>;
export type SeriesValues = z.output<typeof seriesInputSchema>;

/** Fields of a series that a client writes, in the order the form shows them. */
export const SERIES_FIELDS = [
  'name', 'description', 'picture', 'manualDeckChecking', 'banlistName', 'banlist', 'playersTeam1', 'playersTeam2', 'bestOf',
  'relay', 'dontShuffleDeck', 'dontCheckDeckContents', 'dontCheckDeckSize', 'tcgSegocRulings', 'startingLp', 'startingHand',
  'cardsPerDraw', 'minMainDeckSize', 'maxMainDeckSize', 'minExtraDeckSize', 'maxExtraDeckSize', 'minSideDeckSize',
  'maxSideDeckSize', 'ruleOptions', 'cardTypeFilters',
] as const;
export type SeriesField = (typeof SERIES_FIELDS)[number];

/** Response of GET /api/series/{id}, POST /api/series and the PUTs: every field of spec 2 §3 plus the EDOPro numbers. */
/** The duel settings as a series and a tournament answer them, with the EDOPro numbers they make. */
export const duelSettingsReply = {
  relay: z.boolean(),
  dontShuffleDeck: z.boolean(),
  dontCheckDeckContents: z.boolean(),
  dontCheckDeckSize: z.boolean(),
  tcgSegocRulings: z.boolean(),
  startingLp: z.number().int(),
  startingHand: z.number().int(),
  cardsPerDraw: z.number().int(),
  minMainDeckSize: z.number().int(),
  maxMainDeckSize: z.number().int(),
  minExtraDeckSize: z.number().int(),
  maxExtraDeckSize: z.number().int(),
  minSideDeckSize: z.number().int(),
  maxSideDeckSize: z.number().int(),
  ruleOptions: z.array(z.enum(RULE_CODES)),
  cardTypeFilters: z.array(z.enum(FILTER_CODES)),
  /** OR of the rules' EDOPro duel flags, as a decimal string (it exceeds 2^32: parse with BigInt) */
  duelFlags: z.string(),
  /** duelFlags plus the room options EDOPro keeps in the same number (relay, don't shuffle, TCG SEGOC box) */
  roomDuelFlags: z.string(),
  /** EDOPro forbiddentypes mask of the filters */
  forbiddenTypes: z.number().int(),
  /** preset whose sets equal the series' exactly, else 'Custom' */
  preset: z.string(),
};

export const seriesSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  picture: z.string().nullable(),
  manualDeckChecking: z.boolean(),
  banlistName: z.string().nullable(),
  banlist: z.string().nullable(),
  playersTeam1: z.number().int(),
  playersTeam2: z.number().int(),
  bestOf: z.number().int(),
  ...duelSettingsReply,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

export interface FieldIssue {
  field: string;
  message: string;
}

/** The first problem of each field, field named by its top-level key ('' for the body itself). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}

/** "field: message", the form of every 400 the series API gives; the web form splits it back. */
export const issueText = ({ field, message }: FieldIssue) => (field ? `${field}: ${message}` : message);

/** Splits a server message "field: message" back into its field, when it names a series field. */
export function splitIssueText(text: string): FieldIssue {
  const m = /^([A-Za-z0-9]+): (.*)$/s.exec(text);
  if (m && (SERIES_FIELDS as readonly string[]).includes(m[1]!)) return { field: m[1]!, message: m[2]! };
  return { field: '', message: text };
}
