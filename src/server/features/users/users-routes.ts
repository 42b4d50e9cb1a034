import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { discordIdSchema } from '../../../domain/api/users.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFoundIfMissing } from '../../errors.ts';
import * as UsersRepository from './users-repository.ts';

const byIdQuery = z.object({ discordId: discordIdSchema });

function parseQuery(query: unknown) {
  const q = byIdQuery.safeParse(query);
  if (!q.success) throw badRequest(`discordId: ${q.error.issues[0]?.message}`);
  return q.data;
}

export function registerUsersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/users/admin-discord-ids', async () => UsersRepository.listAdminIds(db));

  app.get('/api/users/username', async (req) => {
    const { discordId } = parseQuery(req.query);
    const row = notFoundIfMissing(await UsersRepository.findByDiscordId(db, discordId), 'User not found');
    const user = UsersRepository.toCurrentUser(row);
    return { discordId, username: user.preferredName || user.displayName };
  });

  app.get('/api/users/user', async (req) => {
    const { discordId } = parseQuery(req.query);
    const row = notFoundIfMissing(await UsersRepository.findByDiscordId(db, discordId), 'User not found');
    return UsersRepository.toCurrentUser(row);
  });
}
