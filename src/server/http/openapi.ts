// OpenAPI 3 from the routes' zod schemas: browsable at /api/docs, raw at /api/openapi.json.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { OpenAPIV3 } from 'openapi-types';
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

/**
 * The operationId of a route, made from its method and path so that every operation has one, unique
 * and stable, without a name written on each route: GET /api/tournaments/:id/matches/:mid is
 * getTournamentsByIdMatchesByMid, GET /api/tournaments/:id/report/og.png getTournamentsByIdReportOgPng.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url.replace(/^\/api\//, '').split('/').flatMap((segment) => {
    const param = /^:(\w+)$/.exec(segment);
    return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
  });
  return method.toLowerCase() + words.filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** A documented route's schema with its operationId (one written on the route wins). */
function withOperationId(out: Transformed, method: string | string[]): Transformed {
  const schema = out.schema as { hide?: boolean; operationId?: string } | undefined;
  if (!schema || schema.hide || schema.operationId || typeof method !== 'string') return out;
  return { ...out, schema: { ...schema, operationId: operationIdOf(method, out.url) } };
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * OpenAPI 3.0.3 gives `nullable` a meaning only beside `type`, so zod's nullable union
 * (`{ nullable: true, anyOf: [...] }`, a card's `atk`) would say that null is not allowed. Each
 * branch with a type says it instead (an enum lists null too); a union of untyped branches gets
 * zod's own null branch.
 */
function nullableBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableBranches);
  if (!isNode(node)) return node;
  const out: Node = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableBranches(v)]));
  // a nullable enum (a match's resolution) lists null, or null would not be one of its values
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (out.nullable !== true || 'type' in out || !Array.isArray(out.anyOf)) return out;
  const branches = (out.anyOf as unknown[]).filter(isNode);
  delete out.nullable;
  out.anyOf = branches.some((b) => 'type' in b)
    ? branches.map((b) => ('type' in b ? { ...b, nullable: true, ...(Array.isArray(b.enum) && !b.enum.includes(null) && { enum: [...b.enum, null] }) } : b))
    : [...branches, { type: 'string', nullable: true, enum: [null] }];
  return out;
}

export async function registerOpenApi(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Format Hub API', version, description: DESCRIPTION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fh_session' } } },
    },
    transform: (route) => withOperationId(jsonSchemaTransform(route), route.route.method),
    transformObject: (documents) => nullableBranches((documents as { openapiObject: unknown }).openapiObject) as OpenAPIV3.Document,
    hideUntagged: false,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
