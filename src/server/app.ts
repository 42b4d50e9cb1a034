import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Env } from './env.ts';
import { usesDemoDiscord } from './env.ts';
import type { Database } from './db/client.ts';
import { HttpError } from './errors.ts';
import { registerSessions } from './auth/session-plugin.ts';
import { registerOAuthRoutes } from './auth/oauth-routes.ts';
import { registerDemoProvider } from './auth/demo-provider.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PREFIX, DISCORD_BASE, discordEndpoints } from './auth/discord-endpoints.ts';
import { registerUsersRoutes } from './features/users/users-routes.ts';
import { registerBanlistsRoutes } from './features/banlists/banlists-routes.ts';
import { registerCardsRoutes } from './features/cards/cards-routes.ts';
import { registerTournamentsRoutes } from './features/tournaments/tournaments-routes.ts';
import { registerSeriesRoutes } from './features/series/series-routes.ts';
import { registerImagesRoutes } from './features/images/images-routes.ts';
import { registerJudgementRoutes } from './features/judgement/judgement-routes.ts';
import { createRealtime } from './realtime/realtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: import('./realtime/realtime.ts').Realtime;
  }
  interface FastifyContextConfig {
    /** this route takes a text/plain body (reasons, decks, dates); others refuse it */
    textBody?: boolean;
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
}

/** The whole HTTP application: every plugin and route is registered here. */
export async function buildApp({ env, database, webDir, logger, realtime: realtimeTuning }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  const { db } = database;
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
  const secureCookies = publicUrl?.protocol === 'https:';

  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, req, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ error: error.message || 'Bad request' });
  });

  // Cross-site writes are refused: a non-GET API call must come from our own origin.
  const allowedOrigins = new Set<string>(publicUrl ? [publicUrl.origin] : []);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (site === 'same-origin') return;
    if (origin && origin !== 'null') {
      if (allowedOrigins.has(origin) || origin === `${req.protocol}://${req.host}`) return;
      throw new HttpError(403, 'Cross-site request refused');
    }
    if (site && site !== 'none') throw new HttpError(403, 'Cross-site request refused');
  });
  app.addHook('preHandler', async (req) => {
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('text/plain') && req.method !== 'GET' && !req.routeOptions.config?.textBody) {
      throw new HttpError(415, 'This endpoint takes JSON, not text/plain');
    }
  });

  const sessions = registerSessions(app, { db, secureCookies });
  const demo = usesDemoDiscord(env);
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
    publicOrigin: (req) => publicUrl?.origin ?? `${req.protocol}://${req.host}`,
    browserEndpoints: (req) =>
      discordEndpoints(env.DISCORD_BASE_URL ?? (demo ? `${publicUrl?.origin ?? `${req.protocol}://${req.host}`}${DEMO_PREFIX}` : DISCORD_BASE)),
    serverEndpoints: () => discordEndpoints(env.DISCORD_BASE_URL ?? (demo ? localBase() : DISCORD_BASE)),
    secureCookies,
  });
  if (demo) registerDemoProvider(app, { db, allowAnyone: env.DEMO_SIGN_IN === 'anyone' });

  const realtime = createRealtime({ app, database, allowedOrigins, tuning: realtimeTuning });
  app.decorate('realtime', realtime);

  app.get('/api/health', async () => ({ status: 'ok', database: database.kind }));
  registerUsersRoutes(app, { db });
  registerBanlistsRoutes(app, { db, formatName: env.FORMAT_NAME });
  registerCardsRoutes(app, { db, imageDir: env.CARD_IMAGE_DIR, imageBaseUrl: env.CARD_IMAGE_BASE_URL });
  registerTournamentsRoutes(app, { db });
  const images = registerImagesRoutes(app, { db, env });
  registerSeriesRoutes(app, { db, images });
  registerJudgementRoutes(app, { db, formatName: env.FORMAT_NAME, webhookUrl: env.DISCORD_WEBHOOK_URL, publicUrl: publicUrl?.origin });

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
  app.get('/api/oauth/callback', async (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith(DEMO_PREFIX) || !['GET', 'HEAD'].includes(req.method)) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return sendIndex(reply);
  });
}
