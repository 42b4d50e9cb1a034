// An event's lifecycle once it is played (issue 11): Start, Next Round, the winner and Close. The
// host's or an admin's writes, each audited (adminAction on the one write path, event-write.ts),
// each answered with the tournament as GET .../{id} serves it.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tournamentSchema, winnerQuerySchema } from '../../../../domain/api/tournaments.ts';
import { inPlayRefusal } from '../../../../domain/tournaments/result-rules.ts';
import { nextRound, startTournament } from '../../../../domain/tournaments/engine/engine.ts';
import { cutProblem, swissRoundsOf } from '../../../../domain/tournaments/engine/round-count.ts';
import { lateEntryAtStart } from '../../../../domain/tournaments/late-entry.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict } from '../../../errors.ts';
import { errors, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { replyCached } from '../../../http/http-cache.ts';
import { standingsOf } from './tournament-standings.ts';
import { loadPlay, matchRow, settle, tableRound } from './tournament-play.ts';
import { choiceOf, playFacts, toEngineMatch } from '../tournament-views.ts';
import { refuse } from '../refusals.ts';
import { dropNoShows } from '../teams/no-shows.ts';
import type { PlayHelpers } from '../tournament-helpers.ts';
import * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import * as Matches from './matches-repository.ts';
import * as Users from '../../users/users-repository.ts';

const tags = ['tournament play'];
const uidParams = z.object({ id: z.string().min(1).max(64) });

export function registerLifecycleRoutes(server: FastifyInstance, { db, helpers: h }: { db: Db; helpers: PlayHelpers }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tournamentReply = { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404, 409) };
  /**
   * A write's answer: the tournament as GET .../{id} answers a visitor, made once and kept for the
   * pages that read it next (a 4,096-team event's is a megabyte: made, checked against the schema
   * and serialised per reply, it cost Next Round a tenth of its time).
   */
  const replyTournament = (req: FastifyRequest, reply: FastifyReply, uid: string) => replyCached(req, reply, h.cached(uid, 'detail', async () => {
    const t = await Events.findTournament(db, uid);
    return t && h.loadTournament(db, t);
  }), Events.TOURNAMENT_NOT_FOUND);
  const requireInProgress = (t: Events.TournamentRow) => refuse(inPlayRefusal(t));

  app.post('/api/tournaments/:id/start', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Start: at least 2 active teams; locks sign-ups; creates round 1 (the whole bracket for double elimination)', params: uidParams, response: tournamentReply },
  }, async (req, reply) => {
    await h.adminAction(req, req.params.id, 'start', async (tx, t, user) => {
      h.refuseIfOver(t);
      if (t.inProgress || t.completed) throw conflict('The tournament has already started');
      const noShows = await dropNoShows(tx, t, user.discordId); // with check-in: the teams that did not
      await h.effects.bot.droppedNoShows(tx, req, t, noShows);
      // seedByRating in a series: seeds by the members' ratings, stored before round 1 is paired by them
      const teams = await h.effects.seedTeams(tx, t, await Teams.listTeams(tx, t.uid));
      const active = teams.filter((x) => !x.dropped);
      if (active.length === 0) throw conflict('No teams found in tournament'); // spec 2 §8
      if (active.length < 2) throw conflict(`A tournament needs at least 2 active teams to start (it has ${active.length})`);
      const cutTooLarge = cutProblem(t.format, active.length, choiceOf(t));
      if (cutTooLarge) throw conflict(cutTooLarge);
      const seed = t.pairingSeed ?? randomInt(2 ** 31);
      const { roundCount, matches } = startTournament(t.format, teams.map((x) => ({ id: x.uid, seed: x.seed, dropped: x.dropped })), seed, choiceOf(t));
      await Matches.insertMatches(tx, matches.map((m) => matchRow(t.uid, m)));
      // late entry as the event really has it (decision 016): Swiss only, not after a lock, never through the last Swiss round
      const lateEntryRounds = lateEntryAtStart(t.format, t.lateEntryRounds, t.signupsOpen, swissRoundsOf(active.length, choiceOf(t)));
      const started = await Events.updateTournament(tx, t.uid, {
        inProgress: true, signupsOpen: false, currentRound: 1, roundCount, pairingSeed: seed, roundStartDates: [new Date().toISOString()],
        checkInOpen: false, lateEntryRounds,
      });
      await settle(tx, started, active.map((x) => x.uid)); // byes count, dropped teams forfeit
      await tableRound(tx, started, 1); // round 1's tables (a double elimination's later rounds get theirs when they begin)
      await h.effects.webhooks.pairings(tx, req, started); // the event's Discord webhook, sent after commit
      await h.effects.bot.roundPaired(tx, req, started); // each player's direct message (the bot)
      return {
        result: undefined, before: { teams: active.length + noShows.length },
        after: { roundCount, matches: matches.length, format: t.format, ...(noShows.length && { noShowsDropped: noShows.length }), lateEntryRounds },
      };
    });
    return replyTournament(req, reply, req.params.id);
  });

  app.post('/api/tournaments/:id/next-round', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Next Round: only when every match of the current round is complete', params: uidParams, response: tournamentReply },
  }, async (req, reply) => {
    await h.adminAction(req, req.params.id, 'next-round', async (tx, t) => {
      requireInProgress(t);
      const loaded = await loadPlay(tx, t);
      const facts = playFacts(t, loaded.teams, loaded.matches);
      const open = loaded.matches.filter((m) => m.roundNumber <= t.currentRound && !m.complete);
      if (open.length > 0) {
        const earlier = open.filter((m) => m.roundNumber < t.currentRound).map((m) => `#${m.id} (round ${m.roundNumber})`);
        throw conflict(earlier.length
          ? `Match ${earlier.join(', ')} must be played again first`
          : `Round ${t.currentRound} has ${open.length} match${open.length === 1 ? '' : 'es'} still to finish`);
      }
      if (t.currentRound >= t.roundCount) throw conflict('This is the last round: mark the winner');
      if (facts.championTeamUid) throw conflict('The champion is decided: mark the winner');
      const created = nextRound({ ...loaded.state, choice: choiceOf(t) }, t.currentRound);
      const inserted = await Matches.insertMatches(tx, created.map((m) => matchRow(t.uid, m)));
      const moved = await Events.updateTournament(tx, t.uid, { currentRound: t.currentRound + 1, roundStartDates: [...t.roundStartDates, new Date().toISOString()] });
      // the rows as they stand now are known: settle does not read every match of the event again
      const all = [...loaded.matches, ...inserted];
      await settle(tx, moved, created.flatMap((m) => [m.team1, m.team2]).filter((x): x is string => x !== null), { ...loaded, matches: all, state: { ...loaded.state, matches: all.map(toEngineMatch) } });
      await tableRound(tx, moved, moved.currentRound);
      await h.effects.webhooks.pairings(tx, req, moved);
      // the first round of the top cut: its teams hear they made it, then get their tables
      if (!loaded.matches.some((m) => m.bracket === 'top')) {
        await h.effects.bot.madeTopCut(tx, req, moved, created.filter((m) => m.bracket === 'top').flatMap((m) => [m.team1, m.team2]).filter((x): x is string => x !== null));
      }
      await h.effects.bot.roundPaired(tx, req, moved);
      return { result: undefined, before: { currentRound: t.currentRound }, after: { currentRound: t.currentRound + 1, matches: created.length } };
    });
    return replyTournament(req, reply, req.params.id);
  });

  app.post('/api/tournaments/:id/winner', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Mark the winner once the last round is complete (or the bracket is decided); without winnerTeamUid, the engine’s champion',
      params: uidParams, querystring: winnerQuerySchema, response: tournamentReply,
    },
  }, async (req, reply) => {
    await h.adminAction(req, req.params.id, 'winner', async (tx, t) => {
      requireInProgress(t);
      const loaded = await loadPlay(tx, t);
      const facts = playFacts(t, loaded.teams, loaded.matches);
      const lastRoundDone = t.currentRound >= t.roundCount && facts.roundComplete;
      if (!lastRoundDone && !facts.championTeamUid) throw conflict('The winner can be marked once the last round is complete');
      const winner = req.query.winnerTeamUid ?? facts.championTeamUid;
      if (!winner) throw conflict('No champion could be determined: name the winner');
      const named = loaded.teams.find((x) => x.uid === winner);
      if (!named) throw badRequest('winnerTeamUid: not a team of this tournament');
      // the team that won: the bracket's champion (elimination, a top cut), else the first of the standings
      const champion = facts.championTeamUid && loaded.teams.find((x) => x.uid === facts.championTeamUid);
      if (champion && champion.uid !== named.uid) {
        throw conflict(`Only the team that won can be marked the winner: that is ${champion.name || 'the champion'}, not ${named.name || 'this team'}`);
      }
      const completed = await Events.updateTournament(tx, t.uid, { completed: true, winnerTeamUid: winner, signupsOpen: false, deckSubmissionOpen: false });
      // the public record (report, meta, profiles, ratings) is written with the winner, in this transaction
      await h.effects.writeRecord(tx, completed);
      await h.effects.webhooks.champion(tx, req, t, winner);
      await h.effects.bot.finalResult(tx, req, completed); // each player's place (the bot)
      return { result: undefined, after: { winnerTeamUid: winner, engineChampion: facts.championTeamUid } };
    });
    return replyTournament(req, reply, req.params.id);
  });

  app.post('/api/tournaments/:id/close', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Close a completed tournament: teams, matches and decks are deleted; the row and its final standings stay', params: uidParams, response: tournamentReply },
  }, async (req, reply) => {
    await h.adminAction(req, req.params.id, 'close', async (tx, t) => {
      h.refuseIfOver(t);
      if (!t.completed) throw conflict('Only a completed tournament can be closed');
      const loaded = await loadPlay(tx, t);
      const members = (await Teams.listMembers(tx, t.uid)).filter((m) => m.teamUid === t.winnerTeamUid);
      const standings = standingsOf(t, loaded.teams, loaded.matches, { members, users: await Users.usersByIds(tx, members.map((m) => m.discordId)) });
      await Events.deleteEventData(tx, t.uid);
      await Events.updateTournament(tx, t.uid, { closed: true, finalStandings: standings });
      return { result: undefined, after: { teams: loaded.teams.length, matches: loaded.matches.length } };
    });
    return replyTournament(req, reply, req.params.id);
  });
}
