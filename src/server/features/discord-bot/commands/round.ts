// /round action:next for the host: the site's Next Round route, called as the user (the route decides
// who may). As on the page, the round that creates the top cut asks first: a confirmation button.
import type { DiscordChannel } from '../../../../domain/api/discord-channel.ts';
import type { Match, Tournament, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import { alreadyInRound, attentionLine, roundPairedText, roundRefusedText, topCutPrompt } from '../../../../domain/discord/report-answers.ts';
import { privateMessage, updateMessage } from '../../../../domain/discord/responses.ts';
import { attentionOf, attentionTotal } from '../../../../domain/tournaments/attention.ts';
import { swissPlan } from '../../../../domain/tournaments/round-name.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';
import { resolveEvent, runningThenUpcoming } from './event-option.ts';

/** The event named, else the running event the user hosts, else the one they play in. */
async function hostedEvent(api: BotApi, value: string | undefined): Promise<TournamentSummary> {
  if (value) return resolveEvent(api, value);
  const list = await api.get<TournamentSummary[]>('/api/tournaments');
  return runningThenUpcoming(list).find((t) => t.hostDiscordId === api.discordId && t.inProgress) ?? resolveEvent(api, undefined);
}

/** The size of the cut this Next Round creates (the page's swissCut), else null. */
function cutCreated(t: Tournament): number | null {
  if (t.format !== 'DEFAULT' || !t.inProgress || t.completed || t.currentRound < 1) return null;
  const { swiss, cut } = swissPlan(t.roundCount, t);
  return cut >= 2 && t.currentRound === swiss ? cut : null;
}

/** The host's panel in one line (the panel's own rule, domain/tournaments/attention.ts). */
async function attention(api: BotApi, t: Tournament, now = Date.now()): Promise<string> {
  const [matches, channel] = await Promise.all([
    t.inProgress ? api.get<Match[]>(`/api/tournaments/${t.uid}/matches?round=${t.currentRound}`) : Promise.resolve([]),
    api.get<DiscordChannel>(`/api/tournaments/${t.uid}/discord`).catch(() => undefined),
  ]);
  const items = attentionOf(t, matches, now);
  return attentionLine(items, attentionTotal(items, channel));
}

/** Next Round, or the route's refusal with what holds the round up. */
async function advanceOrSay(api: BotApi, t: Tournament): Promise<string> {
  try {
    const moved = await api.post<Tournament>(`/api/tournaments/${t.uid}/next-round`);
    return roundPairedText(moved.name, moved.currentRound, moved.roundCount, await attention(api, moved));
  } catch (e) {
    if (!(e instanceof ApiRefusal) || e.status !== 409) throw e;
    return roundRefusedText(e.message, await attention(api, t));
  }
}

/** `action` is next (the interaction's reading checked it against the command's choices). */
export async function roundCommand(api: BotApi, eventOption: string | undefined) {
  const event = await hostedEvent(api, eventOption);
  const t = await api.get<Tournament>(`/api/tournaments/${event.uid}`);
  const cut = cutCreated(t);
  return cut === null ? privateMessage(await advanceOrSay(api, t)) : topCutPrompt(t, t.currentRound, cut);
}

/** The confirmation: only while the event is still in the round it was asked in (pressed twice, once). */
export async function nextRoundButton(api: BotApi, eventUid: string, round: number) {
  const t = await api.get<Tournament>(`/api/tournaments/${eventUid}`);
  if (t.currentRound !== round) return alreadyInRound(t.name, t.currentRound);
  return updateMessage(await advanceOrSay(api, t));
}
