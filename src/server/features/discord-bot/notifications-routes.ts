// The site's setting behind /notifications: whether the bot may send the signed-in user direct
// messages. The bot's command calls this route as the user, like every other command.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { isDmOff, setDmOff } from './bot-repository.ts';

export const notificationsBodySchema = z.object(
  { directMessages: z.boolean({ error: 'directMessages: must be true or false' }) },
  // only for a body that is no object: an unknown field keeps zod's sentence, which names it
  { error: (issue) => (issue.code === 'invalid_type' ? 'The body must be a JSON object' : undefined) },
).strict();
const notificationsReply = z.object({ directMessages: z.boolean() });

export function registerNotificationsRoutes(server: FastifyInstance, { db }: { db: Db }): void {
  const routes = server.withTypeProvider<ZodTypeProvider>();
  // the settings page reads it
  routes.get('/api/discord/notifications', {
    config: { auth: 'user' },
    schema: {
      tags: ['discord'],
      summary: 'Whether the Discord bot may send the signed-in user direct messages (true unless turned off)',
      response: { 200: notificationsReply, ...errors(401) },
    },
  }, async (req) => ({ directMessages: !(await isDmOff(db, requireUser(req).discordId)) }));

  routes.put('/api/discord/notifications', {
    config: { auth: 'user' },
    schema: {
      tags: ['discord'],
      summary: 'Turn the Discord bot’s direct messages to the signed-in user on or off',
      body: notificationsBodySchema,
      response: { 200: notificationsReply, ...errors(...WRITE_ERRORS) },
    },
  }, async (req) => {
    const user = requireUser(req);
    await setDmOff(db, user.discordId, !req.body.directMessages);
    return { directMessages: req.body.directMessages };
  });
}
