// /round action:next for the host: the site's Next Round route, called as the user (the route decides
// who may). As on the page, the round that creates the top cut asks first: a confirmation button.
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { swissPlan } from '../../../../domain/tournament/round-name.ts';
import type { DiscordChannel } from '../../../../domain/api/discord-channel.ts';
import type { Match, Tournament, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import { attentionOf, attentionTotal, type Attention } from '../../../../domain/tournament/attention.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';
import { escapeMarkdown, privateMessage, updateMessage } from '../responses.ts';
import { resolveEvent, runningThenUpcoming } from './event-option.ts';

/** custom_id of the top-cut confirmation: the event and the round it moves on from (a stale button does nothing). */
export const nextRoundButtonId = (eventUid: string, round: number) => `rn:${eventUid}:${round}`;
export function parseNextRoundButton(customId: string): { eventUid: string; round: number } | undefined {
  const m = /^rn:([\w-]{1,64}):(\d{1,4})$/.exec(customId);
  return m ? { eventUid: m[1]!, round: Number(m[2]) } : undefined;
}

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

const KIND_WORDS: Record<Attention['kind'], [string, string]> = {
  dispute: ['dispute', 'disputes'], 'past-time': ['table past time', 'tables past time'], unreported: ['match not reported', 'matches not reported'], 'check-in': ['team not checked in', 'teams not checked in'],
};

/** The host's panel in one line: its count and what it is made of (the panel's own rule, domain/tournament/attention.ts). */
export async function attentionLine(api: BotApi, t: Tournament, now = Date.now()): Promise<string> {
  const [matches, channel] = await Promise.all([
    t.inProgress ? api.get<Match[]>(`/api/tournaments/${t.uid}/matches?round=${t.currentRound}`) : Promise.resolve([]),
    api.get<DiscordChannel>(`/api/tournaments/${t.uid}/discord`).catch(() => undefined),
  ]);
  const items = attentionOf(t, matches, now);
  const total = attentionTotal(items, channel);
  if (total === 0) return 'Needs attention: nothing.';
  const counts = new Map<Attention['kind'], number>();
  for (const i of items) counts.set(i.kind, (counts.get(i.kind) ?? 0) + (i.kind === 'check-in' ? i.teams.length : 1));
  const parts = [...counts].map(([kind, n]) => `${n} ${KIND_WORDS[kind][n === 1 ? 0 : 1]}`);
  if (total > items.length) parts.push('the Discord channel failing');
  return `Needs attention: ${total} (${parts.join(', ')}).`;
}

async function advance(api: BotApi, uid: string) {
  const t = await api.post<Tournament>(`/api/tournaments/${uid}/next-round`);
  return `**${escapeMarkdown(t.name)}**: round ${t.currentRound} of ${t.roundCount} is paired; its players get their tables by direct message.\n${await attentionLine(api, t)}`;
}

/** Next Round, or the route's refusal with what holds the round up. */
async function advanceOrSay(api: BotApi, t: Tournament): Promise<string> {
  try {
    return await advance(api, t.uid);
  } catch (e) {
    if (!(e instanceof ApiRefusal) || e.status !== 409) throw e;
    return `${escapeMarkdown(e.message)}\n${await attentionLine(api, t)}`;
  }
}

export async function roundCommand(api: BotApi, action: string | undefined, eventOption: string | undefined) {
  if (action !== 'next') return privateMessage('action: must be next');
  const event = await hostedEvent(api, eventOption);
  const t = await api.get<Tournament>(`/api/tournaments/${event.uid}`);
  const cut = cutCreated(t);
  if (cut === null) return privateMessage(await advanceOrSay(api, t));
  return privateMessage(
    `**${escapeMarkdown(t.name)}**: round ${t.currentRound} is the last Swiss round. Next Round creates the top ${cut} from the standings: the teams below the cut line stop playing. Go on?`,
    [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: `Create the top ${cut}`, custom_id: nextRoundButtonId(t.uid, t.currentRound) }] }],
  );
}

/** The confirmation: only while the event is still in the round it was asked in (pressed twice, once). */
export async function nextRoundButton(api: BotApi, eventUid: string, round: number) {
  const t = await api.get<Tournament>(`/api/tournaments/${eventUid}`);
  if (t.currentRound !== round) return updateMessage(`**${escapeMarkdown(t.name)}** is already in round ${t.currentRound}: nothing changed.`);
  return updateMessage(await advanceOrSay(api, t));
}
