// The writes of people and roles (issue 39), each inside its caller's transaction and under
// lockPeople: the rule, the change, its line in the admin log and the person's direct message
// (queued with it: sent once it commits, never for a rolled-back change).
import type { FastifyRequest } from 'fastify';
import { levelChangedDm, suspendedDm, suspensionLiftedDm, type DmSite } from '../../../domain/discord/people-messages.ts';
import { levelRefusal } from '../../../domain/people/levels.ts';
import { suspensionRefusal } from '../../../domain/people/suspension.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';
import { toPerson } from '../discord-bot/direct-messages.ts';
import * as People from './people-repository.ts';

export const nameOfRow = (u: People.UserRow) => nameOf(u, `user-${u.discordId}`);
const userSubject = (u: People.UserRow) => ({ kind: 'user' as const, id: u.discordId, name: nameOfRow(u) });

/**
 * A new level for `target` (read under lockPeople). Refused (409) for the last admin and for
 * promoting a suspended user. False when it is the level they have: nothing is written. `dm: false`
 * when the caller tells the person itself (an approved request).
 */
export async function changeLevel(
  tx: Tx, req: FastifyRequest, site: DmSite,
  o: { target: People.UserRow; to: number; reason: string; actor: string | null; now: Date; dm?: boolean; action?: 'level' | 'host-request-approve' },
): Promise<boolean> {
  const { target, to } = o;
  const refusal = levelRefusal({ name: nameOfRow(target), from: target.auth, to, admins: await People.countAdmins(tx), suspended: People.suspensionOf(target, o.now) !== null });
  if (refusal) throw conflict(refusal);
  if (target.auth === to) return false;
  await People.setLevel(tx, target.discordId, to);
  await AdminLog.write(tx, { actorDiscordId: o.actor, action: o.action ?? 'level', subject: userSubject(target), details: { from: target.auth, to, reason: o.reason } });
  if (o.dm !== false) await toPerson(tx, req, target.discordId, 'level', levelChangedDm(site, { from: target.auth, to, reason: o.reason }));
  return true;
}

/** Suspends `target` (never an admin, never oneself) until `until` (null: until lifted); their sessions end. */
export async function suspend(tx: Tx, req: FastifyRequest, site: DmSite, o: { target: People.UserRow; actor: string; reason: string; until: Date | null; now: Date }): Promise<void> {
  const refusal = suspensionRefusal({ self: o.target.discordId === o.actor, targetAuth: o.target.auth });
  if (refusal) throw forbidden(refusal);
  if (o.until && o.until <= o.now) throw badRequest('until: must be later than now (leave it out to suspend until lifted)');
  await People.suspend(tx, o.target.discordId, { reason: o.reason, until: o.until, by: o.actor, at: o.now });
  const until = o.until?.toISOString() ?? null;
  await AdminLog.write(tx, { actorDiscordId: o.actor, action: 'suspend', subject: userSubject(o.target), details: { reason: o.reason, until } });
  await toPerson(tx, req, o.target.discordId, 'suspended', suspendedDm(site, { reason: o.reason, until }));
}

export async function lift(tx: Tx, req: FastifyRequest, site: DmSite, o: { target: People.UserRow; actor: string; now: Date }): Promise<void> {
  if (o.target.discordId === o.actor) throw forbidden('You cannot lift your own suspension');
  if (!People.suspensionOf(o.target, o.now)) throw conflict(`${nameOfRow(o.target)} is not suspended`);
  await People.lift(tx, o.target.discordId);
  await AdminLog.write(tx, { actorDiscordId: o.actor, action: 'lift-suspension', subject: userSubject(o.target) });
  await toPerson(tx, req, o.target.discordId, 'suspension-lifted', suspensionLiftedDm(site));
}
