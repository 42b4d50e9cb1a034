// The bot's own calls to Discord beyond the DM outbox, through the one Discord client: the command
// registration (a bulk overwrite) and the late answers of deferred interactions.
import { Routes } from 'discord-api-types/v10';
import { COMMAND_DEFINITIONS } from '../../../domain/discord/commands.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';

/** Bulk-overwrites the commands (globally, or in one server where changes show at once); returns how many Discord holds. */
export async function registerCommands(client: DiscordClient, t: { applicationId: string; guildId?: string }): Promise<{ count: number; where: string }> {
  const path = t.guildId ? Routes.applicationGuildCommands(t.applicationId, t.guildId) : Routes.applicationCommands(t.applicationId);
  const answer = await client.call({ method: 'PUT', path, body: COMMAND_DEFINITIONS });
  // Discord's error names the problem; the client keeps the token out of it
  if (!answer.ok) throw new Error(`Discord answered the command registration: ${answer.error}`);
  return { count: Array.isArray(answer.json) ? answer.json.length : COMMAND_DEFINITIONS.length, where: t.guildId ? `server ${t.guildId}` : 'every server (global commands)' };
}

/** Where a late answer goes: the interaction's own webhook (its token authorizes it, not the bot's). */
export interface LateTarget { applicationId: string; token: string }

/** Finishes a deferred interaction: the deferred message edited, or a follow-up message. */
export async function finishInteraction(client: DiscordClient, target: LateTarget, how: 'edit' | 'follow-up', data: unknown): Promise<void> {
  const answer = await client.call({
    method: how === 'edit' ? 'PATCH' : 'POST',
    path: how === 'edit' ? Routes.webhookMessage(target.applicationId, target.token, '@original') : Routes.webhook(target.applicationId, target.token),
    // an edit cannot change whether the message is ephemeral (the deferral decided it)
    body: how === 'edit' && data && typeof data === 'object' ? { ...data, flags: undefined } : data,
    auth: 'none', secrets: [target.token],
  });
  if (!answer.ok) throw new Error(`Discord refused a late interaction answer: ${answer.error}`);
}
