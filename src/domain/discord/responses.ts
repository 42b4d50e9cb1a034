// The shapes of the bot's answers to Discord's interactions (discord-api-types): a message, a
// private (ephemeral) one, the pressed button's message replaced, autocomplete choices. Nothing the
// bot writes pings anyone.
import {
  InteractionResponseType, MessageFlags,
  type APIActionRowComponent, type APIApplicationCommandOptionChoice, type APIComponentInMessageActionRow, type APIInteractionResponse,
} from 'discord-api-types/v10';
import { clip } from './markdown.ts';

export type Rows = APIActionRowComponent<APIComponentInMessageActionRow>[];

export function message(content: string, { ephemeral = false, components }: { ephemeral?: boolean; components?: Rows } = {}): APIInteractionResponse {
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: { content: clip(content), allowed_mentions: { parse: [] }, ...(ephemeral && { flags: MessageFlags.Ephemeral }), ...(components && { components }) },
  };
}

/** For the user alone. */
export const privateMessage = (content: string, components?: Rows) => message(content, { ephemeral: true, components });

/** Replaces the message the pressed button is on (its buttons go, unless new ones are given). */
export function updateMessage(content: string, components: Rows = []): APIInteractionResponse {
  return { type: InteractionResponseType.UpdateMessage, data: { content: clip(content), components, allowed_mentions: { parse: [] } } };
}

export function choices(list: APIApplicationCommandOptionChoice<string>[]): APIInteractionResponse {
  return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: list } };
}
