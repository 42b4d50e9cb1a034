// /signup and /deck: the page's sign-up and deck submission through the same routes, so the checks
// and the messages are the page's. A deck comes as a `.ydk` attachment, fetched only from Discord's
// CDN base (DISCORD_CDN_URL) and at most 64 KB, or as a ydke:// text.
import type { Team, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { Deck } from '../../../../domain/api/decks.ts';
import type { AttachedFile, InteractionUser } from '../../../../domain/discord/interaction-input.ts';
import {
  DECK_BOTH, DECK_NEITHER, deckReceivedAnswer, deckRefusedAnswer, FILE_NOT_ATTACHMENT, FILE_NOT_SENT, FILE_NOT_YDK, fileTooBig, manyOpen, NO_SIGNUPS, signedUpAnswer,
} from '../../../../domain/discord/play-answers.ts';
import { privateMessage } from '../../../../domain/discord/responses.ts';
import { DECK_LABEL_MAX } from '../../../../domain/tournaments/limits.ts';
import { download } from '../../../discord/discord-client.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';
import { resolveEvent, runningThenUpcoming } from './event-option.ts';

/** The most a `.ydk` attachment may weigh (a full deck is about 1 KB). */
export const DECK_FILE_MAX = 64 * 1024;
/** The whole download, body included. */
const FETCH_TIMEOUT_MS = 5_000;
const TOO_BIG = fileTooBig(DECK_FILE_MAX);

/** The event named, else the only running or upcoming event the user is not in yet. */
async function signupEvent(api: BotApi, value: string | undefined): Promise<TournamentSummary> {
  if (value) return resolveEvent(api, value);
  const [list, mine] = await Promise.all([
    api.get<TournamentSummary[]>('/api/tournaments'),
    api.get<string[]>('/api/tournaments/participating').then((uids) => new Set(uids)),
  ]);
  const open = runningThenUpcoming(list).filter((t) => !mine.has(t.uid));
  if (open.length === 1) return open[0]!;
  throw new ApiRefusal(404, open.length === 0 ? NO_SIGNUPS : manyOpen(open.length));
}

export async function signupCommand(api: BotApi, user: InteractionUser, eventOption: string | undefined, teamOption: string | undefined) {
  const event = await signupEvent(api, eventOption);
  // without a team name, the player's own name, as the page suggests it
  const name = teamOption?.trim() || user.global_name || user.username;
  const team = await api.post<Team>(`/api/tournaments/${event.uid}/signup`, { name });
  return signedUpAnswer(team.name, event.name);
}

/** The attachment's text, only from the CDN base and only up to DECK_FILE_MAX bytes, within the time limit. */
export async function fetchDeckFile(cdnBase: string, file: AttachedFile, fetchImpl?: typeof fetch): Promise<string> {
  if (!/\.ydk$/i.test(file.filename)) throw new ApiRefusal(400, FILE_NOT_YDK);
  if (file.size > DECK_FILE_MAX) throw new ApiRefusal(413, TOO_BIG);
  let url: URL;
  try {
    url = new URL(file.url);
  } catch {
    throw new ApiRefusal(400, FILE_NOT_ATTACHMENT);
  }
  const base = new URL(cdnBase);
  const prefix = base.pathname.replace(/\/+$/, '') + '/';
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) throw new ApiRefusal(400, FILE_NOT_ATTACHMENT);
  // the size Discord stated is not trusted: the body is read up to the limit and no further
  const got = await download(url, { maxBytes: DECK_FILE_MAX, timeoutMs: FETCH_TIMEOUT_MS, fetch: fetchImpl });
  if (got.kind === 'too-big') throw new ApiRefusal(413, TOO_BIG);
  if (got.kind === 'failed') throw new ApiRefusal(502, FILE_NOT_SENT);
  return got.bytes.toString('utf8');
}

export async function deckCommand(api: BotApi, cdnBase: string, eventOption: string | undefined, input: { file?: AttachedFile; ydke?: string }, fetchImpl?: typeof fetch) {
  const ydke = input.ydke?.trim();
  if (input.file && ydke) return privateMessage(DECK_BOTH);
  if (!input.file && !ydke) return privateMessage(DECK_NEITHER);
  const event = await resolveEvent(api, eventOption);
  const text = input.file ? await fetchDeckFile(cdnBase, input.file, fetchImpl) : ydke!;
  const label = input.file ? input.file.filename.replace(/\.ydk$/i, '').trim().slice(0, DECK_LABEL_MAX) : '';
  let deck: Deck;
  try {
    deck = await api.postText<Deck>(`/api/tournaments/${event.uid}/decks${label ? `?label=${encodeURIComponent(label)}` : ''}`, text);
  } catch (e) {
    if (!(e instanceof ApiRefusal) || e.status !== 400) throw e;
    const problems = (e.body as { problems?: { message: string }[] } | undefined)?.problems ?? [];
    return deckRefusedAnswer(e.message, problems.map((p) => p.message));
  }
  return deckReceivedAnswer({ ...deck, approved: deck.status === 'Approved' }, event.name);
}
