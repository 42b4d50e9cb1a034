// The `event` option of every command: a uid chosen from the autocomplete, or a name typed; left
// out, the event the user plays in now (else the next one they signed up for).
import type { APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import type { OwnEntry, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import { NO_OWN_EVENT, noEventCalled } from '../../../../domain/discord/play-answers.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';

const MAX_CHOICES = 25;

const isRunning = (t: TournamentSummary) => t.inProgress && !t.completed && !t.closed;
const isUpcoming = (t: TournamentSummary) => !t.inProgress && !t.completed && !t.closed;
const startsAtMs = (t: TournamentSummary) => (t.startsAt ? Date.parse(t.startsAt) : Number.MAX_SAFE_INTEGER);

/** Running events first, then upcoming ones by their start. */
export function runningThenUpcoming(list: readonly TournamentSummary[]): TournamentSummary[] {
  return [...list.filter(isRunning), ...list.filter(isUpcoming).sort((a, b) => startsAtMs(a) - startsAtMs(b))];
}

/** The event a command is about. */
export async function resolveEvent(api: BotApi, value: string | undefined): Promise<TournamentSummary> {
  const list = await api.get<TournamentSummary[]>('/api/tournaments');
  if (value) {
    const typed = value.trim().toLowerCase();
    const found = list.find((t) => t.uid === value.trim()) ?? list.find((t) => t.name.toLowerCase() === typed);
    if (!found) throw new ApiRefusal(404, noEventCalled(value));
    return found;
  }
  const mine = new Set(await api.get<string[]>('/api/tournaments/participating'));
  const own = runningThenUpcoming(list).find((t) => mine.has(t.uid));
  if (!own) throw new ApiRefusal(404, NO_OWN_EVENT);
  return own;
}

/** Autocomplete of `event`: running and upcoming events whose name holds the text, the user's own first. */
export async function eventChoices(api: BotApi, typed: string): Promise<APIApplicationCommandOptionChoice<string>[]> {
  const [list, mine] = await Promise.all([
    api.get<TournamentSummary[]>('/api/tournaments'),
    api.get<string[]>('/api/tournaments/participating').then((uids) => new Set(uids)),
  ]);
  const text = typed.trim().toLowerCase();
  const open = runningThenUpcoming(list).filter((t) => !text || t.name.toLowerCase().includes(text));
  const ordered = [...open.filter((t) => mine.has(t.uid)), ...open.filter((t) => !mine.has(t.uid))];
  return ordered.slice(0, MAX_CHOICES).map((t) => ({ name: t.name.slice(0, 100), value: t.uid }));
}

/** The user's active entry of an event (their team, member id and match of the round), from the site's own route. */
export async function requireOwnEntry(api: BotApi, event: TournamentSummary): Promise<OwnEntry> {
  return api.get<OwnEntry>(`/api/tournaments/${event.uid}/entry`);
}
