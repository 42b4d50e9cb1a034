// The shapes of the bot's answers to Discord (discord-api-types). Private answers are ephemeral;
// nothing the bot writes pings anyone.
import {
  InteractionResponseType, MessageFlags,
  type APIActionRowComponent, type APIComponentInMessageActionRow, type APIInteractionResponse,
  type APIApplicationCommandOptionChoice,
} from 'discord-api-types/v10';

/** Discord's limit on a message's text. */
const CONTENT_MAX = 2000;
const clip = (s: string) => (s.length > CONTENT_MAX ? `${s.slice(0, CONTENT_MAX - 1)}…` : s);
type Rows = APIActionRowComponent<APIComponentInMessageActionRow>[];

export function message(content: string, { ephemeral = false, components }: { ephemeral?: boolean; components?: Rows } = {}): APIInteractionResponse {
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: { content: clip(content), allowed_mentions: { parse: [] }, ...(ephemeral && { flags: MessageFlags.Ephemeral }), ...(components && { components }) },
  };
}

export const privateMessage = (content: string, components?: Rows) => message(content, { ephemeral: true, components });

/** Replaces the message the pressed button is on (its buttons go). */
export function updateMessage(content: string, components: Rows = []): APIInteractionResponse {
  return { type: InteractionResponseType.UpdateMessage, data: { content: clip(content), components, allowed_mentions: { parse: [] } } };
}

export function choices(list: APIApplicationCommandOptionChoice<string>[]): APIInteractionResponse {
  return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: list } };
}

/** Text from the site shown in Discord markdown as written. */
export function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_~|>#[\]()<@-]/g, '\\$&');
}

/** A Discord timestamp that every reader sees in their own time zone (R: relative, f: date and time). */
export const discordTime = (iso: string, style: 'R' | 'f' = 'f') => `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;
