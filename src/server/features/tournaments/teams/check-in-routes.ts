// Check-in (issue 19, decision 016): with `checkIn` on, the host opens check-in before the start,
// each team checks in (a member of it, or the host for it) and may undo it until the start; Start
// drops the teams that did not (dropNoShows). The state is in every read (checkInStatus, each team's
// checkedIn) and in the live messages, which carry the tournament's state.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamSchema, tournamentSchema } from '../../../../domain/api/tournaments.ts';
import { requireUser } from '../../../auth/guards.ts';
import { conflict, forbidden, notFoundIfMissing } from '../../../errors.ts';
import { errors, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { loadTeam } from './team-reads.ts';
import { isPrivileged } from '../tournament-views.ts';
import * as Events from '../events-repository.ts';
import * as Teams from './teams-repository.ts';
import type { TournamentHelpers } from '../tournament-helpers.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const teamParams = uidParams.extend({ tid: z.string().min(1).max(64) });

export const CHECK_IN_OFF = 'This event has no check-in: turn it on in the event settings first';
export const CHECK_IN_NOT_OPEN = 'Check-in is not open yet: the host opens it before the start';
export const CHECK_IN_STARTED = 'Check-in is over: the tournament has started';

/** Refusals shared by opening check-in and checking a team in or out. */
function refuseCheckIn(t: Events.TournamentRow, h: Pick<TournamentHelpers, 'refuseIfOver'>) {
  h.refuseIfOver(t);
  if (t.inProgress || t.completed) throw conflict(CHECK_IN_STARTED);
  if (!t.checkIn) throw conflict(CHECK_IN_OFF);
}


export function registerCheckInRoutes(server: FastifyInstance, h: TournamentHelpers) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = h;

  app.post('/api/tournaments/:id/check-in/open', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Open check-in (an admin or the host; an event with check-in, before the start)', params: uidParams,
      response: { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    await h.adminAction(req, req.params.id, 'check-in-open', async (tx, t) => {
      refuseCheckIn(t, h);
      if (t.checkInOpen) return { result: undefined, unchanged: true };
      await Events.updateTournament(tx, t.uid, { checkInOpen: true });
      await h.effects.webhooks.checkInOpen(tx, req, t); // the event's Discord webhook, sent after commit
      await h.effects.bot.checkInOpened(tx, req, t); // each player not checked in, with 'Check in' (the bot)
      return { result: undefined, before: { checkInOpen: false }, after: { checkInOpen: true } };
    });
    return h.loadTournament(db, await h.findOr404(req.params.id));
  });

  /** Check a team in (at: now) or undo it (null): a member of the team, or an admin or the host. */
  const checkIn = (req: FastifyRequest, { id, tid }: { id: string; tid: string }, checkedIn: boolean) => {
    const user = requireUser(req);
    return h.write(id, checkedIn ? 'check-in' : 'check-in-undo', async (tx, t) => {
      h.refuseIfOver(t);
      const team = notFoundIfMissing(await Teams.findTeam(tx, t.uid, tid), 'Team not found');
      const mine = await Teams.activeMembership(tx, t.uid, user.discordId);
      const member = mine?.team.uid === team.uid;
      const privileged = isPrivileged(user, t);
      if (!member && !privileged) throw forbidden('Only a member of this team, an admin or the host can check it in');
      refuseCheckIn(t, h);
      if (!t.checkInOpen) throw conflict(CHECK_IN_NOT_OPEN);
      if (team.dropped) throw conflict('This team has dropped');
      if (!!team.checkedInAt === checkedIn) return { result: await loadTeam(tx, t.uid, team, 'public') };
      const row = await Teams.setCheckedIn(tx, team.uid, checkedIn ? new Date() : null);
      return {
        result: await loadTeam(tx, t.uid, row, 'public'),
        // the host checking a team in or out for it is a privileged act: it goes to the log
        audit: member ? null : { actorDiscordId: user.discordId, action: checkedIn ? 'check-in' : 'check-in-undo', after: { teamUid: team.uid, name: team.name } },
      };
    });
  };

  const teamRoute = {
    config: { auth: 'user' as const },
    params: teamParams,
    response: { 200: teamSchema, ...errors(...WRITE_ERRORS, 404, 409) },
  };
  app.post('/api/tournaments/:id/teams/:tid/check-in', {
    config: teamRoute.config,
    schema: { tags, summary: 'Check a team in (a member of the team, an admin or the host; while check-in is open)', params: teamRoute.params, response: teamRoute.response },
  }, (req) => checkIn(req, req.params, true));
  app.delete('/api/tournaments/:id/teams/:tid/check-in', {
    config: teamRoute.config,
    schema: { tags, summary: 'Undo a team’s check-in (a member of the team, an admin or the host; before the start)', params: teamRoute.params, response: teamRoute.response },
  }, (req) => checkIn(req, req.params, false));
}
