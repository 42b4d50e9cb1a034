// The bot's calls to Discord's REST API, all through DISCORD_API_URL (tests and relays stand in for
// Discord). The bot token goes in a header and never into a message, an error or a log line.
import { Routes } from 'discord-api-types/v10';
import { COMMAND_DEFINITIONS } from './commands/definitions.ts';

export interface RegisterTarget {
  apiUrl: string;
  token: string;
  applicationId: string;
  guildId?: string;
}

/** Bulk-overwrites the commands (globally, or in one server where changes show at once); returns how many Discord holds. */
export async function registerCommands(t: RegisterTarget, fetchImpl: typeof fetch = fetch): Promise<{ count: number; where: string }> {
  const route = t.guildId ? Routes.applicationGuildCommands(t.applicationId, t.guildId) : Routes.applicationCommands(t.applicationId);
  const res = await fetchImpl(`${t.apiUrl}${route}`, {
    method: 'PUT',
    headers: { Authorization: `Bot ${t.token}`, 'Content-Type': 'application/json', 'User-Agent': 'FormatHub (https://github.com, 1.0)' },
    body: JSON.stringify(COMMAND_DEFINITIONS),
  });
  const text = await res.text();
  if (!res.ok) {
    // Discord's error body names the problem; it never carries the token
    throw new Error(`Discord answered ${res.status} to the command registration: ${text.split(t.token).join('…').slice(0, 500)}`);
  }
  const body = JSON.parse(text) as unknown[];
  return { count: Array.isArray(body) ? body.length : COMMAND_DEFINITIONS.length, where: t.guildId ? `server ${t.guildId}` : 'every server (global commands)' };
}

/**
 * Finishes a deferred interaction on its webhook (the interaction's token authorizes it, not the
 * bot's): the deferred message edited, or a follow-up message. The token stays out of errors.
 */
export async function finishInteraction(
  apiUrl: string, interaction: { application_id: string; token: string }, how: 'edit' | 'follow-up',
  data: unknown, fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const route = how === 'edit'
    ? Routes.webhookMessage(interaction.application_id, interaction.token, '@original')
    : Routes.webhook(interaction.application_id, interaction.token);
  const res = await fetchImpl(`${apiUrl}${route}`, {
    method: how === 'edit' ? 'PATCH' : 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'FormatHub (https://github.com, 1.0)' },
    // an edit cannot change whether the message is ephemeral (the deferral decided it)
    body: JSON.stringify(how === 'edit' && data && typeof data === 'object' ? { ...data, flags: undefined } : data),
  });
  if (!res.ok) throw new Error(`Discord answered ${res.status} to a late interaction answer`);
}
