// The 'Create a league' form (issue 41): what it edits, its defaults (a calendar month from now, five
// matches a run, 24 hours to confirm), and its body checked by the route's own schema before it goes.
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import {
  LEAGUE_CONFIRM_HOURS, LEAGUE_MATCHES_PER_RUN, createLeagueBodySchema, type CreateLeagueBody,
} from '../../../../domain/api/leagues.ts';
import { DEFAULT_DECK_PRIVACY, type DeckPrivacy } from '../../../../domain/api/records.ts';
import { fieldIssues, type SeriesSummary } from '../../../../domain/api/series.ts';
import { defaultLeagueEnd, leagueDatesProblem } from '../../../../domain/leagues/league-clock.ts';

/** The banlist choices besides a site list's date: the series' own list (the body leaves banlistDate out), or none. */
export const SERIES_BANLIST = 'series';
export const NO_BANLIST = 'none';

export interface LeagueFormState {
  seriesId: string;
  name: string;
  /** a site list's date, SERIES_BANLIST or NO_BANLIST; '' before a choice */
  banlistChoice: string;
  /** datetime-local values, on the viewer's clock */
  startsAt: string;
  endsAt: string;
  /** the end was typed: it no longer follows the start */
  endTouched: boolean;
  /** as typed, so a half-typed number is never lost */
  matchesPerRun: string;
  confirmHours: string;
  deckPrivacy: DeckPrivacy;
}

export type LeagueField = 'seriesId' | 'name' | 'banlistDate' | 'startsAt' | 'endsAt' | 'matchesPerRun' | 'confirmHours' | 'deckPrivacy';
export type LeagueErrors = Partial<Record<LeagueField, string>>;

export const LEAGUE_FIELD_LABEL: Record<LeagueField, string> = {
  seriesId: 'Series', name: 'Name', banlistDate: 'Banlist', startsAt: 'Start', endsAt: 'End', matchesPerRun: 'Matches per run',
  confirmHours: 'Hours to confirm', deckPrivacy: 'Deck privacy',
};
const FIELDS = Object.keys(LEAGUE_FIELD_LABEL) as LeagueField[];

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value on the viewer's own clock. */
export function toLocal(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an instant ('' and nonsense stay as typed, for the schema to name). */
export function toIso(local: string): string {
  if (!local.trim()) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** The end that follows a start: a calendar month later (the league's default); '' for a start that is not a date. */
export function endAfter(startsAt: string): string {
  const d = new Date(startsAt);
  return Number.isNaN(d.getTime()) ? '' : toLocal(defaultLeagueEnd(d));
}

/**
 * The series' list when it holds one, else the site's current list: what the league plays on if
 * the curator changes nothing (the route's own default); '' when there is neither, so they choose.
 */
export function initialBanlistChoice(series: Pick<SeriesSummary, 'banlistName'> | undefined, lists: readonly BanlistSummary[] | undefined): string {
  if (series?.banlistName) return SERIES_BANLIST;
  return lists?.[0]?.date ?? '';
}

/** The form's start: the series given (from its page) or none, now to a calendar month from now, the contract's numbers. */
export function initialState(seriesId: string, now: Date): LeagueFormState {
  const start = new Date(now);
  start.setSeconds(0, 0);
  const startsAt = toLocal(start);
  return {
    seriesId, name: '', banlistChoice: '', startsAt, endsAt: endAfter(startsAt), endTouched: false,
    matchesPerRun: String(LEAGUE_MATCHES_PER_RUN), confirmHours: String(LEAGUE_CONFIRM_HOURS), deckPrivacy: DEFAULT_DECK_PRIVACY,
  };
}

/** The body of POST /api/leagues. */
export function toBody(s: LeagueFormState): CreateLeagueBody {
  return {
    seriesId: s.seriesId,
    name: s.name,
    ...(s.banlistChoice === NO_BANLIST ? { banlistDate: null } : s.banlistChoice && s.banlistChoice !== SERIES_BANLIST ? { banlistDate: s.banlistChoice } : {}),
    ...(s.startsAt.trim() ? { startsAt: toIso(s.startsAt) } : {}),
    ...(s.endsAt.trim() ? { endsAt: toIso(s.endsAt) } : {}),
    // as typed: the schema turns digits into numbers and names anything else
    matchesPerRun: s.matchesPerRun as unknown as number,
    confirmHours: s.confirmHours as unknown as number,
    deckPrivacy: s.deckPrivacy,
  };
}

/** A message without the field name it starts with ('endsAt: must…' beside the End field). */
const bare = (field: string, message: string) => (message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);

/** The route's schema and date rules, on the client: the same sentences at the same fields. */
export function clientErrors(s: LeagueFormState, now: Date): LeagueErrors {
  const errors: LeagueErrors = {};
  if (!s.banlistChoice) errors.banlistDate = 'Choose a banlist, or No banlist';
  if (!s.seriesId) errors.seriesId = 'Choose the league’s series';
  const r = createLeagueBodySchema.safeParse(toBody(s));
  if (!r.success) {
    for (const { field, message } of fieldIssues(r.error)) {
      if ((FIELDS as string[]).includes(field)) errors[field as LeagueField] ??= bare(field, message);
    }
  }
  if (!errors.startsAt && !errors.endsAt && s.startsAt.trim() && s.endsAt.trim()) {
    const problem = leagueDatesProblem(new Date(toIso(s.startsAt)), new Date(toIso(s.endsAt)), now);
    if (problem) errors.endsAt = bare('endsAt', problem);
  }
  return errors;
}

/** A server 400 ('endsAt: the league must end after it starts') back onto its field; the rest is the form's. */
export function serverErrors(message: string): { fields: LeagueErrors; form?: string } {
  const fields: LeagueErrors = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const m = /^([A-Za-z]+): (.*)$/s.exec(part);
    if (m && (FIELDS as string[]).includes(m[1]!)) fields[m[1] as LeagueField] ??= m[2]!;
    else rest.push(part);
  }
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}

/** The fields in the form's order: the first with an error takes the focus. */
export const FIELD_ORDER: readonly LeagueField[] = ['seriesId', 'name', 'banlistDate', 'startsAt', 'endsAt', 'matchesPerRun', 'confirmHours', 'deckPrivacy'];
