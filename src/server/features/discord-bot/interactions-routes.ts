// POST /api/discord/interactions: Discord's HTTP interactions (decisions 033 and 035). The raw body is
// kept (a JSON parser scoped to this route) because the signature covers its exact bytes; a request
// whose signature fails changes nothing. Past the signature, whatever the body's shape, the answer
// is a 200 with a sentence for the user: a malformed interaction names what is wrong, a user over
// their own limit is told the wait (everyone else goes on), and a second delivery of the same
// interaction gets the first answer without being acted on again.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InteractionResponseType, type APIInteractionResponse } from 'discord-api-types/v10';
import type { LeagueSubcommand } from '../../../domain/discord/commands.ts';
import { parseButton } from '../../../domain/discord/custom-ids.ts';
import { readInteraction, type Interaction } from '../../../domain/discord/interaction-input.ts';
import { ALREADY_ANSWERED, refusal, SOMETHING_WRONG, STALE_BUTTON, tooManyAnswer } from '../../../domain/discord/play-answers.ts';
import { choices, privateMessage } from '../../../domain/discord/responses.ts';
import type { Db } from '../../db/client.ts';
import type { DiscordClient } from '../../discord/discord-client.ts';
import { DISCORD_CDN_DEFAULT, discordBotSettings, type Env } from '../../env.ts';
import { HttpError } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import { ApiRefusal, createBotSessions, SuspendedRefusal, type BotApi } from './bot-api.ts';
import { suspendedAnswer } from '../../../domain/discord/people-messages.ts';
import { claimInteraction, forgetExpiredInteractions, keepAnswer } from './bot-repository.ts';
import { cardChoices, cardCommand } from './commands/card.ts';
import { checkInButton, checkinCommand, dropButton, dropCommand, notificationsCommand } from './commands/entry.ts';
import { eventChoices } from './commands/event-option.ts';
import { leagueButton, leagueChoices, leagueCommand } from './commands/league.ts';
import { eventsCommand, standingsCommand, tableCommand } from './commands/play.ts';
import { reportCommand, resultButton } from './commands/report.ts';
import { nextRoundButton, roundCommand } from './commands/round.ts';
import { deckCommand, signupCommand } from './commands/signup-deck.ts';
import { answerInTime } from './deferral.ts';
import { finishInteraction } from './discord-rest.ts';
import { registerNotificationsRoutes } from './notifications-routes.ts';
import { MAX_SKEW_SECONDS, publicKeyFromHex, verifyInteraction } from './verify.ts';

export interface DiscordBotOptions {
  db: Db;
  env: Env;
  client: DiscordClient;
  secureCookies: boolean;
  /** the site's public origin, for links */
  siteOrigin: (req: FastifyRequest) => string;
}

/** Discord's interaction response: its type (1 PONG, 4 a message, 7 the message updated, 8 choices) and data as Discord reads them. */
const interactionReply = z.looseObject({ type: z.number().int(), data: z.looseObject({}).optional() }).describe('An interaction response');

/** Commands whose answer the channel sees (and /league standings); every other answer is for the user alone. */
const PUBLIC_COMMANDS = new Set<string>(['events', 'standings']);
const isPublic = (i: Acting) => i.kind === 'command' && (PUBLIC_COMMANDS.has(i.name) || (i.name === 'league' && i.subcommand === 'standings'));
/** How often expired interaction ids are deleted (at most). */
const SWEEP_MS = 60_000;

type Acting = Exclude<Interaction, { kind: 'ping' } | { kind: 'refused' }>;
const noChoices = () => choices([]);

export function registerDiscordBot(app: FastifyInstance, { db, env, client, secureCookies, siteOrigin }: DiscordBotOptions): void {
  const settings = discordBotSettings(env);
  const key = settings && publicKeyFromHex(settings.publicKey);
  const sessions = createBotSessions(app, { db, secureCookies });
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const cdnUrl = env.DISCORD_CDN_URL ?? DISCORD_CDN_DEFAULT;
  let swept = 0;
  // the site's own setting, on whether the bot is or not
  registerNotificationsRoutes(app, { db });

  async function command(api: BotApi, i: Extract<Acting, { kind: 'command' }>, req: FastifyRequest): Promise<APIInteractionResponse> {
    const { event } = i.options;
    switch (i.name) {
      case 'events': return eventsCommand(api, siteOrigin(req));
      case 'signup': return signupCommand(api, i.user, event, i.options.team);
      case 'deck': return deckCommand(api, cdnUrl, event, { file: i.files.file, ydke: i.options.ydke });
      case 'table': return tableCommand(api, event);
      case 'standings': return standingsCommand(api, event);
      case 'checkin': return checkinCommand(api, event);
      case 'drop': return dropCommand(api, event);
      case 'report': return reportCommand(api, event);
      case 'round': return roundCommand(api, event);
      case 'card': return cardCommand(api, i.options.name, siteOrigin(req));
      case 'notifications': return notificationsCommand(api, i.options.state);
      case 'league': return leagueCommand(api, {
        subcommand: i.subcommand as LeagueSubcommand, league: i.options.league, file: i.files.file, ydke: i.options.ydke,
      }, { cdnUrl, origin: siteOrigin(req) });
    }
  }

  async function answer(i: Acting, req: FastifyRequest): Promise<APIInteractionResponse> {
    const api = await sessions.forUser(i.user);
    switch (i.kind) {
      case 'command':
        return command(api, i, req);
      case 'autocomplete': {
        if (i.focused?.name === 'name') return choices(await cardChoices(api, i.focused.value));
        if (i.focused?.name === 'event') return choices(await eventChoices(api, i.focused.value));
        if (i.focused?.name === 'league') return choices(await leagueChoices(api, i.focused.value));
        return noChoices();
      }
      case 'button': {
        const b = parseButton(i.customId);
        switch (b?.kind) {
          case 'result': return resultButton(api, b.button);
          case 'league': return leagueButton(api, b.button);
          case 'next-round': return nextRoundButton(api, b.eventUid, b.round);
          case 'check-in': return checkInButton(api, b.eventUid);
          case 'drop': return dropButton(api, b.eventUid, b.teamUid);
          default: return privateMessage(STALE_BUTTON);
        }
      }
    }
  }

  /** Acts on the interaction once: its answer is kept for a replay (autocomplete acts on nothing and is not kept). */
  async function actOnce(i: Acting, req: FastifyRequest, timestamp: number): Promise<APIInteractionResponse> {
    if (i.kind !== 'autocomplete') {
      const now = Date.now();
      if (now - swept > SWEEP_MS) {
        swept = now;
        await forgetExpiredInteractions(db, new Date(now));
      }
      const first = await claimInteraction(db, i.id, new Date((timestamp + MAX_SKEW_SECONDS + 60) * 1000));
      if (first !== true) return (first.response as APIInteractionResponse | null) ?? privateMessage(ALREADY_ANSWERED);
    }
    const work = answer(i, req).catch((e: unknown) => {
      if (e instanceof SuspendedRefusal) return i.kind === 'autocomplete' ? noChoices() : suspendedAnswer(e.suspension);
      if (e instanceof ApiRefusal) return refusal(e.message);
      // the interaction's token is never logged: only the error and what was asked
      req.log.error({ err: e, interaction: i.kind }, 'a Discord interaction failed');
      return privateMessage(SOMETHING_WRONG);
    });
    if (i.kind !== 'autocomplete') {
      void work.then((response) => keepAnswer(db, i.id, response)).catch((e: unknown) => req.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'a Discord interaction’s answer was not kept'));
    }
    return answerInTime(i, work, {
      ephemeral: !isPublic(i),
      finish: (target, how, response) => finishInteraction(client, target, how, 'data' in response ? response.data : {}),
      onLateError: (e) => app.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'a late Discord answer was not delivered'),
    });
  }

  app.register(async (scope) => {
    // only here: the signature covers the exact bytes, so they are kept before JSON.parse
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      rawBodies.set(req, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, undefined); // answered below: after the signature check, as Discord expects
      }
    });
    scope.post('/api/discord/interactions', {
      // Discord's servers send every user's interactions: each user's own limit applies inside
      config: { rateLimit: false },
      schema: {
        tags: ['discord'], summary: 'Discord interactions (signed by Discord): the bot’s commands, autocomplete and buttons',
        description: 'Past the signature every interaction is answered 200: a malformed one with a sentence naming what is wrong, one over its user’s limit with the wait, a second delivery of the same interaction with the first answer.',
        response: { 200: interactionReply, ...errors(401, 404) },
      },
    }, async (req) => {
      if (!settings || !key) throw new HttpError(404, 'The Discord bot is off: set DISCORD_BOT_TOKEN and DISCORD_PUBLIC_KEY');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const timestamp = header('x-signature-timestamp');
      if (!verifyInteraction(key, header('x-signature-ed25519'), timestamp, rawBodies.get(req) ?? Buffer.alloc(0))) {
        throw new HttpError(401, 'Invalid request signature');
      }
      const i = readInteraction(req.body);
      if (i.kind === 'ping') return { type: InteractionResponseType.Pong };
      if (i.kind === 'refused') return i.autocomplete ? noChoices() : privateMessage(i.sentence);
      // the user's own limit, the same per-user rate as the site's writes: only they wait
      const wait = await app.rateLimits.perUser('write', `interaction:user:${i.user.id}`);
      if (wait > 0) return i.kind === 'autocomplete' ? noChoices() : tooManyAnswer(wait);
      return actOnce(i, req, Number(timestamp));
    });
  });
}
