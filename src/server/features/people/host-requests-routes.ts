// Requests to host (issue 39 §1): a signed-in player without hosting rights asks (one open request
// each); the admins read the open ones with each person's history, and approve (curator, a direct
// message) or decline with a reason.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  declineBodySchema, hostRequestBodySchema, hostRequestParamsSchema, hostRequestsSchema, ownHostRequestSchema, ownHostRequestsSchema, type HostRequest,
} from '../../../domain/api/people.ts';
import { hostRequestApprovedDm, hostRequestDeclinedDm, type DmSite } from '../../../domain/discord/people-messages.ts';
import { canHost } from '../../../domain/people/levels.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFoundIfMissing } from '../../errors.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';
import { toPerson } from '../discord-bot/direct-messages.ts';
import * as Requests from './host-requests-repository.ts';
import { changeLevel, nameOfRow } from './people-changes.ts';
import * as People from './people-repository.ts';

const tags = ['people'];
export const REQUEST_NOT_FOUND = 'Request to host not found';
export const ALREADY_WAITING = 'Your request to host is already waiting for the admins';
export const CAN_HOST = 'You can host already: no request needed';

export function registerHostRequestsRoutes(server: FastifyInstance, { db, site }: { db: Db; site: (req: FastifyRequest) => DmSite }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post('/api/host-requests', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Ask the admins for hosting rights (signed-in players; one open request each, a second is 409)',
      body: hostRequestBodySchema, response: { 201: ownHostRequestSchema, ...errors(...WRITE_ERRORS, 409) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    if (canHost(user.auth)) throw conflict(CAN_HOST);
    const row = await db.transaction(async (tx) => {
      const made = await Requests.open(tx, user.discordId, req.body.note);
      if (!made) throw conflict(ALREADY_WAITING);
      await AdminLog.write(tx, {
        actorDiscordId: user.discordId, action: 'host-request',
        subject: { kind: 'user', id: user.discordId, name: user.preferredName || user.displayName }, details: { note: made.note },
      });
      return made;
    });
    return reply.code(201).send(Requests.ownView(row));
  });

  app.get('/api/host-requests/own', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The signed-in user’s newest request to host, and who decides (the admins)', response: { 200: ownHostRequestsSchema, ...errors(401) } },
  }, async (req, reply) => {
    const user = requireUser(req);
    reply.header('Cache-Control', 'private, no-cache');
    const newest = await Requests.newestOf(db, user.discordId);
    return { request: newest ? Requests.ownView(newest) : null, deciders: await People.admins(db) };
  });

  app.get('/api/host-requests', {
    config: { auth: 2, authMessage: 'Only admins can read requests to host' },
    schema: { tags, summary: 'The open requests to host, oldest first, each with the person’s history (admins)', response: { 200: hostRequestsSchema, ...errors(401, 403) } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'private, no-cache');
    const open = await Requests.openRequests(db);
    const ids = open.map((o) => o.user.discordId);
    const counts = await People.activity(db, ids);
    const decided = await Requests.decidedOf(db, ids);
    const requests = open.map(({ request: r, user: u }): HostRequest => ({
      id: r.id, discordId: u.discordId, displayName: nameOfRow(u), note: r.note, createdAt: r.createdAt.toISOString(),
      history: {
        memberSince: u.createdAt.toISOString(), lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
        hosted: counts.get(u.discordId)?.hosted ?? 0, played: counts.get(u.discordId)?.played ?? 0,
        earlier: decided.filter((d) => d.discordId === u.discordId).map(Requests.ownView),
      },
    }));
    return { requests };
  });

  /** Decides an open request once (the row is locked: a second decision is 409); after commit, the live channel hears of a new level. */
  async function decide(req: FastifyRequest, id: number, work: (tx: Tx, r: Requests.RequestRow, target: People.UserRow, admin: string, now: Date) => Promise<boolean>) {
    const admin = requireUser(req);
    const now = new Date();
    const { row, promoted } = await db.transaction(async (tx) => {
      await People.lockPeople(tx);
      const r = notFoundIfMissing(await Requests.lockRequest(tx, id), REQUEST_NOT_FOUND);
      if (r.status !== 'open') throw conflict(`This request was already ${r.status}`);
      const target = notFoundIfMissing(await People.findUser(tx, r.discordId), REQUEST_NOT_FOUND);
      const promoted = await work(tx, r, target, admin.discordId, now);
      return { row: (await Requests.lockRequest(tx, id))!, promoted };
    });
    if (promoted) await app.realtime.userChanged(row.discordId, 'reread');
    return Requests.ownView(row);
  }

  const deciding = { auth: 2 as const, authMessage: 'Only admins can decide requests to host' };
  const decided = { 200: ownHostRequestSchema, ...errors(...WRITE_ERRORS, 404, 409) };

  app.post('/api/host-requests/:id/approve', {
    config: deciding,
    schema: { tags, summary: 'Approve a request to host: the person becomes a curator and gets a direct message (admins)', params: hostRequestParamsSchema, response: decided },
  }, async (req) =>
    decide(req, req.params.id, async (tx, r, target, admin, now) => {
      // an admin or a curator keeps their level; a suspended person is not made a curator (409)
      const to = Math.max(target.auth, 1);
      const promoted = await changeLevel(tx, req, site(req), { target, to, reason: 'Request to host approved', actor: admin, now, dm: false, action: 'host-request-approve' });
      if (!promoted) await AdminLog.write(tx, { actorDiscordId: admin, action: 'host-request-approve', subject: { kind: 'user', id: target.discordId, name: nameOfRow(target) }, details: { note: r.note } });
      await Requests.decide(tx, r.id, { status: 'approved', by: admin, reason: null, at: now });
      await toPerson(tx, req, target.discordId, 'host-request', hostRequestApprovedDm(site(req)));
      return promoted;
    }));

  app.post('/api/host-requests/:id/decline', {
    config: deciding,
    schema: { tags, summary: 'Decline a request to host, with a reason the person is told (admins)', params: hostRequestParamsSchema, body: declineBodySchema, response: decided },
  }, async (req) =>
    decide(req, req.params.id, async (tx, r, target, admin, now) => {
      const { reason } = req.body;
      await Requests.decide(tx, r.id, { status: 'declined', by: admin, reason, at: now });
      await AdminLog.write(tx, { actorDiscordId: admin, action: 'host-request-decline', subject: { kind: 'user', id: target.discordId, name: nameOfRow(target) }, details: { reason, note: r.note } });
      await toPerson(tx, req, target.discordId, 'host-request', hostRequestDeclinedDm(site(req), reason));
      return false;
    }));
}
