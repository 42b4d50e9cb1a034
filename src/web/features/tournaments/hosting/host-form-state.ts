import { fieldIssues } from '../../../../domain/api/series.ts';
import type { Series } from '../../../../domain/api/series.ts';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import { parseLflist } from '../../../../domain/banlists/lflist.ts';
import { nextIteration, numberedName } from '../../../../domain/tournaments/iteration.ts';
import { DEFAULT_ROUND_MINUTES } from '../../../../domain/api/event-night.ts';
import { DEFAULT_DECK_PRIVACY, type DeckPrivacy } from '../../../../domain/api/records.ts';
import { hostBodySchema, type HostBody } from '../../../../domain/api/tournaments.ts';
import { SERIES_DEFAULTS, type SeriesFlagField, type SeriesNumberField } from '../../../../domain/series/defaults.ts';
import type { FilterCode, RuleCode } from '../../../../domain/series/rules.ts';
import type { TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { siteListOf } from '../../series/site-banlists.ts';
import { NO_BANLIST, OWN_BANLIST } from './event-banlist.ts';

type NumberField = SeriesNumberField | 'decksAllowedPerPlayer';
type FlagField = SeriesFlagField | 'openSubmissions' | 'checkIn' | 'seedByRating';
/** The Event tab's typed fields (issue 19): '' for topCut and swissRounds is the rule's recommendation. */
type EventTextField = 'startsAt' | 'topCut' | 'swissRounds' | 'roundMinutes' | 'topCutRoundMinutes' | 'lateEntryRounds' | 'discordWebhookUrl' | 'deckPrivacy';

/** What the host form edits: numbers as typed (strings), so a half-typed value is never lost. */
export type HostFormState = {
  name: string;
  subtitle: string;
  description: string;
  imageUri: string;
  format: TournamentFormat;
  /** a site list's date, OWN_BANLIST (the text below), NO_BANLIST, or '' before the host chose */
  banlistChoice: string;
  banlistName: string;
  banlist: string;
  ruleOptions: RuleCode[];
  cardTypeFilters: FilterCode[];
} & Record<NumberField, string> & Record<FlagField, boolean> & Record<EventTextField, string>;

export type HostField = keyof HostFormState | 'banlistDate';

export const HOST_TABS = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'rules', label: 'Rules & Format' },
  { id: 'deck', label: 'Deck Settings' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'event', label: 'Event' },
] as const;
export type HostTabId = (typeof HOST_TABS)[number]['id'];

/** Spec 2 §2 Host tournament page: which tab shows each field, so an error brings its tab forward. */
export const HOST_FIELD_TAB: Record<HostField, HostTabId> = {
  name: 'basic',
  subtitle: 'basic',
  description: 'basic',
  imageUri: 'basic',
  format: 'basic',
  bestOf: 'basic',
  decksAllowedPerPlayer: 'basic',
  openSubmissions: 'basic',
  manualDeckChecking: 'basic',
  relay: 'basic',
  banlistChoice: 'basic',
  banlistDate: 'basic',
  banlistName: 'basic',
  banlist: 'basic',
  ruleOptions: 'rules',
  cardTypeFilters: 'rules',
  startingLp: 'rules',
  startingHand: 'rules',
  cardsPerDraw: 'rules',
  minMainDeckSize: 'deck',
  maxMainDeckSize: 'deck',
  minExtraDeckSize: 'deck',
  maxExtraDeckSize: 'deck',
  minSideDeckSize: 'deck',
  maxSideDeckSize: 'deck',
  dontShuffleDeck: 'advanced',
  dontCheckDeckContents: 'advanced',
  dontCheckDeckSize: 'advanced',
  tcgSegocRulings: 'advanced',
  playersTeam1: 'advanced',
  playersTeam2: 'advanced',
  startsAt: 'event',
  checkIn: 'event',
  topCut: 'event',
  swissRounds: 'event',
  roundMinutes: 'event',
  topCutRoundMinutes: 'event',
  lateEntryRounds: 'event',
  discordWebhookUrl: 'event',
  deckPrivacy: 'event',
  seedByRating: 'event',
};

export const HOST_FIELD_LABEL: Record<HostField, string> = {
  name: 'Name', subtitle: 'Subtitle', description: 'Description', imageUri: 'Cover image URL', format: 'Format', bestOf: 'Best of',
  decksAllowedPerPlayer: 'Decks per player', openSubmissions: 'Open Submissions', manualDeckChecking: 'Manual Deck Check',
  relay: 'Relay Duels', banlistChoice: 'Banlist', ruleOptions: 'Game rules', cardTypeFilters: 'Card type restrictions', startingLp: 'Starting LP',
  startingHand: 'Starting hand', cardsPerDraw: 'Cards per draw', minMainDeckSize: 'Main Deck minimum',
  maxMainDeckSize: 'Main Deck maximum', minExtraDeckSize: 'Extra Deck minimum', maxExtraDeckSize: 'Extra Deck maximum',
  minSideDeckSize: 'Side Deck minimum', maxSideDeckSize: 'Side Deck maximum', dontShuffleDeck: "Don't Shuffle Deck",
  dontCheckDeckContents: "Don't Check Contents", dontCheckDeckSize: "Don't Check Size", tcgSegocRulings: 'TCG SEGOC Rules',
  playersTeam1: 'Players (team 1)', playersTeam2: 'Players (team 2)', banlistDate: 'Banlist', banlistName: 'Banlist name',
  banlist: 'Banlist text', startsAt: 'Start time', checkIn: 'Check-in', topCut: 'Top cut', swissRounds: 'Swiss rounds',
  roundMinutes: 'Round minutes', topCutRoundMinutes: 'Top-cut round minutes', lateEntryRounds: 'Late entry rounds',
  discordWebhookUrl: 'Discord webhook URL', deckPrivacy: 'Deck privacy', seedByRating: 'Seed round 1 by rating',
};

const SERIES_NUMBERS: SeriesNumberField[] = [
  'playersTeam1', 'playersTeam2', 'bestOf', 'startingLp', 'startingHand', 'cardsPerDraw',
  'minMainDeckSize', 'maxMainDeckSize', 'minExtraDeckSize', 'maxExtraDeckSize', 'minSideDeckSize', 'maxSideDeckSize',
];
const NUMBERS: NumberField[] = [...SERIES_NUMBERS, 'decksAllowedPerPlayer'];
const SERIES_FLAGS: SeriesFlagField[] = ['manualDeckChecking', 'relay', 'dontShuffleDeck', 'dontCheckDeckContents', 'dontCheckDeckSize', 'tcgSegocRulings'];

/** Spec 2 §5 host defaults: the series defaults, one deck per player, open submissions, Swiss → Top Cut. */
export function defaultHostState(): HostFormState {
  return {
    name: '',
    subtitle: '',
    description: '',
    imageUri: '',
    format: 'DEFAULT',
    banlistChoice: '',
    banlistName: '',
    banlist: '',
    ruleOptions: [],
    cardTypeFilters: [],
    ...(Object.fromEntries(SERIES_NUMBERS.map((f) => [f, String(SERIES_DEFAULTS[f])])) as Record<SeriesNumberField, string>),
    decksAllowedPerPlayer: '1',
    ...(Object.fromEntries(SERIES_FLAGS.map((f) => [f, SERIES_DEFAULTS[f]])) as Record<SeriesFlagField, boolean>),
    openSubmissions: true,
    ...defaultEventState(),
  };
}

/** The Event tab's defaults: no start, no check-in, the rule's cut and rounds, 50-minute rounds, untimed cut, no late entry. */
export function defaultEventState(): Pick<HostFormState, EventTextField | 'checkIn' | 'seedByRating'> {
  return {
    startsAt: '', checkIn: false, topCut: '', swissRounds: '', roundMinutes: String(DEFAULT_ROUND_MINUTES), topCutRoundMinutes: '0',
    lateEntryRounds: '0', discordWebhookUrl: '', deckPrivacy: DEFAULT_DECK_PRIVACY, seedByRating: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value ('2026-12-05T19:00', the viewer's own clock) as an instant; '' stays ''. */
export function localToIso(local: string): string {
  if (!local.trim()) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** An instant as a datetime-local value on the viewer's own clock ('' for none). */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The viewer's time zone, as the Event tab names it ('Europe/Paris'). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'your time zone';

/** The Event tab's fields as the API takes them: the start as an instant, '' as null (the rule, or none). */
export function eventBody(state: Pick<HostFormState, EventTextField | 'checkIn' | 'seedByRating'>) {
  const orNull = (v: string) => (v.trim() === '' ? null : toNumber(v));
  return {
    startsAt: state.startsAt.trim() ? localToIso(state.startsAt) : null,
    checkIn: state.checkIn,
    topCut: orNull(state.topCut),
    swissRounds: orNull(state.swissRounds),
    roundMinutes: toNumber(state.roundMinutes),
    topCutRoundMinutes: toNumber(state.topCutRoundMinutes),
    lateEntryRounds: toNumber(state.lateEntryRounds),
    discordWebhookUrl: state.discordWebhookUrl.trim() || null,
    deckPrivacy: state.deckPrivacy as DeckPrivacy,
    seedByRating: state.seedByRating,
  };
}

/** The form filled from a series: numbered after its held events, its picture and every duel setting. */
export function hostStateFromSeries(s: Series, held: readonly (number | null)[] = []): HostFormState {
  return {
    ...defaultHostState(),
    name: numberedName(s.name, nextIteration(held)),
    description: s.description ?? '',
    imageUri: s.picture ?? '',
    banlistName: s.banlistName ?? '',
    banlist: s.banlist ?? '',
    ruleOptions: [...s.ruleOptions],
    cardTypeFilters: [...s.cardTypeFilters],
    ...(Object.fromEntries(SERIES_NUMBERS.map((f) => [f, String(s[f])])) as Record<SeriesNumberField, string>),
    ...(Object.fromEntries(SERIES_FLAGS.map((f) => [f, s[f]])) as Record<SeriesFlagField, boolean>),
  };
}

/** Numeric inputs are converted to numbers (spec 2 §5); anything else goes as typed and is refused by name. */
const toNumber = (v: string): number | string => (/^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

export function toHostBody(state: HostFormState, seriesUid: string | undefined, discordId: string): HostBody {
  const { banlistChoice: _choice, banlist: _text, banlistName: _name, ...rest } = state;
  const numbers = Object.fromEntries(NUMBERS.map((f) => [f, toNumber(state[f])]));
  return { ...rest, ...numbers, ...eventBody(state), ...banlistBody(state), discordId, seriesUid: seriesUid ?? null } as HostBody;
}

/**
 * The banlist preselected (issue 39 §2): the series' own list when it names one (the site's list of the
 * same EDOPro hash when the site has it), else the current list; '' when the site has none, so the
 * host picks. Never no list: that takes choosing 'No banlist'.
 */
export function initialBanlistChoice(series: Pick<Series, 'banlist' | 'banlistName'> | undefined, lists: readonly BanlistSummary[] | undefined): string {
  const held = series?.banlist ? parseLflist(series.banlist).lists[0] : undefined;
  if (held) return siteListOf(lists, { name: series?.banlistName ?? held.name, hash: held.hash })?.date ?? OWN_BANLIST;
  if (series?.banlistName) return siteListOf(lists, { name: series.banlistName })?.date ?? lists?.[0]?.date ?? '';
  return lists?.[0]?.date ?? '';
}

/** The choice as the API takes it: a site list by date, the text, or `banlistDate: null` for none on purpose. */
export function banlistBody(state: Pick<HostFormState, 'banlistChoice' | 'banlist' | 'banlistName'>): Pick<HostBody, 'banlistDate' | 'banlist' | 'banlistName'> {
  if (state.banlistChoice === NO_BANLIST) return { banlistDate: null };
  if (state.banlistChoice === OWN_BANLIST) return { banlist: state.banlist, banlistName: state.banlistName };
  return state.banlistChoice ? { banlistDate: state.banlistChoice } : {};
}

/** What the schema cannot see: a choice made, and an own list that holds text (blank text would be no list). */
export function banlistErrors(state: Pick<HostFormState, 'banlistChoice' | 'banlist'>): HostErrors {
  if (!state.banlistChoice) return { banlistDate: 'Choose a banlist, or No banlist' };
  if (state.banlistChoice === OWN_BANLIST && !state.banlist.trim()) return { banlist: 'Paste or upload a list, or choose another banlist' };
  return {};
}

export type HostErrors = Partial<Record<HostField, string>>;

/** The server's schema, on the client: the same messages at the same fields. */
export function hostClientErrors(body: HostBody): HostErrors {
  const r = hostBodySchema.safeParse(body);
  const errors: HostErrors = {};
  if (r.success) return errors;
  for (const { field, message } of fieldIssues(r.error)) {
    // the event fields' messages name their field ('topCut: must be one of …'): the form shows it beside it
    if (field in HOST_FIELD_TAB) errors[field as HostField] ??= message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  }
  return errors;
}

/** A server 400 ("bestOf: must be at least 1; name: Name is required") back onto the fields; the rest is form-wide. */
export function hostServerErrors(message: string): { fields: HostErrors; form?: string } {
  const fields: HostErrors = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const m = /^([A-Za-z0-9]+): (.*)$/s.exec(part);
    if (m && m[1]! in HOST_FIELD_TAB) fields[m[1] as HostField] ??= m[2]!;
    else rest.push(part);
  }
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}

export function firstHostErrorTab(errors: HostErrors): HostTabId | undefined {
  return HOST_TABS.find((t) => Object.entries(errors).some(([f, m]) => m && HOST_FIELD_TAB[f as HostField] === t.id))?.id;
}
