// /round action:next for the host: the site's Next Round route, called as the user (the route decides
// who may). As on the page, the round that creates the top cut asks first: a confirmation button.
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { swissPlan } from '../../../../domain/tournament/round-name.ts';
import type { Tournament, TournamentSummary } from '../../../../domain/api/tournaments.ts';
import type { BotApi } from '../bot-api.ts';
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

async function advance(api: BotApi, uid: string) {
  const t = await api.post<Tournament>(`/api/tournaments/${uid}/next-round`);
  return `**${escapeMarkdown(t.name)}**: round ${t.currentRound} of ${t.roundCount} is paired; its players get their tables by direct message.`;
}

export async function roundCommand(api: BotApi, action: string | undefined, eventOption: string | undefined) {
  if (action !== 'next') return privateMessage('action: must be next');
  const event = await hostedEvent(api, eventOption);
  const t = await api.get<Tournament>(`/api/tournaments/${event.uid}`);
  const cut = cutCreated(t);
  if (cut === null) return privateMessage(await advance(api, t.uid));
  return privateMessage(
    `**${escapeMarkdown(t.name)}**: round ${t.currentRound} is the last Swiss round. Next Round creates the top ${cut} from the standings: the teams below the cut line stop playing. Go on?`,
    [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: `Create the top ${cut}`, custom_id: nextRoundButtonId(t.uid, t.currentRound) }] }],
  );
}

/** The confirmation: only while the event is still in the round it was asked in (pressed twice, once). */
export async function nextRoundButton(api: BotApi, eventUid: string, round: number) {
  const t = await api.get<Tournament>(`/api/tournaments/${eventUid}`);
  if (t.currentRound !== round) return updateMessage(`**${escapeMarkdown(t.name)}** is already in round ${t.currentRound}: nothing changed.`);
  return updateMessage(await advance(api, eventUid));
}
