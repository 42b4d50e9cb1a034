// Tournaments played out (issue 11): score reports, overrides, flags, the scoreboard and standings,
// and the deck zip; lifecycle-routes.ts (start, next round, the winner, close) and round-routes.ts
// register from here. Each write goes through the one write path (event-write.ts); the result rules
// are the domain's (result-rules.ts).
import { CACHED_READ } from '../../../http/read-cache.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zipSync, strToU8 } from 'fflate';
import {
  BRACKETS, flagQuerySchema, matchSchema, overrideBodySchema, overrideQuerySchema, reportScoreBodySchema, reportScoreQuerySchema, scoreboardSchema,
} from '../../../../domain/api/tournaments.ts';
import { standingsSchema } from '../../../../domain/api/standings.ts';
import { exportYdk } from '../../../../domain/decks/ydk.ts';
import { DECKS_AFTER_WINNER_MESSAGE, DECKS_CLOSED_MESSAGE, OWN_MATCH_MESSAGE } from '../../../../domain/tournaments/limits.ts';
import {
  championRefusal, followRefusal, inPlayRefusal, overRefusal, overrideMatchRefusal, overrideResult, reportMatch, reportProblem, resolveFlagRefusal,
} from '../../../../domain/tournaments/result-rules.ts';
import { champion, downstream } from '../../../../domain/tournaments/engine/results.ts';
import { matchKey } from '../../../../domain/tournaments/types.ts';
import { requireUser } from '../../../auth/guards.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { conflict, forbidden, HttpError, notFoundIfMissing } from '../../../errors.ts';
import { errors, fileReply, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { attachment } from '../../../http/attachment.ts';
import { replyCached } from '../../../http/http-cache.ts';
import { teamNamer } from './tournament-standings.ts';
import { afterResult, loadPlay, movesOnlyItsTeams } from './tournament-play.ts';
import { choiceOf, isPrivileged, reportedMatch, toEngineMatch, toMatch, userName } from '../tournament-views.ts';
import { decided, refuse } from '../refusals.ts';
import { safeName } from '../exports/file-names.ts';
import type { PlayHelpers } from '../tournament-helpers.ts';
import * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import * as Decks from '../decks/decks-repository.ts';
import * as Matches from './matches-repository.ts';
import * as Users from '../../users/users-repository.ts';
import { clockOf } from './event-night-views.ts';
import { roomFor } from './match-room.ts';
import { registerRoundRoutes } from './round-routes.ts';
import { registerLifecycleRoutes } from './lifecycle-routes.ts';

// the records' tests name these sentences from here; the rule that says them is the domain's
export { CORRECTION_MOVES_BRACKET, CORRECTION_MOVES_CHAMPION } from '../../../../domain/tournaments/result-rules.ts';

const tags = ['tournament play'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const standingsQuery = z.object({ version: z.string().regex(/^\d{1,9}$/, 'must be a version number').transform(Number).optional() });
const matchParams = uidParams.extend({ mid: z.string().regex(/^\d{1,9}$/, 'must be a match id').transform(Number) });

const DECKS_AFTER_WINNER = DECKS_AFTER_WINNER_MESSAGE;


export function registerMatchesRoutes(server: FastifyInstance, { db, helpers: h }: { db: Db; helpers: PlayHelpers }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  registerRoundRoutes(server, { db, helpers: h }); // the round's clock and pairing fixes (issue 19)

  const requireInProgress = (t: Events.TournamentRow) => refuse(inPlayRefusal(t));

  const matchOr404 = async (tx: Tx, uid: string, mid: number) => notFoundIfMissing(await Matches.findMatch(tx, uid, mid), 'Match not found');
  /** Nobody decides a match they play in (decision 013): a member of either team, dropped or not. */
  const refuseOwnMatch = async (tx: Tx, uid: string, m: Matches.MatchRow, discordId: string) => {
    if (await Teams.playsIn(tx, uid, discordId, [m.team1Uid, m.team2Uid])) throw forbidden(OWN_MATCH_MESSAGE);
  };
  /** A match as the API shows it, naming its two teams (not every team of a 4,096-team event). */
  const shown = async (tx: Tx, t: Events.TournamentRow, m: Matches.MatchRow) => toMatch(m, teamNamer(await Teams.teamsByUids(tx, t.uid, [m.team1Uid, m.team2Uid])), clockOf(t, [m])(m));

  // ---- reading ----------------------------------------------------------------------------------

  app.get('/api/tournaments/:id/matches', { config: CACHED_READ,
    schema: {
      tags, summary: 'Every match (or one round’s with ?round=, one bracket’s with ?bracket=)', params: uidParams,
      querystring: z.object({
        round: z.coerce.number().int().min(1).max(10_000).optional(),
        bracket: z.enum(BRACKETS).optional().describe('only this bracket (swiss, top, winners, losers, grand, rr)'),
      }),
      response: { 200: z.array(matchSchema), ...errors(400, 404) },
    },
  }, (req, reply) => {
    const { id } = req.params;
    const { round, bracket } = req.query;
    const body = h.cached(id, `matches:${round ?? 'all'}:${bracket ?? 'all'}`, async () => {
      const t = await Events.findTournament(db, id);
      if (!t) return undefined;
      const [teams, rows] = await Promise.all([Teams.listTeams(db, id), Matches.listMatches(db, id, round)]);
      const name = teamNamer(teams);
      // the clock is part of the cached body: it changes only with a write (a new round, settings, an extension)
      const clock = clockOf(t, rows);
      return rows.filter((m) => !bracket || m.bracket === bracket).map((m) => toMatch(m, name, clock(m)));
    });
    return replyCached(req, reply, body, Events.TOURNAMENT_NOT_FOUND);
  });

  app.get('/api/tournaments/:id/matches/:mid', {
    schema: {
      tags, summary: 'One match; with its EDOPro room (name and password) for its players, the host and admins', params: matchParams,
      response: { 200: matchSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const t = await h.findOr404(req.params.id);
    const m = await matchOr404(db, t.uid, req.params.mid);
    const room = await roomFor(db, req.user, t, m);
    // the answer depends on who asks (the room): never kept by a shared cache
    reply.header('Cache-Control', 'private, no-store');
    return { ...(await shown(db, t, m)), ...(room && { room }) };
  });

  app.get('/api/tournaments/:id/scoreboard', { config: CACHED_READ,
    schema: { tags, summary: 'The state and every match of the current round (what the live topic carries)', params: uidParams, response: { 200: scoreboardSchema, ...errors(404) } },
  }, (req, reply) => replyCached(req, reply, h.cached(req.params.id, 'scoreboard', () => h.live.scoreboard(req.params.id, 'request')), Events.TOURNAMENT_NOT_FOUND));

  app.get('/api/tournaments/:id/standings', { config: CACHED_READ,
    schema: {
      tags, summary: 'Standings: points, W-L-T, OMW%, OOMW% and the tie-breaker number; final once a winner is declared',
      description: 'With version (from a notice on the standings topic of a large event): standings at least that new, the body made for the notice when this instance made one (decision 022).',
      params: uidParams, querystring: standingsQuery, response: { 200: standingsSchema, ...errors(400, 404) },
    },
  }, (req, reply) => replyCached(req, reply, h.live.standingsBody(req.params.id, req.query.version), Events.TOURNAMENT_NOT_FOUND));

  registerLifecycleRoutes(server, { db, helpers: h }); // start, next round, the winner, close

  // ---- matches ----------------------------------------------------------------------------------

  app.post('/api/tournaments/:id/matches/:mid/report-score', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Report the score of your own match from your side; the other side’s matching report completes it, a different one flags it',
      params: matchParams, querystring: reportScoreQuerySchema, body: reportScoreBodySchema,
      response: { 200: matchSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const games = { gamesWon: req.body.gamesWon, gamesLost: req.body.gamesLost };
    // the report is the event night's hot path: its lock answers only the columns it reads (decision 039)
    return h.writePlay(req.params.id, 'report', async (tx, t) => {
      refuse(inPlayRefusal(t));
      // a result no match of this event can have is refused before the match is read (a 400 before a 404)
      refuse(reportProblem(games, t.bestOf, true));
      // the match, the reporter's team and the two teams' names in one query (decision 019)
      const found = notFoundIfMissing(await Matches.matchForReport(tx, t.uid, req.params.mid, user.discordId), 'Match not found');
      const m = found.match;
      const rule = decided(reportMatch({ match: reportedMatch(m), currentRound: t.currentRound, bestOf: t.bestOf, reporterTeam: found.myTeamUid, fromTeam1: req.query.fromTeam1, games }));
      const named = (row: Matches.MatchRow) => toMatch(row, teamNamer(found.teams), clockOf(t, [row])(row));
      const mine = { [rule.side === 1 ? 'reportFromTeam1' : 'reportFromTeam2']: { reporterDiscordId: user.discordId, gamesWon: games.gamesWon, gamesLost: games.gamesLost, at: new Date().toISOString() } };
      if (rule.outcome === 'reported') {
        const row = await Matches.updateMatchFrom(tx, m, { ...mine, team1Wins: rule.team1Wins, team2Wins: rule.team2Wins });
        await h.effects.bot.opponentReported(tx, req, t, row, rule.side, games.gamesWon, games.gamesLost); // the opponent's Confirm / Dispute (the bot)
        return { result: named(row), touched: [row.id] };
      }
      if (rule.outcome === 'disputed') {
        // neither claim is the score until a report agrees or an admin decides
        const row = await Matches.updateMatchFrom(tx, m, { ...mine, team1Wins: null, team2Wins: null, flaggedForReview: true, flaggedMessage: rule.message });
        return { result: named(row), touched: [row.id] };
      }
      const winner = rule.winner === 1 ? m.team1Uid : rule.winner === 2 ? m.team2Uid : null;
      const set = { ...mine, team1Wins: rule.team1Wins, team2Wins: rule.team2Wins, complete: true, winnerTeamUid: winner, flaggedForReview: false, flaggedMessage: null };
      // Swiss and round robin: the two teams' W-L-T move in the match's own statement; a bracket settles what follows
      const onlyItsTeams = movesOnlyItsTeams(m);
      const row = await Matches.updateMatchFrom(tx, m, set, onlyItsTeams ? { team1Uid: m.team1Uid, team2Uid: m.team2Uid, winnerTeamUid: winner } : undefined);
      const touched = onlyItsTeams ? [row.id] : await afterResult(tx, t, row);
      // a result that moved no other match leaves the row as written
      const after = touched.length === 1 ? row : await matchOr404(tx, t.uid, m.id);
      return { result: named(after), touched };
    });
  });

  app.post('/api/tournaments/:id/matches/:mid/override-winner', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Set a result (auth >= 1, or an admin or the host): winnerTeamId, or none for a tie',
      description: 'In a bracket, a change that would move teams of a match already played answers 409 naming it, unless force=true (those matches are reset).',
      params: matchParams, querystring: overrideQuerySchema, body: overrideBodySchema,
      response: { 200: matchSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const user = requireUser(req);
    const { team1Wins, team2Wins } = req.body;
    const { winnerTeamId, force } = req.query;
    return h.write(req.params.id, 'override', async (tx, t) => {
      if (user.auth < 1 && !isPrivileged(user, t)) throw forbidden('Only admins, curators and the host can override a result');
      // a completed event's result may be corrected (its record and the series' ratings follow) until Close
      refuse(t.completed ? overRefusal(t) : inPlayRefusal(t));
      const m = await matchOr404(tx, t.uid, req.params.mid);
      refuse(overrideMatchRefusal(reportedMatch(m)));
      await refuseOwnMatch(tx, t.uid, m, user.discordId);
      const { winner } = decided(overrideResult({ match: reportedMatch(m), winnerTeamId, team1Wins, team2Wins, bestOf: t.bestOf }));
      const loaded = await loadPlay(tx, t);
      const { played } = downstream(loaded.state, matchKey(toEngineMatch(m)), { winner, team1Wins, team2Wins });
      const byKey = played.length ? new Map(loaded.matches.map((x) => [matchKey(toEngineMatch(x)), x])) : undefined;
      refuse(followRefusal({
        completed: t.completed, force: force === true, followed: played.map((p) => ({ id: byKey?.get(matchKey(p))?.id, round: p.round })),
        // the cut was seeded from the Swiss standings once: a completed event's Swiss results stay as the cut saw them
        swissUnderCut: m.bracket === 'swiss' && loaded.matches.some((x) => x.bracket === 'top'),
      }));
      const before = { complete: m.complete, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winner: m.winnerTeamUid };
      const row = await Matches.updateMatch(tx, m.id, { complete: true, team1Wins, team2Wins, winnerTeamUid: winner, overridden: true, flaggedForReview: false, flaggedMessage: null });
      const touched = await afterResult(tx, t, row);
      if (t.completed) {
        const now = await loadPlay(tx, t);
        refuse(championRefusal(champion(t.format, now.state.teams, now.state.matches, choiceOf(t)), t.winnerTeamUid));
        await h.effects.writeRecord(tx, t);
      }
      const after = await matchOr404(tx, t.uid, m.id);
      // a dispute decided (reports that disagree flag the match too): both sides are told (the bot)
      if (m.flaggedForReview) await h.effects.bot.disputeSettled(tx, req, t, after, loaded.teams);
      return {
        result: toMatch(after, teamNamer(loaded.teams), clockOf(t, [after])(after)), touched,
        audit: { actorDiscordId: user.discordId, action: t.completed ? 'correction' : 'override', before: { matchId: m.id, ...before }, after: { matchId: m.id, team1Wins, team2Wins, winner, forced: played.length > 0 } },
      };
    });
  });

  app.post('/api/tournaments/:id/matches/:mid/flag', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Flag a match for review (auth >= 1, an admin or the host, or a player of the match); the message is required',
      params: matchParams, querystring: flagQuerySchema, response: { 200: matchSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const user = requireUser(req);
    return h.write(req.params.id, 'flag', async (tx, t) => {
      requireInProgress(t);
      const m = await matchOr404(tx, t.uid, req.params.mid);
      const mine = await Teams.activeMembership(tx, t.uid, user.discordId);
      const player = !!mine && (mine.team.uid === m.team1Uid || mine.team.uid === m.team2Uid);
      if (user.auth < 1 && !isPrivileged(user, t) && !player) throw forbidden('Only admins, curators, the host and the match’s players can flag it');
      const row = await Matches.updateMatch(tx, m.id, { flaggedForReview: true, flaggedMessage: req.query.message });
      return { result: await shown(tx, t, row), touched: [row.id], audit: { actorDiscordId: user.discordId, action: 'flag', after: { matchId: m.id, message: req.query.message } } };
    });
  });

  app.post('/api/tournaments/:id/matches/:mid/resolve-flag', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Resolve a flag (auth >= 1, or an admin or the host)', params: matchParams, response: { 200: matchSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => {
    const user = requireUser(req);
    return h.write(req.params.id, 'resolve-flag', async (tx, t) => {
      if (user.auth < 1 && !isPrivileged(user, t)) throw forbidden('Only admins, curators and the host can resolve a flag');
      h.refuseIfOver(t);
      const m = await matchOr404(tx, t.uid, req.params.mid);
      await refuseOwnMatch(tx, t.uid, m, user.discordId);
      refuse(resolveFlagRefusal({ flagged: m.flaggedForReview }));
      const row = await Matches.updateMatch(tx, m.id, { flaggedForReview: false, flaggedMessage: null });
      if (t.inProgress && !t.completed) await h.effects.bot.disputeSettled(tx, req, t, row);
      return { result: await shown(tx, t, row), touched: [row.id], audit: { actorDiscordId: user.discordId, action: 'resolve-flag', before: { matchId: m.id, message: m.flaggedMessage } } };
    });
  });

  // ---- the deck zip -----------------------------------------------------------------------------

  app.get('/api/tournaments/:id/decks.zip', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Every approved deck as {team}/{player}/{label}.ydk (an admin or the host; once a winner exists)', params: uidParams,
      response: { 200: fileReply('A ZIP of .ydk files, saved as “{event} decks.zip”', 'application/zip'), ...errors(401, 403, 404, 409, 410) },
    },
  }, async (req, reply) => {
    const t = await h.findOr404(req.params.id);
    if (!isPrivileged(req.user, t)) throw forbidden('Only an admin or the host can download every deck');
    if (t.closed) throw new HttpError(410, DECKS_CLOSED_MESSAGE);
    if (!t.winnerTeamUid) throw conflict(DECKS_AFTER_WINNER);
    const [teams, members, decks] = await Promise.all([Teams.listTeams(db, t.uid), Teams.listMembers(db, t.uid), Decks.approvedDecks(db, t.uid)]);
    const users = await Users.usersByIds(db, members.map((m) => m.discordId));
    const teamOf = new Map(teams.map((x) => [x.uid, x]));
    const memberOf = new Map(members.map((m) => [m.id, m]));
    const files: Record<string, Uint8Array> = {};
    for (const d of decks) {
      const m = memberOf.get(d.memberId);
      if (!m) continue;
      const player = userName(users.get(m.discordId));
      const base = `${safeName(teamOf.get(m.teamUid)?.name ?? 'Unnamed Team')}/${safeName(player)}/${safeName(d.label)}`;
      let path = `${base}.ydk`;
      for (let n = 2; path in files; n++) path = `${base} (${n}).ydk`;
      files[path] = strToU8(exportYdk({ main: d.mainDeck, extra: d.extraDeck, side: d.sideDeck }, player));
    }
    const zip = Buffer.from(zipSync(files, { level: 6 }));
    return reply.type('application/zip').header('Content-Disposition', attachment(`${safeName(t.name)} decks.zip`)).send(zip);
  });
}
