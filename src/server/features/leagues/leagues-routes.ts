// The league's routes (issue 41, decision 042): thin handlers over league-actions.ts (writes, each
// one locked transaction with its live message after commit) and league-reads.ts (reads settled by
// the clock, then answered from memory per league version). Every write needs a session (a suspended
// user has none) and counts against the per-user write limit of every /api write (rate-limits.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLeagueBodySchema, decideBodySchema, disputeBodySchema, LEAGUE_BEST_OF, LEAGUE_DECIDE_HOURS, LEAGUE_MESSAGES, leagueMatchSchema,
  leagueRunSchema, leagueSchema, leaguesQuerySchema, leagueSummarySchema, queueReplySchema, reportBodySchema, startRunBodySchema,
} from '../../../domain/api/leagues.ts';
import { deckRefusalSchema } from '../../../domain/api/decks.ts';
import { serializeLflist } from '../../../domain/banlists/lflist.ts';
import { defaultLeagueEnd, leagueDatesProblem } from '../../../domain/leagues/league-clock.ts';
import { hostBanlist } from '../../../domain/tournaments/host-banlist.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFoundIfMissing } from '../../errors.ts';
import { sendCached } from '../../http/http-cache.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import * as BanlistsRepository from '../banlists/banlists-repository.ts';
import { cardIndex } from '../cards/card-index.ts';
import * as SeriesRepository from '../series/series-repository.ts';
import { leagueActions } from './league-actions.ts';
import { checkRunDeck } from './league-decks.ts';
import { LeagueReads } from './league-reads.ts';
import { LeagueWriter } from './league-writer.ts';
import * as Repo from './leagues-repository.ts';

const tags = ['leagues'];
const idParams = z.object({ id: z.string().min(1).max(64) });
const number = (what: string) => z.string().regex(/^\d{1,9}$/, `must be a ${what} id`).transform(Number);
const runParams = idParams.extend({ runId: number('run') });
const matchParams = idParams.extend({ matchId: number('match') });
/** the sweep that settles leagues nobody reads (a report to stand, the end) */
const SWEEP_MS = 60_000;

export interface LeagueRoutesOptions {
  db: Db;
  /** the league's clock (tests move it); the league alone reads it */
  now?: () => Date;
}

export function registerLeaguesRoutes(server: FastifyInstance, { db, now = () => new Date() }: LeagueRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const cards = cardIndex(db);
  const writer = new LeagueWriter(db, app.realtime, app.log, now);
  const reads = new LeagueReads(db, writer, cards);
  const actions = leagueActions({ writer, cards });

  async function sweep(): Promise<void> {
    for (const id of await Repo.dueLeagueIds(db, now(), LEAGUE_DECIDE_HOURS)) await writer.settleNow(id);
  }
  const timer = setInterval(() => { sweep().catch((err) => app.log.warn({ err }, 'league: the sweep failed')); }, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorate('leagues', { writer, sweep });

  const leagueOr404 = async (id: string) => notFoundIfMissing(await Repo.findLeague(db, id), LEAGUE_MESSAGES.notFound);
  const matchReply = { 200: leagueMatchSchema, ...errors(...WRITE_ERRORS, 404, 409) };

  // ---- leagues ----------------------------------------------------------------------------------

  app.get('/api/leagues', {
    schema: { tags, summary: 'Every league, newest first (or one series’ with ?seriesId=, one phase’s with ?phase=)', querystring: leaguesQuerySchema, response: { 200: z.array(leagueSummarySchema), ...errors(400) } },
  }, async (req) => reads.list(req.query.seriesId, req.query.phase));

  app.post('/api/leagues', {
    config: { auth: 1, authMessage: LEAGUE_MESSAGES.createdBy },
    schema: {
      tags, summary: 'Create a league (curators and admins); answers the league',
      description: 'The league copies its series’ duel settings and deck checks, and runs on one list: `banlistDate` (the site’s list of that date), '
        + '`banlistDate: null` for none; left out, the series’ own list, else the site’s current one. `startsAt` defaults to now, `endsAt` to a calendar month later.',
      body: createLeagueBodySchema, response: { 201: leagueSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const body = req.body;
    const series = notFoundIfMissing(await SeriesRepository.findById(db, body.seriesId), LEAGUE_MESSAGES.seriesNotFound);
    const at = now();
    const startsAt = body.startsAt ? new Date(body.startsAt) : at;
    const endsAt = body.endsAt ? new Date(body.endsAt) : defaultLeagueEnd(startsAt);
    const problem = leagueDatesProblem(startsAt, endsAt, at);
    if (problem) throw badRequest(problem);
    // the host form's rule (decision 037): a list by date, none on purpose, the series' own, else the current one
    const choice = hostBanlist({ banlistDate: body.banlistDate, banlist: series.banlist ?? undefined });
    let banlist = choice.kind === 'text' ? series.banlist : null;
    let banlistName = choice.kind === 'text' ? series.banlistName : null;
    const banlistDate = choice.kind === 'date' ? choice.date : choice.kind === 'current' ? (await BanlistsRepository.listDates(db))[0] ?? null : null;
    if (banlistDate) {
      const file = notFoundIfMissing(await BanlistsRepository.findListKey(db, banlistDate), LEAGUE_MESSAGES.noBanlist(banlistDate));
      banlist = serializeLflist(notFoundIfMissing(await BanlistsRepository.listForExport(db, file.id), LEAGUE_MESSAGES.noBanlist(banlistDate)));
      banlistName = file.name;
    }
    const id = randomUUID();
    await Repo.insertLeague(db, {
      id, seriesId: series.id, seriesName: series.name, name: body.name, banlistDate, banlistName, banlist,
      settings: {
        relay: series.relay, dontShuffleDeck: series.dontShuffleDeck, dontCheckDeckContents: series.dontCheckDeckContents, dontCheckDeckSize: series.dontCheckDeckSize,
        tcgSegocRulings: series.tcgSegocRulings, startingLp: series.startingLp, startingHand: series.startingHand, cardsPerDraw: series.cardsPerDraw,
        minMainDeckSize: series.minMainDeckSize, maxMainDeckSize: series.maxMainDeckSize, minExtraDeckSize: series.minExtraDeckSize,
        maxExtraDeckSize: series.maxExtraDeckSize, minSideDeckSize: series.minSideDeckSize, maxSideDeckSize: series.maxSideDeckSize,
        ruleOptions: [...series.ruleOptions], cardTypeFilters: [...series.cardTypeFilters],
      },
      startsAt, endsAt, matchesPerRun: body.matchesPerRun, bestOf: LEAGUE_BEST_OF, confirmHours: body.confirmHours, deckPrivacy: body.deckPrivacy,
      createdBy: user.discordId, createdAt: at, updatedAt: at,
    });
    const created = notFoundIfMissing(await reads.detail(id, user), LEAGUE_MESSAGES.notFound);
    await sendCached(req, reply.code(201), created, { 'Cache-Control': 'private, no-cache' });
  });

  app.get('/api/leagues/:id', {
    config: CACHED_READ,
    schema: {
      tags, summary: 'A league: its settings, leaderboard, queue size, the matches waiting for the hosts, and the reader’s own run',
      params: idParams, response: { 200: leagueSchema, ...errors(400, 404) },
    },
  }, async (req, reply) => {
    const body = notFoundIfMissing(await reads.detail(req.params.id, req.user), LEAGUE_MESSAGES.notFound);
    await sendCached(req, reply, body, req.user ? { 'Cache-Control': 'private, no-cache' } : undefined);
  });

  // ---- runs -------------------------------------------------------------------------------------

  app.post('/api/leagues/:id/runs', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Start a run with a deck (`{ ydk }` or `{ ydke }`), checked against the league’s list and rules; 409 with an active run',
      params: idParams, body: startRunBodySchema, response: { 201: leagueRunSchema, 400: deckRefusalSchema, ...errors(401, 403, 404, 409, 429) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const checked = await checkRunDeck(req.body, await leagueOr404(req.params.id), cards);
    return reply.code(201).send(await actions.startRun(req.params.id, user, checked));
  });

  app.get('/api/leagues/:id/runs/:runId', {
    schema: { tags, summary: 'A run and its matches; its deck to its player and the hosts, to everyone once published', params: runParams, response: { 200: leagueRunSchema, ...errors(400, 404) } },
  }, async (req, reply) => {
    if (req.user) reply.header('Cache-Control', 'private, no-cache');
    return reads.run(req.params.id, req.params.runId, req.user);
  });

  app.post('/api/leagues/:id/runs/:runId/retire', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Retire: the player ends their run between matches (its results stay)', params: runParams, response: { 200: leagueRunSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => actions.retire(req.params.id, req.params.runId, requireUser(req)));

  // ---- the queue --------------------------------------------------------------------------------

  app.post('/api/leagues/:id/queue', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Find a match: paired at once with the first waiting run that may meet this one, else waiting for 15 minutes',
      params: idParams, response: { 200: queueReplySchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => actions.findMatch(req.params.id, requireUser(req)));

  app.delete('/api/leagues/:id/queue', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Cancel: leave the queue (a pairing made before the Cancel stands, and is the answer)', params: idParams, response: { 200: queueReplySchema, ...errors(...WRITE_ERRORS, 404) } },
  }, async (req) => actions.leaveQueue(req.params.id, requireUser(req)));

  // ---- matches ----------------------------------------------------------------------------------

  app.get('/api/leagues/:id/matches/:matchId', {
    schema: { tags, summary: 'A league match; its EDOPro room to its two players and the hosts while it is open', params: matchParams, response: { 200: leagueMatchSchema, ...errors(400, 404) } },
  }, async (req, reply) => {
    if (req.user) reply.header('Cache-Control', 'private, no-cache');
    return reads.match(req.params.id, req.params.matchId, req.user);
  });

  app.post('/api/leagues/:id/matches/:matchId/report', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Report the result, the reporter’s games first (a player of the match, once)', params: matchParams, body: reportBodySchema, response: matchReply },
  }, async (req) => actions.report(req.params.id, req.params.matchId, requireUser(req), req.body as { gamesWon: number; gamesLost: number }));

  app.post('/api/leagues/:id/matches/:matchId/confirm', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Confirm the opponent’s report (within the league’s confirmHours)', params: matchParams, response: matchReply },
  }, async (req) => actions.confirm(req.params.id, req.params.matchId, requireUser(req)));

  app.post('/api/leagues/:id/matches/:matchId/dispute', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Dispute the opponent’s report (within confirmHours): the hosts decide', params: matchParams, body: disputeBodySchema, response: matchReply },
  }, async (req) => actions.dispute(req.params.id, req.params.matchId, requireUser(req), req.body?.reason));

  app.post('/api/leagues/:id/matches/:matchId/decide', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Decide a match (the league’s hosts, never their own match): the winner and the winner’s games first', params: matchParams, body: decideBodySchema, response: matchReply },
  }, async (req) => actions.decide(req.params.id, req.params.matchId, requireUser(req), req.body as { winnerDiscordId: string; gamesWon: number; gamesLost: number }));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the league's writer (its in-transaction listeners: the Discord DMs) and the sweep that settles leagues nobody reads */
    leagues: { writer: import('./league-writer.ts').LeagueWriter; sweep(): Promise<void> };
  }
}
