// People and roles from the site (issue 39 §1), for admins: the list of users, a user's level, and
// suspensions. Identity is the session's alone. A change applies to the user's next request on any
// instance (each reads the session's user from the database); the live channel is told after commit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DmSite } from '../../../domain/discord/people-messages.ts';
import {
  personParamsSchema, personSchema, setAuthBodySchema, suspendBodySchema, USERS_PAGE_SIZE, usersPageSchema, usersQuerySchema,
} from '../../../domain/api/people.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFoundIfMissing } from '../../errors.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { changeLevel, lift, suspend } from './people-changes.ts';
import * as People from './people-repository.ts';
import { registerHostRequestsRoutes } from './host-requests-routes.ts';
import { registerEventSuspensionsRoute } from './event-suspensions.ts';

export const USER_NOT_FOUND = 'User not found';
const tags = ['people'];
const ADMINS = (what: string) => ({ auth: 2 as const, authMessage: `Only admins can ${what}` });

export interface PeopleOptions {
  db: Db;
  siteName: string;
  /** PUBLIC_URL's origin: the links of direct messages (else the request's) */
  publicOrigin?: string;
}

export function registerPeopleRoutes(server: FastifyInstance, o: PeopleOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = o;
  const site = (req: FastifyRequest): DmSite => ({ name: o.siteName, url: o.publicOrigin ?? `${req.protocol}://${req.host}` });

  /** One change of a person under the people lock; after commit, the person as they are now. */
  async function change(discordId: string, work: (tx: Tx, target: People.UserRow, now: Date) => Promise<void>) {
    const now = new Date();
    await db.transaction(async (tx) => {
      await People.lockPeople(tx);
      await work(tx, notFoundIfMissing(await People.findUser(tx, discordId), USER_NOT_FOUND), now);
    });
    return (await People.person(db, discordId, new Date()))!;
  }

  app.get('/api/users', {
    config: ADMINS('list users'),
    schema: {
      tags, summary: 'Users by name or Discord id and level, most recently seen first (admins)',
      querystring: usersQuerySchema, response: { 200: usersPageSchema, ...errors(400, 401, 403) },
    },
  }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    const { q, level, page } = req.query;
    const found = await People.listPeople(db, { q, level, page, pageSize: USERS_PAGE_SIZE, now: new Date() });
    return { ...found, pageSize: USERS_PAGE_SIZE };
  });

  app.put('/api/users/:discordId/auth', {
    config: ADMINS('change levels'),
    schema: {
      tags, summary: 'Set a user’s level: 0 player, 1 curator, 2 admin (admins; a reason is required)',
      description: 'Applies at once, on every instance, to the user’s open sessions and live connections. The last admin cannot be demoted (409). Logged, and the user gets a direct message when the bot is on.',
      params: personParamsSchema, body: setAuthBodySchema, response: { 200: personSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const admin = requireUser(req);
    let changed = false;
    const person = await change(req.params.discordId, async (tx, target, now) => {
      changed = await changeLevel(tx, req, site(req), { target, to: req.body.auth, reason: req.body.reason, actor: admin.discordId, now });
    });
    if (changed) await app.realtime.userChanged(person.discordId, 'reread');
    return person;
  });

  app.post('/api/users/:discordId/suspension', {
    config: ADMINS('suspend users'),
    schema: {
      tags, summary: 'Suspend a user, until a time or until lifted (admins; never an admin, never oneself)',
      description: 'Their sessions end at once on every instance and their live connections close; sign-in and the bot answer with the reason and the end. What they did before stays.',
      params: personParamsSchema, body: suspendBodySchema, response: { 200: personSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req) => {
    const admin = requireUser(req);
    const person = await change(req.params.discordId, (tx, target, now) =>
      suspend(tx, req, site(req), { target, actor: admin.discordId, reason: req.body.reason, until: req.body.until ? new Date(req.body.until) : null, now }));
    await app.realtime.userChanged(person.discordId, 'close');
    return person;
  });

  app.delete('/api/users/:discordId/suspension', {
    config: ADMINS('lift suspensions'),
    schema: {
      tags, summary: 'Lift a user’s suspension (admins)',
      params: personParamsSchema, response: { 200: personSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const admin = requireUser(req);
    return change(req.params.discordId, (tx, target, now) => lift(tx, req, site(req), { target, actor: admin.discordId, now }));
  });

  registerHostRequestsRoutes(server, { db, site });
  registerEventSuspensionsRoute(server, { db });
}
