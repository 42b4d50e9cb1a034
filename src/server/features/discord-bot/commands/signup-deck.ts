// /signup and /deck: the page's sign-up and deck submission through the same routes, so the checks
// and the messages are the page's. A deck comes as a `.ydk` attachment, fetched only from Discord's
// CDN base (DISCORD_CDN_URL) and at most 64 KB, or as a ydke:// text.
import type { APIAttachment, APIUser } from 'discord-api-types/v10';
import type { Deck, Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import { DECK_LABEL_MAX } from '../../../../domain/tournament/limits.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';
import { escapeMarkdown, privateMessage } from '../responses.ts';
import { resolveEvent, runningThenUpcoming } from './event-option.ts';

/** The most a `.ydk` attachment may weigh (a full deck is about 1 KB). */
export const DECK_FILE_MAX = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** Problems listed in the answer; the rest are counted (Discord's 2,000 characters). */
const PROBLEMS_SHOWN = 10;

/** The event named, else the only running or upcoming event the user is not in yet. */
async function signupEvent(api: BotApi, value: string | undefined): Promise<TournamentSummary> {
  if (value) return resolveEvent(api, value);
  const [list, mine] = await Promise.all([
    api.get<TournamentSummary[]>('/api/tournaments'),
    api.get<string[]>('/api/tournaments/participating').then((uids) => new Set(uids)),
  ]);
  const open = runningThenUpcoming(list).filter((t) => !mine.has(t.uid));
  if (open.length === 1) return open[0]!;
  throw new ApiRefusal(404, open.length === 0 ? 'No event takes sign-ups now' : `${open.length} events are open: name one with the event option`);
}

export async function signupCommand(api: BotApi, user: APIUser, eventOption: string | undefined, teamOption: string | undefined) {
  const event = await signupEvent(api, eventOption);
  // without a team name, the player's own name, as the page suggests it
  const name = teamOption?.trim() || user.global_name || user.username;
  const team = await api.post<Team>(`/api/tournaments/${event.uid}/signup`, { name });
  return privateMessage(`Signed up: **${escapeMarkdown(team.name)}** plays in **${escapeMarkdown(event.name)}**. Submit your deck with /deck (a .ydk file or a ydke:// text).`);
}

/** The attachment's text, only from the CDN base and only up to DECK_FILE_MAX bytes. */
export async function fetchDeckFile(cdnBase: string, file: Pick<APIAttachment, 'url' | 'filename' | 'size'>, fetchImpl: typeof fetch = fetch): Promise<string> {
  if (!/\.ydk$/i.test(file.filename)) throw new ApiRefusal(400, 'file: send a .ydk file (as EDOPro saves decks)');
  if (file.size > DECK_FILE_MAX) throw new ApiRefusal(413, `file: at most ${DECK_FILE_MAX / 1024} KB (a deck is about 1 KB)`);
  let url: URL;
  try {
    url = new URL(file.url);
  } catch {
    throw new ApiRefusal(400, 'file: not a Discord attachment');
  }
  const base = new URL(cdnBase);
  const prefix = base.pathname.replace(/\/+$/, '') + '/';
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) throw new ApiRefusal(400, 'file: not a Discord attachment');
  let res: Response;
  try {
    res = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw new ApiRefusal(502, 'file: Discord did not send the file: try again');
  }
  if (!res.ok || !res.body) throw new ApiRefusal(502, `file: Discord answered ${res.status}: try again`);
  // the size Discord stated is not trusted: the body is read up to the limit and no further
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > DECK_FILE_MAX) throw new ApiRefusal(413, `file: at most ${DECK_FILE_MAX / 1024} KB (a deck is about 1 KB)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface DeckInput {
  file?: Pick<APIAttachment, 'url' | 'filename' | 'size'>;
  ydke?: string;
}

/** What the deck route refused: its sentence and the problems, as the page lists them. */
function refusal(e: ApiRefusal): string {
  const problems = (e.body as { problems?: { message: string }[] } | undefined)?.problems ?? [];
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => `• ${escapeMarkdown(p.message)}`);
  const more = problems.length > PROBLEMS_SHOWN ? [`…and ${problems.length - PROBLEMS_SHOWN} more: see the site`] : [];
  return [escapeMarkdown(e.message), ...shown, ...more].join('\n');
}

export async function deckCommand(api: BotApi, cdnBase: string, eventOption: string | undefined, input: DeckInput, fetchImpl?: typeof fetch) {
  const ydke = input.ydke?.trim();
  if (input.file && ydke) return privateMessage('Send a .ydk file or a ydke:// text, not both.');
  if (!input.file && !ydke) return privateMessage('Attach your .ydk file (file) or paste your ydke:// text (ydke).');
  const event = await resolveEvent(api, eventOption);
  const text = input.file ? await fetchDeckFile(cdnBase, input.file, fetchImpl) : ydke!;
  const label = input.file ? input.file.filename.replace(/\.ydk$/i, '').trim().slice(0, DECK_LABEL_MAX) : '';
  let deck: Deck;
  try {
    deck = await api.postText<Deck>(`/api/tournaments/${event.uid}/decks${label ? `?label=${encodeURIComponent(label)}` : ''}`, text);
  } catch (e) {
    if (e instanceof ApiRefusal && e.status === 400) return privateMessage(refusal(e));
    throw e;
  }
  const counts = `Main ${deck.mainCount}, Extra ${deck.extraCount}, Side ${deck.sideCount}`;
  const status = deck.status === 'Approved' ? 'It is approved.' : 'It waits for the host’s deck check.';
  return privateMessage(`Deck “${escapeMarkdown(deck.label)}” received for **${escapeMarkdown(event.name)}** (${counts}). ${status}`);
}
