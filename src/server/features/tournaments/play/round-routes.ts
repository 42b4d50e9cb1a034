// During a round (issue 19): more time for one table, and a Swiss pairing fixed by swapping two teams
// of two matches that have no result yet (issue 30). The host or an admin; audited; the touched matches go out live.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extendBodySchema, ROUND_MINUTES_MAX, swapBodySchema } from '../../../../domain/api/event-night.ts';
import { matchSchema } from '../../../../domain/api/tournaments.ts';
import { newRoomPassword } from '../../../../domain/tournaments/rooms.ts';
import { inPlayRefusal } from '../../../../domain/tournaments/result-rules.ts';
import { requireUser } from '../../../auth/guards.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.ts';
import { errors, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { clockOf, roundEndsAt } from './event-night-views.ts';
import type { PlayHelpers } from '../tournament-helpers.ts';
import type { Written } from '../event-write.ts';
import { teamNamer } from './tournament-standings.ts';
import { isPrivileged, toMatch } from '../tournament-views.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import * as Matches from './matches-repository.ts';
import { refuse } from '../refusals.ts';

const tags = ['tournament play'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const matchParams = uidParams.extend({ mid: z.string().regex(/^\d{1,9}$/, 'must be a match id').transform(Number) });

export const EXTEND_TOTAL_MESSAGE = `A table can get at most ${ROUND_MINUTES_MAX} extra minutes in a round`;

export function registerRoundRoutes(server: FastifyInstance, { helpers: h }: { db: Db; helpers: PlayHelpers }) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** A write of the host or an admin to some matches of the round under way (the one write path, audited). */
  const roundFix = <T>(req: Parameters<typeof requireUser>[0], uid: string, change: string, work: (tx: Tx, t: Events.TournamentRow, user: { discordId: string }) => Promise<Written<T>>) => {
    const user = requireUser(req);
    return h.write(uid, change, async (tx, t) => {
      if (!isPrivileged(user, t)) throw forbidden('Only an admin or the host of this tournament can do this');
      refuse(inPlayRefusal(t));
      return work(tx, t, user);
    });
  };

  const matchOf = async (tx: Tx, uid: string, id: number) => {
    const m = await Matches.findMatch(tx, uid, id);
    if (!m) throw notFound(`Match #${id} not found`);
    return m;
  };
  const shown = async (tx: Tx, t: Events.TournamentRow, rows: Matches.MatchRow[]) => {
    const name = teamNamer(await Teams.teamsByUids(tx, t.uid, rows.flatMap((m) => [m.team1Uid, m.team2Uid])));
    const clock = clockOf(t, rows);
    return rows.map((m) => toMatch(m, name, clock(m)));
  };

  app.post('/api/tournaments/:id/matches/:mid/extend', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Add minutes to one table’s clock (the host or an admin): a match of the current timed round still being played',
      params: matchParams, body: extendBodySchema, response: { 200: matchSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => roundFix(req, req.params.id, 'extend', async (tx, t, user) => {
    const m = await matchOf(tx, t.uid, req.params.mid);
    if (m.bye || m.missed) throw conflict('A bye has no clock to extend');
    if (m.roundNumber !== t.currentRound) throw conflict(`Match #${m.id} is not in the current round (round ${t.currentRound})`);
    if (m.complete) throw conflict(`Match #${m.id} is complete: there is nothing to add time to`);
    if (!m.team1Uid || !m.team2Uid) throw conflict('This match has no opponent yet');
    if (!roundEndsAt(t, [m])) throw conflict(`Round ${t.currentRound} is untimed: there is no clock to extend`);
    // adding time to your own table is deciding for yourself (decision 013)
    if (await Teams.playsIn(tx, t.uid, user.discordId, [m.team1Uid, m.team2Uid])) throw forbidden('You cannot add time to a match you play in');
    const extraMinutes = m.extraMinutes + req.body.minutes;
    if (extraMinutes > ROUND_MINUTES_MAX) throw conflict(`${EXTEND_TOTAL_MESSAGE} (this one has ${m.extraMinutes})`);
    const row = await Matches.updateMatch(tx, m.id, { extraMinutes });
    const [match] = await shown(tx, t, [row]);
    return { result: match!, touched: [row.id], audit: { actorDiscordId: user.discordId, action: 'extend', before: { matchId: m.id, extraMinutes: m.extraMinutes }, after: { matchId: m.id, extraMinutes, table: m.tableNumber } } };
  }));

  app.post('/api/tournaments/:id/matches/swap', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Fix a Swiss pairing: two teams of two matches of the current round without a result (nor a score report) change places (the host or an admin)',
      description: 'Tables stay with the matches; both rooms get new passwords. Byes, brackets and round robin schedules cannot be swapped.',
      params: uidParams, body: swapBodySchema, response: { 200: z.array(matchSchema), ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => roundFix(req, req.params.id, 'swap', async (tx, t, user) => {
    const { a, b } = req.body;
    if (a.matchId === b.matchId) throw conflict('Both teams are in the same match: pick teams of two different matches');
    const [ma, mb] = [await matchOf(tx, t.uid, a.matchId), await matchOf(tx, t.uid, b.matchId)];
    for (const [side, m] of [['a', ma], ['b', mb]] as const) {
      const { teamId } = req.body[side];
      if (m.roundNumber !== t.currentRound) throw conflict(`Match #${m.id} is not in the current round (round ${t.currentRound})`);
      if (m.bracket !== 'swiss') throw conflict('Only Swiss pairings can be swapped: a bracket or a round robin schedule follows from its seeding');
      if (m.bye || m.missed) throw conflict(`Match #${m.id} is a bye: only teams of two paired matches can be swapped`);
      if (teamId !== m.team1Uid && teamId !== m.team2Uid) throw badRequest(`${side}.teamId: not a team of match #${m.id}`);
    }
    // who they face is part of their match: a host who plays it swaps nothing of it (decision 013; issue 29)
    if (await Teams.playsIn(tx, t.uid, user.discordId, [ma.team1Uid, ma.team2Uid, mb.team1Uid, mb.team2Uid])) {
      throw forbidden('You play in one of these matches: swapping it would pick your own opponent (an admin who does not play can)');
    }
    // only the two matches must be undecided: others of the round may already have their result (issue 30)
    for (const m of [ma, mb]) {
      if (m.complete) throw conflict(`Match #${m.id} already has a result: only teams of matches without a result can be swapped`);
      if (m.reportFromTeam1 || m.reportFromTeam2) throw conflict(`Match #${m.id} has a score report waiting: only teams of matches without a result can be swapped`);
    }
    // each match keeps its table; its room gets a new password, which the team that left does not know
    const place = (m: Matches.MatchRow, out: string, into: string) =>
      Matches.updateMatch(tx, m.id, { team1Uid: m.team1Uid === out ? into : m.team1Uid, team2Uid: m.team2Uid === out ? into : m.team2Uid, roomPassword: newRoomPassword() });
    const rows = [await place(ma, a.teamId, b.teamId), await place(mb, b.teamId, a.teamId)];
    return {
      result: await shown(tx, t, rows), touched: rows.map((m) => m.id),
      audit: {
        actorDiscordId: user.discordId, action: 'swap',
        before: [ma, mb].map((m) => ({ matchId: m.id, table: m.tableNumber, team1: m.team1Uid, team2: m.team2Uid })),
        after: rows.map((m) => ({ matchId: m.id, table: m.tableNumber, team1: m.team1Uid, team2: m.team2Uid })),
      },
    };
  }));
}
