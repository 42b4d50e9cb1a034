// /checkin, /drop (and its button) and /notifications: writes through the same routes as the page.
import type { DiscordNotifications } from '../../../../domain/api/discord-notifications.ts';
import type { Team } from '../../../../domain/api/tournaments.ts';
import { checkedInText, dropPrompt, droppedAnswer, NOT_YOURS, notificationsAnswer } from '../../../../domain/discord/play-answers.ts';
import { privateMessage, updateMessage } from '../../../../domain/discord/responses.ts';
import type { BotApi } from '../bot-api.ts';
import { requireOwnEntry, resolveEvent } from './event-option.ts';

async function checkIn(api: BotApi, eventOption: string | undefined): Promise<string> {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  const team = await api.post<Team>(`/api/tournaments/${event.uid}/teams/${entry.teamUid}/check-in`);
  return checkedInText(team.name, event.name);
}

export const checkinCommand = async (api: BotApi, eventOption: string | undefined) => privateMessage(await checkIn(api, eventOption));

/** The button on the check-in DM: the presser's own team (the message stays, with its answer). */
export const checkInButton = async (api: BotApi, eventUid: string) => updateMessage(await checkIn(api, eventUid));

export async function dropCommand(api: BotApi, eventOption: string | undefined) {
  const event = await resolveEvent(api, eventOption);
  const entry = await requireOwnEntry(api, event);
  return dropPrompt(entry.teamName, event, entry.teamUid);
}

/**
 * The Drop button: the button names a team, and only one of its active members may use it (a
 * forwarded button does nothing for anyone else, the host included: the host drops from the site).
 */
export async function dropButton(api: BotApi, eventUid: string, teamUid: string) {
  const team = await api.get<Team>(`/api/tournaments/${eventUid}/teams/${teamUid}`);
  const me = team.members.find((m) => m.discordId === api.discordId);
  if (!me) return privateMessage(NOT_YOURS);
  // pressed again: the route's own sentence (already dropped)
  if (team.captainDiscordId === api.discordId) await api.post(`/api/tournaments/${eventUid}/teams/${teamUid}/drop`);
  else await api.post(`/api/tournaments/${eventUid}/participants/${me.id}/drop`);
  return droppedAnswer(team.name);
}

/** `state` is on or off (the interaction's reading checked it against the command's choices). */
export async function notificationsCommand(api: BotApi, state: string | undefined) {
  const { directMessages } = await api.put<DiscordNotifications>('/api/discord/notifications', { directMessages: state === 'on' });
  return notificationsAnswer(directMessages);
}
