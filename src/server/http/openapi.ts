// OpenAPI 3 from the routes' zod schemas: browsable at /api/docs, raw at /api/openapi.json.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = `The API of the site: banlists and cards, the judgement board, series, tournaments and users.

**Sign-in.** Identity comes from the session cookie only (\`GET /api/oauth/login\` starts Discord's OAuth2 flow).
Fields that name the acting user (\`X-Discord-Id\`, \`discordId\`, \`adminId\`, \`requesterId\`, \`reviewerDiscordId\`,
\`reporterDiscordId\`, \`captainDiscordId\`, \`participantDiscordId\`, \`poster\`) are accepted for compatibility and must name
the signed-in user: 401 without a session, 403 otherwise.

**Writes** must come from the site's own origin (an \`Origin\` of this site, or no \`Origin\` and no foreign \`Referer\`).
Sign-in, uploads and writes are rate limited per user (else per address): 429 with \`Retry-After\`.

**Errors** are always \`{ "error": "a sentence" }\`: 400 bad input (naming the field), 401, 403, 404, 409 not in this state,
413 too large, 415 wrong type, 429, and 500 with a generic sentence.

**Live updates**: STOMP 1.2 over SockJS at \`/ws\` (raw WebSocket at \`/ws/websocket\`). Topics: \`/topic/judgement\`,
\`/topic/judgement/sendoff\` (signed-in users), \`/topic/tournaments/{uid}/scoreboard\` and \`/standings\`; SEND to
\`/app/tournaments/{uid}/request-scoreboard\` (or \`-standings\`) answers on those topics.`;

/** `{ error }`: the body of every error answer. */
export const errorBodySchema = z.object({ error: z.string() }).describe('An error, said for a person');

export async function registerOpenApi(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Format Hub API', version, description: DESCRIPTION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fh_session' } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
