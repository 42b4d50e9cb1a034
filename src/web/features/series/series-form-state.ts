import type { Series, SeriesField, SeriesInput } from '../../../domain/api/series.ts';
import { fieldIssues, seriesInputSchema, splitIssueText } from '../../../domain/api/series.ts';
import { SERIES_DEFAULTS, type SeriesFlagField, type SeriesNumberField } from '../../../domain/series/defaults.ts';
import type { FilterCode, RuleCode } from '../../../domain/series/rules.ts';

/** What the form edits: numbers as typed (strings), so a half-typed value is never lost. */
export type SeriesFormState = {
  name: string;
  description: string;
  /** the stored picture URL; a newly chosen file is kept beside the state */
  picture: string | null;
  banlistName: string;
  banlist: string;
  ruleOptions: RuleCode[];
  cardTypeFilters: FilterCode[];
} & Record<SeriesNumberField, string> & Record<SeriesFlagField, boolean>;

export const TABS = [
  { id: 'metadata', label: 'Metadata' },
  { id: 'procedural', label: 'Procedural' },
  { id: 'base', label: 'Base Settings' },
  { id: 'rules', label: 'Rules & Filters' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

/** Which tab shows each field, so an error can bring its tab forward. */
export const FIELD_TAB: Record<SeriesField, TabId> = {
  name: 'metadata',
  description: 'metadata',
  picture: 'metadata',
  manualDeckChecking: 'procedural',
  banlistName: 'procedural',
  banlist: 'procedural',
  bestOf: 'procedural',
  playersTeam1: 'procedural',
  playersTeam2: 'procedural',
  relay: 'procedural',
  startingLp: 'base',
  startingHand: 'base',
  cardsPerDraw: 'base',
  minMainDeckSize: 'base',
  maxMainDeckSize: 'base',
  minExtraDeckSize: 'base',
  maxExtraDeckSize: 'base',
  minSideDeckSize: 'base',
  maxSideDeckSize: 'base',
  dontShuffleDeck: 'base',
  dontCheckDeckContents: 'base',
  dontCheckDeckSize: 'base',
  tcgSegocRulings: 'base',
  ruleOptions: 'rules',
  cardTypeFilters: 'rules',
};

const NUMBER_FIELDS: SeriesNumberField[] = [
  'playersTeam1', 'playersTeam2', 'bestOf', 'startingLp', 'startingHand', 'cardsPerDraw',
  'minMainDeckSize', 'maxMainDeckSize', 'minExtraDeckSize', 'maxExtraDeckSize', 'minSideDeckSize', 'maxSideDeckSize',
];

/** A new series: the spec 2 §5 defaults. */
export function emptyFormState(): SeriesFormState {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(SERIES_DEFAULTS[f])])) as Record<SeriesNumberField, string>;
  return {
    name: '',
    description: '',
    picture: null,
    banlistName: '',
    banlist: '',
    ruleOptions: [],
    cardTypeFilters: [],
    ...numbers,
    manualDeckChecking: SERIES_DEFAULTS.manualDeckChecking,
    relay: SERIES_DEFAULTS.relay,
    dontShuffleDeck: SERIES_DEFAULTS.dontShuffleDeck,
    dontCheckDeckContents: SERIES_DEFAULTS.dontCheckDeckContents,
    dontCheckDeckSize: SERIES_DEFAULTS.dontCheckDeckSize,
    tcgSegocRulings: SERIES_DEFAULTS.tcgSegocRulings,
  };
}

export function formStateOf(s: Series): SeriesFormState {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(s[f])])) as Record<SeriesNumberField, string>;
  return {
    name: s.name,
    description: s.description ?? '',
    picture: s.picture,
    banlistName: s.banlistName ?? '',
    banlist: s.banlist ?? '',
    ruleOptions: [...s.ruleOptions],
    cardTypeFilters: [...s.cardTypeFilters],
    ...numbers,
    manualDeckChecking: s.manualDeckChecking,
    relay: s.relay,
    dontShuffleDeck: s.dontShuffleDeck,
    dontCheckDeckContents: s.dontCheckDeckContents,
    dontCheckDeckSize: s.dontCheckDeckSize,
    tcgSegocRulings: s.tcgSegocRulings,
  };
}

/** Numeric inputs are converted to numbers (spec 2 §5); anything else goes as typed and is refused by name. */
const toNumber = (v: string): number | string => (/^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

export function toBody(state: SeriesFormState, discordId: string): SeriesInput {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, toNumber(state[f])]));
  return {
    ...state,
    ...numbers,
    discordId,
    description: state.description,
    banlistName: state.banlistName,
    banlist: state.banlist,
  } as SeriesInput;
}

export type FieldErrors = Partial<Record<SeriesField, string>>;

/**
 * The same schema as the server's, on the client; the name is left to the server (spec 2 §5: the
 * client does not validate it).
 */
export function clientErrors(body: SeriesInput): FieldErrors {
  const r = seriesInputSchema.safeParse(body);
  const errors: FieldErrors = {};
  if (r.success) return errors;
  for (const { field, message } of fieldIssues(r.error)) {
    if (field && field !== 'name' && field in FIELD_TAB) errors[field as SeriesField] = message;
  }
  return errors;
}

/** A server 400 ("bestOf: must be ...; minMainDeckSize: ...") back onto the fields; the rest is form-wide. */
export function serverErrors(message: string): { fields: FieldErrors; form?: string } {
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    // the image part of a multipart save belongs to the picture input
    const text = part.startsWith('image: ') ? `picture: ${part.slice('image: '.length)}` : part;
    const { field, message: m } = splitIssueText(text);
    if (field) fields[field as SeriesField] ??= m;
    else rest.push(part);
  }
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}

/** The first tab, in tab order, that holds an error. */
export function firstErrorTab(errors: FieldErrors): TabId | undefined {
  return TABS.find((t) => Object.keys(errors).some((f) => FIELD_TAB[f as SeriesField] === t.id))?.id;
}
