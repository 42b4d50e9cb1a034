// POST /api/discord/interactions: Discord's HTTP interactions (decision 033). The raw body is kept
// (a JSON parser scoped to this route) because the signature covers its exact bytes; a request
// whose signature fails changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApplicationCommandOptionType, ApplicationCommandType, InteractionResponseType, InteractionType,
  type APIApplicationCommandInteractionDataOption as OptionData, type APIAttachment, type APIChatInputApplicationCommandInteractionData, type APIInteraction, type APIInteractionResponse, type APIUser,
} from 'discord-api-types/v10';
import type { Db } from '../../db/client.ts';
import { DISCORD_CDN_DEFAULT, discordApiUrl, discordBotSettings, type Env } from '../../env.ts';
import { HttpError } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import { ApiRefusal, createBotSessions, type BotApi } from './bot-api.ts';
import type { CommandName } from './commands/definitions.ts';
import { checkInButton, checkinCommand, dropButton, parseCheckInButton, dropCommand, notificationsCommand, parseDropButton } from './commands/entry.ts';
import { eventChoices } from './commands/event-option.ts';
import { eventsCommand, standingsCommand, tableCommand } from './commands/play.ts';
import { parseResultButton, reportCommand, resultButton } from './commands/report.ts';
import { nextRoundButton, parseNextRoundButton, roundCommand } from './commands/round.ts';
import { cardChoices, cardCommand } from './commands/card.ts';
import { deckCommand, signupCommand } from './commands/signup-deck.ts';
import { choices, privateMessage } from './responses.ts';
import { registerNotificationsRoutes } from './notifications-routes.ts';
import { publicKeyFromHex, verifyInteraction } from './verify.ts';
import { answerInTime } from './deferral.ts';
import { finishInteraction } from './discord-rest.ts';
import { registerDirectMessages } from './direct-messages.ts';

export interface DiscordBotOptions {
  db: Db;
  env: Env;
  secureCookies: boolean;
  /** the site's public origin, for links */
  siteOrigin: (req: FastifyRequest) => string;
}

/** Discord's interaction response: its type (1 PONG, 4 a message, 7 the message updated, 8 choices) and data as Discord reads them. */
const interactionReply = z.looseObject({ type: z.number().int(), data: z.looseObject({}).optional() }).describe('An interaction response');

/** Commands whose answer the channel sees; every other answer is for the user alone. */
const PUBLIC_COMMANDS = new Set<string>(['events', 'standings']);

type ChatInputData = APIChatInputApplicationCommandInteractionData;

/** An attachment option's file, from the interaction's resolved data (the option's value is its id). */
const attachment = (data: ChatInputData, name: string): APIAttachment | undefined => {
  const o = data.options?.find((x) => x.name === name);
  if (o?.type !== ApplicationCommandOptionType.Attachment) return undefined;
  return data.resolved?.attachments?.[o.value];
};

/** A string option's value (top level: no command has sub-commands). */
const option = (options: OptionData[] | undefined, name: string): string | undefined => {
  const o = options?.find((x) => x.name === name);
  return o && o.type === ApplicationCommandOptionType.String ? o.value : undefined;
};

export function registerDiscordBot(app: FastifyInstance, { db, env, secureCookies, siteOrigin }: DiscordBotOptions): void {
  const settings = discordBotSettings(env);
  const key = settings && publicKeyFromHex(settings.publicKey);
  const sessions = createBotSessions(app, { db, secureCookies });
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const apiUrl = discordApiUrl(env);
  const cdnUrl = env.DISCORD_CDN_URL ?? DISCORD_CDN_DEFAULT;
  // the site's own setting, on whether the bot is or not
  registerNotificationsRoutes(app, { db });
  // the direct-message outbox, queued by the routes' own transactions (off without a token)
  registerDirectMessages(app, { db, env });

  async function command(api: BotApi, user: APIUser, data: ChatInputData, req: FastifyRequest): Promise<APIInteractionResponse> {
    const { options } = data;
    const event = option(options, 'event');
    switch (data.name as CommandName) {
      case 'events': return eventsCommand(api, siteOrigin(req));
      case 'signup': return signupCommand(api, user, event, option(options, 'team'));
      case 'deck': return deckCommand(api, cdnUrl, event, { file: attachment(data, 'file'), ydke: option(options, 'ydke') });
      case 'table': return tableCommand(api, event);
      case 'standings': return standingsCommand(api, event);
      case 'checkin': return checkinCommand(api, event);
      case 'drop': return dropCommand(api, event);
      case 'report': return reportCommand(api, event);
      case 'round': return roundCommand(api, option(options, 'action'), event);
      case 'card': return cardCommand(api, option(options, 'name'), siteOrigin(req));
      case 'notifications': return notificationsCommand(api, option(options, 'state'));
      default: return privateMessage(`Unknown command /${data.name.slice(0, 32)}`);
    }
  }

  async function answer(interaction: APIInteraction, user: APIUser, req: FastifyRequest): Promise<APIInteractionResponse> {
    const api = await sessions.forUser(user);
    switch (interaction.type) {
      case InteractionType.ApplicationCommand: {
        const data = interaction.data;
        if (data.type !== ApplicationCommandType.ChatInput) return privateMessage('Only slash commands are handled.');
        return command(api, user, data, req);
      }
      case InteractionType.ApplicationCommandAutocomplete: {
        const focused = interaction.data.options.find((o) => 'focused' in o && o.focused);
        if (focused?.type !== ApplicationCommandOptionType.String) return choices([]);
        if (focused.name === 'name') return choices(await cardChoices(api, focused.value));
        if (focused.name !== 'event') return choices([]);
        return choices(await eventChoices(api, focused.value));
      }
      case InteractionType.MessageComponent: {
        const result = parseResultButton(interaction.data.custom_id);
        if (result) return resultButton(api, result);
        const next = parseNextRoundButton(interaction.data.custom_id);
        if (next) return nextRoundButton(api, next.eventUid, next.round);
        const checkin = parseCheckInButton(interaction.data.custom_id);
        if (checkin) return checkInButton(api, checkin.eventUid);
        const drop = parseDropButton(interaction.data.custom_id);
        if (!drop) return privateMessage('This button is no longer used: nothing changed.');
        return dropButton(api, drop.eventUid, drop.teamUid);
      }
      default:
        return privateMessage('This kind of interaction is not handled.');
    }
  }

  app.register(async (scope) => {
    // only here: the signature covers the exact bytes, so they are kept before JSON.parse
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      rawBodies.set(req, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, undefined); // refused below: after the signature check, as Discord expects
      }
    });
    scope.post('/api/discord/interactions', {
      // Discord's servers send every user's interactions: each user's own limits apply inside
      config: { rateLimit: false },
      schema: {
        tags: ['discord'], summary: 'Discord interactions (signed by Discord): the bot’s commands, autocomplete and buttons',
        response: { 200: interactionReply, ...errors(400, 401, 403, 404) },
      },
    }, async (req) => {
      if (!settings || !key) throw new HttpError(404, 'The Discord bot is off: set DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      if (!verifyInteraction(key, header('x-signature-ed25519'), header('x-signature-timestamp'), rawBodies.get(req) ?? Buffer.alloc(0))) {
        throw new HttpError(401, 'Invalid request signature');
      }
      const interaction = req.body as APIInteraction | undefined;
      if (!interaction || typeof interaction !== 'object' || typeof interaction.type !== 'number') throw new HttpError(400, 'The body must be a Discord interaction');
      if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
      const user = interaction.member?.user ?? interaction.user;
      if (!user?.id) return privateMessage('This interaction names no user.');
      const work = answer(interaction, user, req).catch((e: unknown) => {
        if (e instanceof ApiRefusal) return privateMessage(e.message);
        // the interaction's token is never logged: only the error and what was asked
        req.log.error({ err: e, interaction: interaction.type }, 'a Discord interaction failed');
        return privateMessage('Something went wrong: try again, or use the site.');
      });
      const name = interaction.type === InteractionType.ApplicationCommand ? interaction.data.name : '';
      return answerInTime(interaction, work, {
        ephemeral: !PUBLIC_COMMANDS.has(name),
        finish: (i, how, response) => finishInteraction(apiUrl, i, how, 'data' in response ? response.data : {}),
        onLateError: (e) => app.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'a late Discord answer was not delivered'),
      });
    });
  });
}
