// /checkin, /drop (and its button) and /notifications: writes through the same routes as the page.
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { DiscordNotifications } from '../../../../domain/api/discord-notifications.ts';
import type { Team } from '../../../../domain/api/tournaments.ts';
import type { BotApi } from '../bot-api.ts';
import { escapeMarkdown, privateMessage, updateMessage } from '../responses.ts';
import { requireOwnEntry, resolveEvent } from './event-option.ts';

async function checkIn(api: BotApi, eventOption: string | undefined): Promise<string> {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const team = await api.post<Team>(`/api/tournaments/${event.uid}/teams/${entry.teamUid}/check-in`);
  return `Checked in: ${escapeMarkdown(team.name)} plays in **${escapeMarkdown(event.name)}**.`;
}

export const checkinCommand = async (api: BotApi, eventOption: string | undefined) => privateMessage(await checkIn(api, eventOption));

/** custom_id of the DM's 'Check in': it names the event only; whoever presses it checks in their own team. */
export const checkInButtonId = (eventUid: string) => `ci:${eventUid}`;
export function parseCheckInButton(customId: string): { eventUid: string } | undefined {
  const m = /^ci:([\w-]{1,64})$/.exec(customId);
  return m ? { eventUid: m[1]! } : undefined;
}

/** The button on the check-in DM: the presser's own team (the message stays, with its answer). */
export const checkInButton = async (api: BotApi, eventUid: string) => updateMessage(await checkIn(api, eventUid));

/** custom_id of the drop confirmation: it names the event and the team, never who may press it. */
export const dropButtonId = (eventUid: string, teamUid: string) => `drop:${eventUid}:${teamUid}`;
export function parseDropButton(customId: string): { eventUid: string; teamUid: string } | undefined {
  const m = /^drop:([\w-]{1,64}):([\w-]{1,64})$/.exec(customId);
  return m ? { eventUid: m[1]!, teamUid: m[2]! } : undefined;
}

export async function dropCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  return privateMessage(`Drop ${escapeMarkdown(entry.teamName)} from **${escapeMarkdown(event.name)}**? You cannot come back in.`, [{
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.Button, style: ButtonStyle.Danger, label: 'Drop', custom_id: dropButtonId(event.uid, entry.teamUid) }],
  }]);
}

/**
 * The Drop button: the button names a team, and only one of its active members may use it (a
 * forwarded button does nothing for anyone else, the host included: the host drops from the site).
 */
export async function dropButton(api: BotApi, eventUid: string, teamUid: string) {
  const team = await api.get<Team>(`/api/tournaments/${eventUid}/teams/${teamUid}`);
  const me = team.members.find((m) => m.discordId === api.discordId);
  if (!me) return privateMessage('This button is not yours: nothing changed.');
  // pressed again: the route's own sentence (already dropped)
  if (team.captainDiscordId === api.discordId) await api.post(`/api/tournaments/${eventUid}/teams/${teamUid}/drop`);
  else await api.post(`/api/tournaments/${eventUid}/participants/${me.id}/drop`);
  return updateMessage(`Dropped: ${escapeMarkdown(team.name)} is out of the event.`);
}

export async function notificationsCommand(api: BotApi, state: string | undefined) {
  if (state !== 'on' && state !== 'off') return privateMessage('state: must be on or off');
  const { directMessages } = await api.put<DiscordNotifications>('/api/discord/notifications', { directMessages: state === 'on' });
  return privateMessage(directMessages ? 'Direct messages are on: the bot messages you when you are paired and when your events need you.' : 'Direct messages are off: the bot will not message you about your events.');
}
