import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Env } from './env.ts';
import { discordApiUrl, discordBotSettings, testDataAllowed, usesDemoDiscord } from './env.ts';
import type { Database } from './db/client.ts';
import { HttpError } from './errors.ts';
import { loggerOptions, SLOW_REQUEST_MS } from './log.ts';
import { errorReply } from './http/error-reply.ts';
import { allowedHostnames, assertHostAllowed, assertSameOriginWrite, assertStorableRequest } from './http/request-guards.ts';
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerOpenApi } from './http/openapi.ts';
import { assertRequestClaims } from './auth/claims.ts';
import { requireAuth, requireUser } from './auth/guards.ts';
import { registerSessions } from './auth/session-plugin.ts';
import { registerOAuthRoutes } from './auth/oauth-routes.ts';
import { registerDemoProvider } from './auth/demo-provider.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PREFIX, DISCORD_BASE, discordEndpoints } from './auth/discord-endpoints.ts';
import { registerUsersRoutes } from './features/users/users-routes.ts';
import { registerPeopleRoutes } from './features/people/people-routes.ts';
import { registerAdminLogRoutes } from './features/admin-log/admin-log-routes.ts';
import { registerBanlistsRoutes } from './features/banlists/banlists-routes.ts';
import { registerCardsRoutes } from './features/cards/cards-routes.ts';
import { registerCardSearchRoutes } from './features/cards/card-search-routes.ts';
import { registerTournamentsRoutes } from './features/tournaments/tournaments-routes.ts';
import { eventEffects } from './event-effects.ts';
import { registerRatedRoutes } from './features/records/rated-routes.ts';
import { registerMatchesRoutes } from './features/tournaments/play/matches-routes.ts';
import { registerExportsRoutes } from './features/tournaments/exports/exports-routes.ts';
import { registerSeriesRoutes } from './features/series/series-routes.ts';
import { registerLeaguesRoutes } from './features/leagues/leagues-routes.ts';
import { registerImagesRoutes } from './features/images/images-routes.ts';
import { registerJudgementRoutes } from './features/judgement/judgement-routes.ts';
import { registerEventWebhooks } from './features/webhooks/event-webhooks.ts';
import { registerDirectMessages } from './features/discord-bot/direct-messages.ts';
import { registerLeagueDirectMessages } from './features/discord-bot/league-direct-messages.ts';
import { DiscordClient } from './discord/discord-client.ts';
import { registerReportRoutes } from './features/records/report-routes.ts';
import { registerLeagueRecordRoutes } from './features/records/league-record-routes.ts';
import { registerReportOg } from './features/records/report-og.ts';
import { registerTournamentLinkCard } from './features/records/tournament-link-card.ts';
import { registerPlayerLinkCard } from './features/players/player-link-card.ts';
import { registerSignaturesRoutes } from './features/records/signatures-routes.ts';
import { registerMetaRoutes } from './features/meta/meta-routes.ts';
import { registerPlayersRoutes } from './features/players/players-routes.ts';
import { registerCardHistoryRoutes } from './features/cards/card-history.ts';
import { registerCardLinkCard } from './features/cards/card-link-card.ts';
import { registerBanlistCompareRoute } from './features/banlists/banlist-compare.ts';
import { registerDiscordBot } from './features/discord-bot/interactions-routes.ts';
import { createRealtime } from './realtime/realtime.ts';

/** A registered route, as the docs test and the fuzz test read them. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: import('fastify').FastifySchema & { hide?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: import('./realtime/realtime.ts').Realtime;
    /** every route of the app, in registration order */
    routeList: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** this route takes a text/plain body (reasons, decks, dates), named so in errors; others refuse text/plain */
    textBody?: string;
    /** who may call: any signed-in user, or auth >= 1 or 2; checked before the body is validated */
    auth?: 'user' | 1 | 2;
    /** the 403 sentence when the auth level is too low */
    authMessage?: string;
    /** answered by sendCached (CACHED_READ): compressed once per version, not per request */
    cachedRead?: true;
  }
}

export interface AppOptions {
  env: Env;
  database: Database;
  /** folder of the built web app; the SPA is served from it when present */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** live channel knobs (tests shorten heart-beats) */
  realtime?: import('./realtime/realtime.ts').RealtimeTuning;
  /** multiplies every rate limit (tests that send storms raise them) */
  rateLimitScale?: number;
  /** the Discord webhook outbox's knobs (tests move its clock, which the Discord client's rate limits share, and shorten its delays) */
  webhooks?: import('./features/webhooks/event-webhooks.ts').WebhookTuning;
  /** the league's clock (tests move it: confirmations, queue entries, the end); the league alone reads it */
  now?: () => Date;
}

/** The whole HTTP application: every plugin and route is registered here. */
export async function buildApp({ env, database, webDir, logger, realtime: realtimeTuning, rateLimitScale, webhooks, now }: AppOptions): Promise<FastifyInstance> {
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const secureCookies = publicUrl?.protocol === 'https:';
  const headerOptions = { cardImageBaseUrl: env.CARD_IMAGE_BASE_URL, https: secureCookies };
  // refusals made before any hook runs carry the same headers as every other answer
  const refusalHeaders = apiSecurityHeaders(headerOptions);
  const app = Fastify({
    logger: logger ?? loggerOptions(env.LOG_LEVEL),
    // one line per request is noise on a busy night: errors and slow requests are logged below
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // per-address rate limits need the client's address: from X-Forwarded-For only behind proxies we trust
    trustProxy: env.TRUST_PROXY ?? false,
    // Fastify's own refusals (bad percent-encoding, over-long path parameters) in our error shape
    frameworkErrors: (error, _req, reply) => sendError(reply.headers(refusalHeaders), error),
    clientErrorHandler: (err, socket) => writeClientError(err, socket, refusalHeaders),
  });
  const { db } = database;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) routeList.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
    // @fastify/compress hooks every route: reads have no body to inflate, and cached reads
    // send bodies compressed once per version
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) route.decompress ??= false;
    if (route.config?.cachedRead) route.compress ??= false;
  });

  // (hooks on every request take a callback: no promise per request)
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_REQUEST_MS) req.log.warn({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms) }, 'slow request');
    else if (req.log.level === 'debug' || req.log.level === 'trace') req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms) }, 'request');
    done();
  });

  app.setErrorHandler((error, req, reply) => {
    const { status } = errorReply(error, req.routeOptions.config?.textBody);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return sendError(reply, error, req.routeOptions.config?.textBody);
  });

  // first: every answer carries them, refusals below included
  registerSecurityHeaders(app, headerOptions);

  // Only our own host names: a page on a DNS-rebinding domain reaches us with its own Host.
  const hostnames = allowedHostnames(publicUrl, env.ALLOWED_HOSTS);
  // Cross-site writes are refused: a non-GET API call must come from our own origin.
  const allowedOrigins = new Set<string>(publicUrl ? [publicUrl.origin] : []);
  const ownOrigins = (req: FastifyRequest) => new Set([...allowedOrigins, `${req.protocol}://${req.host}`]);
  app.addHook('onRequest', (req, _reply, done) => {
    assertHostAllowed(req, hostnames);
    if (req.method !== 'GET' && req.url.startsWith('/api/')) assertSameOriginWrite(req, ownOrigins);
    done();
  });

  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app, { version: process.env.npm_package_version ?? '0.1.0' });

  const sessions = registerSessions(app, { db, secureCookies });
  // after the session hook (writes count per user), before every route (it hooks routes as they come)
  await registerRateLimits(app, { scale: rateLimitScale ?? env.RATE_LIMIT_SCALE });
  const demo = usesDemoDiscord(env);
  /** the site's public origin: PUBLIC_URL's, else the one the browser used (its Host is checked above) */
  const siteOrigin = (req: FastifyRequest) => publicUrl?.origin ?? `${req.protocol}://${req.host}`;
  const localBase = () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    return `http://127.0.0.1:${port}${DEMO_PREFIX}`;
  };
  registerOAuthRoutes(app, {
    db,
    sessions,
    clientId: env.DISCORD_CLIENT_ID ?? DEMO_CLIENT_ID,
    clientSecret: env.DISCORD_CLIENT_SECRET ?? DEMO_CLIENT_SECRET,
    publicOrigin: siteOrigin,
    browserEndpoints: (req) => discordEndpoints(env.DISCORD_BASE_URL ?? (demo ? `${siteOrigin(req)}${DEMO_PREFIX}` : DISCORD_BASE)),
    serverEndpoints: () => discordEndpoints(env.DISCORD_BASE_URL ?? (demo ? localBase() : DISCORD_BASE)),
    secureCookies,
  });
  if (demo) registerDemoProvider(app, { db, allowAnyone: env.DEMO_SIGN_IN === 'anyone', callbackAllowed: (uri, req) => callbackAllowed(uri, siteOrigin(req)) });
  // Before any schema sees a body: who is asking, the content type, text the database cannot
  // store, then every identity claim.
  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) {
      // the demo provider's sign-in form carries a name that becomes a stored user name
      if (req.url.startsWith(DEMO_PREFIX)) assertStorableRequest(req);
      return done();
    }
    const { auth, authMessage, textBody } = req.routeOptions.config ?? {};
    if (auth === 'user') requireUser(req);
    else if (auth !== undefined) requireAuth(req, auth, authMessage);
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('text/plain') && req.method !== 'GET' && !textBody) {
      throw new HttpError(415, 'This endpoint takes JSON, not text/plain');
    }
    assertStorableRequest(req);
    assertRequestClaims(req);
    done();
  });

  // the live channel's own per-address limits (Fastify's hooks do not run for /ws), scaled with the others
  const liveScale = rateLimitScale ?? env.RATE_LIMIT_SCALE;
  const realtime = createRealtime({
    app, database, allowedOrigins, hostnames, userFromCookies: sessions.userFromCookies,
    tuning: {
      connectionsPerAddress: Math.ceil(env.LIVE_CONNECTIONS_PER_ADDRESS * liveScale),
      sendsPerAddress: env.LIVE_SENDS_PER_ADDRESS * liveScale,
      trustProxy: env.TRUST_PROXY ?? false,
      ...realtimeTuning,
    },
  });
  app.decorate('realtime', realtime);

  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: { tags: ['site'], summary: 'Liveness and the kind of database', response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } },
  }, async () => ({ status: 'ok' as const, database: database.kind }));
  // every call to Discord goes through one client (its rate limits, its 429s); the event webhooks and
  // the bot's direct messages are outboxes queued by the routes in their transactions
  const clock = webhooks?.now;
  const discord = new DiscordClient({
    apiUrl: discordApiUrl(env), relayUrl: env.DISCORD_WEBHOOK_RELAY_URL, token: env.DISCORD_BOT_TOKEN, timeoutMs: webhooks?.timeoutMs,
    ...(clock && { now: () => clock().getTime() }),
  });
  registerEventWebhooks(app, { db, env, client: discord, tuning: webhooks });
  registerDirectMessages(app, { db, client: discord, on: !!discordBotSettings(env) });
  registerUsersRoutes(app, { db });
  // people and roles from the site, and the admins' log of the site (issue 39)
  registerPeopleRoutes(app, { db, siteName: env.SITE_NAME, publicOrigin: publicUrl?.origin });
  registerAdminLogRoutes(app, { db });
  const banlistReads = registerBanlistsRoutes(app, { db, formatName: env.FORMAT_NAME });
  registerCardsRoutes(app, { db, imageDir: env.CARD_IMAGE_DIR, imageBaseUrl: env.CARD_IMAGE_BASE_URL });
  const tournaments = registerTournamentsRoutes(app, { db, testData: testDataAllowed(env), effects: eventEffects });
  registerRatedRoutes(app, tournaments); // an admin's mark that an event counts toward ratings (the record's)
  registerMatchesRoutes(app, { db, helpers: tournaments });
  registerExportsRoutes(app, { db, helpers: tournaments, siteName: env.SITE_NAME, publicUrl: publicUrl?.origin });
  registerReportRoutes(app, { db, helpers: tournaments });
  registerReportOg(app, { db, helpers: tournaments, webDir, siteName: env.SITE_NAME, publicUrl: publicUrl?.origin });
  const images = registerImagesRoutes(app, { db, env });
  // the link cards of the event and player pages (Discord unfurls them)
  registerTournamentLinkCard(app, { db, helpers: tournaments, images, webDir, siteName: env.SITE_NAME, publicUrl: publicUrl?.origin });
  registerPlayerLinkCard(app, { db, webDir, siteName: env.SITE_NAME, publicUrl: publicUrl?.origin });
  const meta = registerMetaRoutes(app, { db });
  registerCardSearchRoutes(app, { db, banlistReads, meta });
  // a card's page and two lists side by side (issue 32 §2, §3)
  registerCardHistoryRoutes(app, { db, meta });
  registerCardLinkCard(app, { db, webDir, siteName: env.SITE_NAME, publicUrl: publicUrl?.origin, imageDir: env.CARD_IMAGE_DIR, imageBaseUrl: env.CARD_IMAGE_BASE_URL });
  registerBanlistCompareRoute(app, { db });
  registerSignaturesRoutes(app, { db, helpers: tournaments, meta });
  registerPlayersRoutes(app, { db });
  registerSeriesRoutes(app, { db, images });
  registerLeaguesRoutes(app, { db, now });
  // the league's direct messages, queued in its writes' transactions (the league knows nothing of Discord)
  registerLeagueDirectMessages(app, { origin: publicUrl?.origin });
  // the league's record: written when it becomes final, its report, the rated mark (issue 41)
  registerLeagueRecordRoutes(app, { db });
  registerJudgementRoutes(app, { db, formatName: env.FORMAT_NAME, webhookUrl: env.DISCORD_WEBHOOK_URL, publicUrl: publicUrl?.origin, banlistReads });
  // the Discord bot: its commands call the routes above in-process, as the user (off without a token)
  registerDiscordBot(app, { db, env, client: discord, secureCookies, siteOrigin });

  registerWebApp(app, webDir);
  return app;
}

/** The built SPA for every path that is not the API; deep links load index.html. */
function registerWebApp(app: FastifyInstance, webDir: string | undefined) {
  const index = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = index !== undefined && fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDir!,
      index: ['index.html'],
      wildcard: true,
      // the build's .br and .gz beside each file (vite.config.ts): sent as they are, not compressed per request
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = (reply: import('fastify').FastifyReply) => {
    if (!hasWeb) return reply.code(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(fs.createReadStream(index!));
  };
  // The OAuth callback is a page of the SPA that lives under /api (spec 1 §2).
  app.get('/api/oauth/callback', { schema: { hide: true } }, async (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith(DEMO_PREFIX) || !['GET', 'HEAD'].includes(req.method)) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return sendIndex(reply);
  });
}

function sendError(reply: FastifyReply, error: unknown, bodyField?: string) {
  const { status, error: message } = errorReply(error, bodyField);
  const details = error instanceof HttpError ? error.details : undefined;
  return reply.code(status).type('application/json; charset=utf-8').send({ ...details, error: message });
}

/** Requests Node's parser refuses (malformed, headers too large) never reach Fastify: answer them in our shape too. */
function writeClientError(err: Error & { code?: string }, socket: Socket, headers: Record<string, string>) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'The request took too long to arrive']
    : err.code === 'HPE_INVALID_METHOD' ? [400, 'Bad Request', 'This HTTP method is not supported']
    : [400, 'Bad Request', 'The request could not be read'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n${extra}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/** The demo provider sends codes only to our own callback: the exact URL the sign-in built. */
function callbackAllowed(uri: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return url.origin === origin && !url.username && !url.password && url.pathname === '/api/oauth/callback' && !url.search && !url.hash;
}
