// The site's setting behind /notifications: whether the bot may send the signed-in user direct
// messages. The bot's command calls this route as the user, like every other command.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationsBodySchema, notificationsReplySchema } from '../../../domain/api/discord-notifications.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { isDmOff, setDmOff } from './bot-repository.ts';

export function registerNotificationsRoutes(server: FastifyInstance, { db }: { db: Db }): void {
  const routes = server.withTypeProvider<ZodTypeProvider>();
  // the settings page reads it
  routes.get('/api/discord/notifications', {
    config: { auth: 'user' },
    schema: {
      tags: ['discord'],
      summary: 'Whether the Discord bot may send the signed-in user direct messages (true unless turned off)',
      response: { 200: notificationsReplySchema, ...errors(401) },
    },
  }, async (req) => ({ directMessages: !(await isDmOff(db, requireUser(req).discordId)) }));

  routes.put('/api/discord/notifications', {
    config: { auth: 'user' },
    schema: {
      tags: ['discord'],
      summary: 'Turn the Discord bot’s direct messages to the signed-in user on or off',
      body: notificationsBodySchema,
      response: { 200: notificationsReplySchema, ...errors(...WRITE_ERRORS) },
    },
  }, async (req) => {
    const user = requireUser(req);
    await setDmOff(db, user.discordId, !req.body.directMessages);
    return { directMessages: req.body.directMessages };
  });
}
