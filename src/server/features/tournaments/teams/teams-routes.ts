// Teams and their members (issues 10 and 18): the team and participant reads, served from the
// tournament's read cache in two variants (what everyone sees, "Deck n"; and the deck labels and
// rejection reasons an admin or the host sees, decision 013), sign-ups and drops.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownEntrySchema, participantSchema, signupBodySchema, teamSchema, type Participant } from '../../../../domain/api/tournaments.ts';
import { requireUser } from '../../../auth/guards.ts';
import type { Tx } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, notFoundIfMissing } from '../../../errors.ts';
import { CACHED_READ } from '../../../http/read-cache.ts';
import { errors, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { sendCached, type CachedBody } from '../../../http/http-cache.ts';
import { lateSignupProblem, REENTRY_REFUSED } from '../../../../domain/tournaments/late-entry.ts';
import { ownDropWait } from '../../../../domain/tournaments/engine/drops.ts';
import { isOneVsOne, playerTeamNames } from '../../../../domain/tournaments/signup-name.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { enterLate, signupIsLate } from './late-entry.ts';
import { settle } from '../play/tournament-play.ts';
import { isPrivileged, toMember, toParticipants, toTeams, UNNAMED_TEAM, type DeckView } from '../tournament-views.ts';
import * as Events from '../events-repository.ts';
import * as Teams from './teams-repository.ts';
import * as Decks from '../decks/decks-repository.ts';
import * as Matches from '../play/matches-repository.ts';
import * as Users from '../../users/users-repository.ts';
import type { TournamentHelpers } from '../tournament-helpers.ts';
import type { Written } from '../event-write.ts';
import { deckViewFor, loadTeam } from './team-reads.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const teamParams = uidParams.extend({ tid: z.string().min(1).max(64) });
const participantParams = uidParams.extend({ pid: z.string().regex(/^\d{1,9}$/, 'must be a participant id').transform(Number) });

/** A sign-up without a team name: in a 1-vs-1 the player's own name (with their username when taken); a team event needs one. */
async function ownTeamName(tx: Tx, t: Events.TournamentRow, user: CurrentUser): Promise<string> {
  if (!isOneVsOne(t)) throw badRequest('name: Team name is required in a team event');
  const names = playerTeamNames(user);
  for (const name of names) if (!(await Teams.activeTeamNameTaken(tx, t.uid, name))) return name;
  return names[0]!; // taken each way: the caller's check names it
}

export function registerTeamsRoutes(server: FastifyInstance, h: TournamentHelpers) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = h;

  const viewOf = async (req: FastifyRequest, uid: string): Promise<DeckView> => {
    if (!req.user) return 'public';
    const t = await Events.findTournament(db, uid);
    return t ? deckViewFor(db, req.user, t) : 'public';
  };
  /** A cached body of one variant: the full one is this viewer's only (no shared cache keeps it). */
  const send = (req: FastifyRequest, reply: FastifyReply, view: DeckView, body: CachedBody) =>
    sendCached(req, reply, body, view === 'full' ? { 'Cache-Control': 'private, no-cache' } : undefined);
  const ifTournament = async <T>(uid: string, make: () => Promise<T>) => ((await Events.findTournament(db, uid)) ? make() : undefined);

  // ---- reading ----------------------------------------------------------------------------------

  app.get('/api/tournaments/:id/teams', { config: CACHED_READ,
    schema: {
      tags, summary: 'The teams with their members and deck summaries (deck labels for an admin or the host who does not play)',
      params: uidParams, response: { 200: z.array(teamSchema), ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const { id } = req.params;
    const view = await viewOf(req, id);
    const body = await h.cached(id, `teams:${view}`, () => ifTournament(id, async () => toTeams(await h.teamsContext(db, id), view)));
    return send(req, reply, view, notFoundIfMissing(body, Events.TOURNAMENT_NOT_FOUND));
  });

  app.get('/api/tournaments/:id/teams/:tid', { config: CACHED_READ,
    schema: { tags, summary: 'One team', params: teamParams, response: { 200: teamSchema, ...errors(400, 404) } },
  }, async (req, reply) => {
    const { id, tid } = req.params;
    const view = await viewOf(req, id);
    const body = await h.cached(id, `team:${view}:${tid}`, async () => {
      const team = await Teams.findTeam(db, id, tid);
      return team && loadTeam(db, id, team, view);
    });
    if (!body) {
      await h.findOr404(id);
      throw notFound('Team not found');
    }
    return send(req, reply, view, body);
  });

  app.get('/api/tournaments/:id/participants', { config: CACHED_READ,
    schema: {
      tags, summary: 'Every member with their team and deck summaries (deck labels for an admin or the host who does not play)',
      params: uidParams, response: { 200: z.array(participantSchema), ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const { id } = req.params;
    const view = await viewOf(req, id);
    const body = await h.cached(id, `participants:${view}`, () => ifTournament(id, async () => toParticipants(await h.teamsContext(db, id), view)));
    return send(req, reply, view, notFoundIfMissing(body, Events.TOURNAMENT_NOT_FOUND));
  });

  app.get('/api/tournaments/:id/entry', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Your own entry: your team, and your match of the current round (404 when you do not play in this event)',
      params: uidParams, response: { 200: ownEntrySchema, ...errors(400, 401, 404) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const t = await h.findOr404(req.params.id);
    const mine = notFoundIfMissing(await Teams.activeMembership(db, t.uid, user.discordId), `You are not playing in ${t.name}`);
    const playing = t.inProgress && !t.completed && t.currentRound > 0;
    const match = playing ? await Matches.teamMatchInRound(db, t.uid, t.currentRound, mine.team.uid) : undefined;
    return {
      teamUid: mine.team.uid, teamName: mine.team.name || UNNAMED_TEAM, memberId: mine.member.id, captain: mine.team.captainDiscordId === user.discordId,
      checkedIn: !!mine.team.checkedInAt, matchId: match?.id ?? null, bye: match?.bye ?? false,
    };
  });

  // ---- sign-up and drops ------------------------------------------------------------------------

  app.post('/api/tournaments/:id/signup', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Sign up as a team: the signed-in user is its captain and sole member; in a 1-vs-1 without a name the team takes the player’s', params: uidParams, body: signupBodySchema,
      response: { 201: teamSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    if (req.body.members?.some((m) => m.discordId !== user.discordId)) throw forbidden('A sign-up is for yourself: the members must be you');
    const team = await h.write(req.params.id, 'signup', async (tx, t) => {
      const late = signupIsLate(t);
      if (late) {
        const problem = lateSignupProblem(t);
        if (problem) throw conflict(problem);
      } else {
        h.refuseIfStarted(t, 'Sign-ups are closed');
        if (!t.signupsOpen) throw conflict('Sign-ups are closed for this tournament');
      }
      if (await Teams.activeMembership(tx, t.uid, user.discordId)) throw conflict('You are already in a team of this tournament');
      if (late && (await Teams.wasPaired(tx, t.uid, user.discordId))) throw conflict(REENTRY_REFUSED);
      const name = req.body.name ?? (await ownTeamName(tx, t, user));
      if (await Teams.activeTeamNameTaken(tx, t.uid, name)) throw conflict(`name: a team called "${name}" has already signed up`);
      // a no-show dropped at the start takes its team back (its decks with it): one team, counted once (issue 29)
      const noShow = late ? await Teams.unplayedDroppedTeamOf(tx, t.uid, user.discordId) : undefined;
      if (noShow) {
        const back = await Teams.reinstateTeam(tx, noShow.uid, user.discordId, name);
        const audit = { actorDiscordId: user.discordId, action: 'late-entry-return', before: { uid: noShow.uid, name: noShow.name, dropped: true }, after: { uid: back.uid, name: back.name, lateEntryRound: t.currentRound } };
        return { result: await loadTeam(tx, t.uid, await enterLate(tx, t, back), 'public'), audit };
      }
      const { team } = await Teams.insertTeam(tx, { uid: randomUUID(), tournamentUid: t.uid, name, captainDiscordId: user.discordId, image: req.body.members?.[0]?.image ?? null });
      // a late entry: a loss for each round so far, paired from the next (decision 016)
      return { result: await loadTeam(tx, t.uid, late ? await enterLate(tx, t, team) : team, 'public') };
    });
    return reply.code(201).send(team);
  });

  app.post('/api/tournaments/:id/participants/:pid/drop', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Drop a participant: yourself, or anyone as an admin or the host', params: participantParams, response: { 200: participantSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => {
    const user = requireUser(req);
    return h.write(req.params.id, 'drop', async (tx, t): Promise<Written<Participant>> => {
      h.refuseIfOver(t);
      if (t.completed) throw conflict('The tournament is over: nobody can drop any more');
      const found = notFoundIfMissing(await Teams.findMember(tx, t.uid, req.params.pid), 'Participant information not found');
      const self = found.member.discordId === user.discordId;
      if (!self && !isPrivileged(user, t)) throw forbidden('You can only drop yourself');
      if (found.member.dropped || found.team.dropped) throw conflict('Already dropped');
      // the last member leaving drops the team: not while its match of the round waits (drops.ts)
      const last = (await Teams.activeMemberCount(tx, found.team.uid)) === 1;
      if (!isPrivileged(user, t) && last) await refuseDropMidMatch(tx, t, found.team.uid);
      if (!self && last) await refuseDroppingOwnOpponent(tx, t, found.team.uid, user.discordId);
      const member = await Teams.setMemberDropped(tx, found.member.id);
      // the last active member leaving drops the team
      const teamDropped = (await Teams.activeMemberCount(tx, found.team.uid)) === 0;
      const team = teamDropped ? await Teams.setTeamDropped(tx, found.team.uid) : found.team;
      if (teamDropped) await settle(tx, t, [found.team.uid]); // its unplayed matches become walkovers
      const decks = await Decks.listDeckSummaries(tx, t.uid, [member.id]);
      const users = await Users.usersByIds(tx, [member.discordId]);
      return {
        result: { ...toMember(member, team, { decks, users }), teamUid: team.uid, teamName: team.name || UNNAMED_TEAM, teamDropped: team.dropped },
        audit: { actorDiscordId: user.discordId, action: 'drop-participant', before: { memberId: found.member.id, discordId: found.member.discordId }, after: { teamDropped } },
      };
    });
  });

  app.post('/api/tournaments/:id/teams/:tid/drop', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Drop a team (an admin or the host, or its captain)', params: teamParams, response: { 200: teamSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => {
    const user = requireUser(req);
    return h.write(req.params.id, 'drop', async (tx, t) => {
      h.refuseIfOver(t);
      if (t.completed) throw conflict('The tournament is over: nobody can drop any more');
      const team = notFoundIfMissing(await Teams.findTeam(tx, t.uid, req.params.tid), 'Team not found');
      if (team.captainDiscordId !== user.discordId && !isPrivileged(user, t)) throw forbidden('Only an admin, the host or the captain can drop this team');
      if (team.dropped) throw conflict('This team has already dropped');
      if (!isPrivileged(user, t)) await refuseDropMidMatch(tx, t, team.uid);
      if (team.captainDiscordId !== user.discordId) await refuseDroppingOwnOpponent(tx, t, team.uid, user.discordId);
      const dropped = await Teams.setTeamDropped(tx, team.uid);
      await settle(tx, t, [team.uid]); // its unplayed matches become walkovers
      return { result: await loadTeam(tx, t.uid, dropped, 'public'), audit: { actorDiscordId: user.discordId, action: 'drop-team', before: { teamUid: team.uid, name: team.name } } };
    });
  });
}

/**
 * A host or admin who plays may not drop the team they face in a match without a result: its
 * walkover would decide their own match (decision 013; issue 29). Their own team they may drop.
 */
async function refuseDroppingOwnOpponent(tx: Tx, t: Events.TournamentRow, teamUid: string, discordId: string): Promise<void> {
  if (!t.inProgress || t.completed) return;
  const open = (await Matches.matchesOfTeams(tx, t.uid, [teamUid])).filter((m) => !m.complete && !m.bye && m.team1Uid !== null && m.team2Uid !== null);
  for (const m of open) {
    const opponent = m.team1Uid === teamUid ? m.team2Uid : m.team1Uid;
    if (await Teams.playsIn(tx, t.uid, discordId, [opponent])) {
      throw forbidden(`You play against this team in match #${m.id}: dropping it would decide your own match (an admin who does not play can)`);
    }
  }
}

/** A player's own drop waits while their team's match of the round has no result (drops.ts); the host and admins drop anyone. */
async function refuseDropMidMatch(tx: Tx, t: Events.TournamentRow, teamUid: string): Promise<void> {
  if (!t.inProgress || t.completed) return;
  const mine = await Matches.matchesOfTeams(tx, t.uid, [teamUid]);
  const wait = ownDropWait(t, mine.map((m) => ({ roundNumber: m.roundNumber, bye: m.bye, missed: m.missed, complete: m.complete, paired: m.team1Uid !== null && m.team2Uid !== null })));
  if (wait) throw conflict(wait);
}
