// GET /api/cards (issue 32 §1): the card search's filters and its answer.
import { z } from 'zod';
import { cardStatusSchema, cardTypeSchema } from './banlists.ts';
import {
  ATTRIBUTE_SLUGS, CARD_KINDS, CARD_SORTS, DEFAULT_CARD_PAGE_SIZE, filterWord, MAX_CARD_PAGE_SIZE, RACE_SLUGS, STATUS_FILTERS, SUBTYPE_NAMES,
  type WordFilter,
} from '../cards/card-vocabulary.ts';

const words = (list: readonly string[]) => `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;

/** A whole number from a query string; each message names its field. */
const whole = (field: string, min: number, max: number) =>
  z.string({ error: `${field}: must be given once, as a whole number` })
    .regex(/^-?\d{1,9}$/, `${field}: must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${field}: must be from ${min} to ${max}`);

/**
 * One of a filter's words, in any letter case and as EDOPro and the site print them ('DARK',
 * 'Winged Beast', 'SEMI_LIMITED'): read as the filter's own word before it is checked.
 */
const oneOf = <T extends readonly [string, ...string[]]>(field: WordFilter, values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (filterWord(field, v) ?? v) : v), enumOf(field, values));
const enumOf = <T extends readonly [string, ...string[]]>(field: WordFilter, values: T) =>
  z.enum(values, { error: `${field}: must be one of ${words(values)} (any letter case)` });

const STAT_MAX = 1_000_000;

export const CARD_FILTERS = [
  'q', 'text', 'kind', 'subtype', 'attribute', 'race', 'level', 'atkMin', 'atkMax', 'defMin', 'defMax', 'archetype', 'banlist', 'status',
  'sort', 'page', 'limit',
] as const;

/**
 * The filters. Unknown keys are refused (a 400 naming them): a mistyped filter that was ignored would
 * answer a different search without a word. No filter is read as a pattern: q and text are compared as
 * plain text once normalised (domain/banlists/card-search.ts). The words of kind, subtype, attribute,
 * race, status and sort are taken in any letter case and as EDOPro and the site print them.
 */
export const cardSearchQuerySchema = z.strictObject({
  q: z.string({ error: 'q: must be given once' }).max(100, 'q: at most 100 characters').optional()
    .describe('Name: exact, prefix, word prefix or substring; case, accents and punctuation aside'),
  text: z.string({ error: 'text: must be given once' }).max(200, 'text: at most 200 characters').optional()
    .describe('Card text: cards whose text holds every word of it'),
  kind: oneOf('kind', CARD_KINDS).optional(),
  subtype: z.string({ error: 'subtype: must be given once (several: comma-separated)' })
    .transform((s) => s.split(',').map((word) => filterWord('subtype', word) ?? word))
    .pipe(z.array(enumOf('subtype', SUBTYPE_NAMES)).max(4, 'subtype: at most 4'))
    .optional()
    .describe('One subtype, or several comma-separated that the card has all of (e.g. synchro,tuner)'),
  attribute: oneOf('attribute', ATTRIBUTE_SLUGS).optional().describe('e.g. dark or DARK'),
  race: oneOf('race', RACE_SLUGS).optional().describe('The monster type, e.g. spellcaster, Spellcaster, winged-beast or Winged Beast'),
  level: whole('level', 0, 13).optional().describe('Level, rank or link rating'),
  atkMin: whole('atkMin', 0, STAT_MAX).optional(),
  atkMax: whole('atkMax', 0, STAT_MAX).optional(),
  defMin: whole('defMin', 0, STAT_MAX).optional(),
  defMax: whole('defMax', 0, STAT_MAX).optional(),
  archetype: z.string({ error: 'archetype: must be given once' }).trim().min(1, 'archetype: must not be blank')
    .max(60, 'archetype: at most 60 characters').optional()
    .describe('An EDOPro archetype by name (e.g. HERO) or code (0x8); a sub-archetype’s cards (Elemental HERO) belong to it too'),
  banlist: z.string({ error: 'banlist: must be given once' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'banlist: must be a list’s date such as 2026-07-01').optional()
    .describe('The format list whose statuses the answer shows and status filters on; absent: the newest'),
  status: oneOf('status', STATUS_FILTERS).optional().describe('The status on that list; not-listed: absent from a whitelist'),
  sort: oneOf('sort', CARD_SORTS).optional()
    .describe('name A to Z; level, atk, def and meta (the share of the current list’s published decks that play it, as the meta page’s 100 most played; others after) highest first; absent: the best name match first when q is given, else name'),
  page: whole('page', 1, 10_000).optional(),
  limit: whole('limit', 1, MAX_CARD_PAGE_SIZE).optional().describe(`Cards per page (default ${DEFAULT_CARD_PAGE_SIZE})`),
}, {
  error: (issue) => (issue.code === 'unrecognized_keys'
    ? `query: unknown filter ${issue.keys.map((k) => `'${k}'`).join(', ')} (the filters are ${CARD_FILTERS.join(', ')})`
    : undefined),
}).superRefine((v, ctx) => {
  for (const [min, max] of [['atkMin', 'atkMax'], ['defMin', 'defMax']] as const) {
    if (v[min] !== undefined && v[max] !== undefined && v[min] > v[max]) {
      ctx.addIssue({ code: 'custom', path: [min], message: `${min}: must not be above ${max}` });
    }
  }
});
export type CardSearchQuery = z.infer<typeof cardSearchQuerySchema>;

const statSchema = z.union([z.number().int(), z.literal('?')]).nullable();

/** One card of the answer: what a result row shows. Fields that do not apply are null. */
export const cardSearchItemSchema = z.object({
  passcode: z.number().int(),
  name: z.string(),
  cardType: cardTypeSchema,
  /** e.g. 'Spellcaster / Normal'; the type label for spells and traps */
  typeLine: z.string(),
  attribute: z.string().nullable(),
  level: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  linkRating: z.number().int().nullable(),
  atk: statSchema,
  def: statSchema,
  /** on the answer's list; null when the site has no list */
  status: cardStatusSchema.nullable(),
  /** the share of decks playing it (sort=meta only) */
  share: z.number().nullable(),
  imageUrl: z.string(),
});
export type CardSearchItem = z.infer<typeof cardSearchItemSchema>;

export const cardSearchPageSchema = z.object({
  /** every card the filters find */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** the list the statuses are read on */
  banlist: z.object({ date: z.string(), name: z.string(), whitelist: z.boolean() }).nullable(),
  cards: z.array(cardSearchItemSchema),
});
export type CardSearchPage = z.infer<typeof cardSearchPageSchema>;

/** GET /api/cards/archetypes: EDOPro's archetype names, what the archetype filter takes. */
export const archetypeNamesSchema = z.array(z.object({ code: z.number().int(), name: z.string() }));
export type ArchetypeName = z.infer<typeof archetypeNamesSchema>[number];
