import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discordIdSchema, publicUserSchema, usernameResponseSchema } from '../../../domain/api/users.ts';
import type { Db } from '../../db/client.ts';
import { notFoundIfMissing } from '../../errors.ts';
import { errors } from '../../http/route-schemas.ts';
import * as UsersRepository from './users-repository.ts';

const byIdQuery = z.object({ discordId: discordIdSchema });

export function registerUsersRoutes(server: FastifyInstance, { db }: { db: Db }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/users/admin-discord-ids', {
    schema: { tags, summary: 'Discord ids of the admins (auth 2), oldest first', response: { 200: z.array(z.string()) } },
  }, async () => UsersRepository.listAdminIds(db));

  app.get('/api/users/username', {
    schema: { tags, summary: 'The name to show for a user', querystring: byIdQuery, response: { 200: usernameResponseSchema, ...errors(400, 404) } },
  }, async (req) => {
    const { discordId } = req.query;
    const row = notFoundIfMissing(await UsersRepository.findByDiscordId(db, discordId), 'User not found');
    const user = UsersRepository.toCurrentUser(row);
    return { discordId, username: user.preferredName || user.displayName };
  });

  app.get('/api/users/user', {
    schema: { tags, summary: 'A user’s public profile', querystring: byIdQuery, response: { 200: publicUserSchema, ...errors(400, 404) } },
  }, async (req) => {
    const row = notFoundIfMissing(await UsersRepository.findByDiscordId(db, req.query.discordId), 'User not found');
    return UsersRepository.toCurrentUser(row);
  });
}
