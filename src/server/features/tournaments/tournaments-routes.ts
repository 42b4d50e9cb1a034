// Tournaments up to the start (issue 10): the list, hosting, sign-ups, decks, drops, settings,
// the banlist file and the audit log. Every write locks the tournament row, changes it in one
// transaction, moves its version on, and publishes the scoreboard and standings after commit.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema, deckRefusalSchema, deckSchema, formatQuerySchema, hostBodySchema, hostResponseSchema, participantIdsQuerySchema,
  participantSchema, signupBodySchema, teamSchema, toggleQuerySchema, tournamentSchema, tournamentSummarySchema, deckUploadQuerySchema,
  validateDeckQuerySchema, type Deck, type Tournament,
} from '../../../domain/api/tournaments.ts';
import { discordIdSchema } from '../../../domain/api/users.ts';
import { serializeLflist } from '../../../domain/banlist/lflist.ts';
import { FORMAT_LABEL } from '../../../domain/tournament/formats.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, notFoundIfMissing, unauthorized } from '../../errors.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { attachment } from '../banlists/banlists-routes.ts';
import * as BanlistsRepository from '../banlists/banlists-repository.ts';
import { CardIndex } from '../cards/card-index.ts';
import { replyCached, sendCached } from '../banlists/http-cache.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import * as SeriesRepository from '../series/series-repository.ts';
import { checkStoredDeck, DeckRefusedError, readDeck } from './deck-checks.ts';
import { TournamentLive } from './tournament-live.ts';
import { TournamentReads } from './tournament-reads.ts';
import { settle } from './tournament-play.ts';
import { isPrivileged, toDeck, toParticipants, toSummary, toTeam, toTournament } from './tournament-views.ts';
import * as Repo from './tournaments-repository.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const numericId = (what: string) => z.string().regex(/^\d{1,9}$/, `must be a ${what} id`).transform(Number);
const deckParams = uidParams.extend({ deckId: numericId('deck') });
const participantParams = uidParams.extend({ pid: numericId('participant') });
const participantDeckParams = participantParams.extend({ deckId: numericId('deck') });
const teamParams = uidParams.extend({ tid: z.string().min(1).max(64) });
const ownIdQuery = z.object({ participantDiscordId: discordIdSchema.optional() });

/** A deck file is a few kilobytes; deck-text.ts refuses anything longer than 100,000 characters. */
const DECK_BODY_LIMIT = 256 * 1024;
/** Seed Test Data: how many teams by default, and at most (the 4,096-team events of the benchmarks). */
const SEED_TEAMS = 8;
const SEED_TEAMS_MAX = 4096;
/** participants/decks: ids per call (a page of the admin panel's teams) */
const MAX_PARTICIPANT_IDS = 200;

export interface TournamentRoutesOptions {
  db: Db;
}

export function registerTournamentsRoutes(server: FastifyInstance, { db }: TournamentRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // public reads from memory until the next change of their tournament, shared with the live
  // channel's answers (tournament-reads.ts says how every instance keeps them fresh)
  const tournamentReads = new TournamentReads(app.realtime);
  const reads = tournamentReads.cache;
  const changed = (uid: string) => tournamentReads.changed(uid);
  const live = new TournamentLive(db, app.realtime, app.log, tournamentReads);
  const cards = new CardIndex(db);
  /** Inside a write's transaction: other instances drop this tournament's reads when it commits. */
  const notice = (tx: Tx, uid: string) => app.realtime.noticeInTx(tx, uid);
  const cached = <T>(uid: string, key: string, make: () => Promise<T | undefined>) => tournamentReads.cached(uid, key, make);
  app.decorate('tournamentLive', live);
  // messages queued by the last writes go out before the database closes
  app.addHook('onClose', async () => { await live.flush(); });

  // ---- reading ----------------------------------------------------------------------------------

  /** The tournament with its teams, members (names, avatars) and deck summaries. */
  async function loadTournament(tx: Tx, t: Repo.TournamentRow): Promise<Tournament> {
    // one after another: in a transaction they share one connection (node-postgres would queue them, pg 9 refuses)
    const teams = await Repo.listTeams(tx, t.uid);
    const members = await Repo.listMembers(tx, t.uid);
    const decks = await Repo.listDeckSummaries(tx, t.uid);
    const matches = await Repo.listMatches(tx, t.uid);
    const users = await Repo.usersByIds(tx, [t.hostDiscordId, ...members.map((m) => m.discordId)]);
    return toTournament(t, { teams, members, decks, users, host: users.get(t.hostDiscordId), matches });
  }

  async function teamsContext(tx: Tx, uid: string) {
    const teams = await Repo.listTeams(tx, uid);
    const members = await Repo.listMembers(tx, uid);
    const decks = await Repo.listDeckSummaries(tx, uid);
    return { teams, members, decks, users: await Repo.usersByIds(tx, members.map((m) => m.discordId)) };
  }

  const findOr404 = async (uid: string) => notFoundIfMissing(await Repo.findTournament(db, uid), Repo.TOURNAMENT_NOT_FOUND);

  /**
   * One write: the row locked, `work` applied, the version moved on, then (after commit) the live
   * message. `work` may throw an HttpError: nothing is kept.
   */
  async function mutate<T>(uid: string, change: string, work: (tx: Tx, t: Repo.TournamentRow) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const t = await Repo.lockTournament(tx, uid);
      const value = await work(tx, t);
      await Repo.updateTournament(tx, uid, {});
      await notice(tx, uid);
      return value;
    });
    changed(uid);
    void live.publish(uid, change);
    return result;
  }

  /** Privileged (auth 2 or the host) writes, written to the audit log with the state before and after. */
  async function adminAction<T>(
    req: FastifyRequest,
    uid: string,
    action: string,
    work: (tx: Tx, t: Repo.TournamentRow, user: { discordId: string }) => Promise<{ result: T; before?: unknown; after?: unknown; unchanged?: boolean }>,
  ): Promise<T> {
    const user = requireUser(req);
    return mutate(uid, action, async (tx, t) => {
      if (!isPrivileged(user, t)) throw forbidden('Only an admin or the host of this tournament can do this');
      const { result, before, after, unchanged } = await work(tx, t, user);
      // a call that changed nothing (opening what is open) leaves no line in the log
      if (!unchanged) await Repo.audit(tx, { tournamentUid: t.uid, actorDiscordId: user.discordId, action, before, after });
      return result;
    });
  }

  const refuseIfOver = (t: Repo.TournamentRow) => {
    if (t.closed) throw conflict('This tournament was closed');
    if (t.cancelled) throw conflict('This tournament was cancelled');
  };
  const refuseIfStarted = (t: Repo.TournamentRow, what: string) => {
    refuseIfOver(t);
    if (t.completed) throw conflict(`${what}: the tournament is over`);
    if (t.inProgress) throw conflict(`${what}: the tournament has started`);
  };

  app.get('/api/tournaments', { config: CACHED_READ,
    schema: { tags, summary: 'Every tournament that is not cancelled', response: { 200: z.array(tournamentSummarySchema) } },
  }, (req, reply) => replyCached(req, reply, reads.json('tournaments', 'list', async () => (await Repo.listForSummaries(db)).map(toSummary)), 'No tournaments'));

  app.get('/api/tournaments/participating', {
    schema: { tags, summary: 'Uids of the tournaments the signed-in user plays in (empty for a visitor)', response: { 200: z.array(z.string()) } },
  }, async (req) => (req.user ? Repo.participatingUids(db, req.user.discordId) : []));

  app.get('/api/tournaments/:id', { config: CACHED_READ,
    schema: { tags, summary: 'A tournament: every field of spec 2 §3 with its teams, the host and the EDOPro numbers', params: uidParams, response: { 200: tournamentSchema, ...errors(400, 404) } },
  }, (req, reply) => {
    const body = cached(req.params.id, 'detail', async () => {
      const t = await Repo.findTournament(db, req.params.id);
      return t && loadTournament(db, t);
    });
    return replyCached(req, reply, body, Repo.TOURNAMENT_NOT_FOUND);
  });

  app.get('/api/tournaments/:id/teams', {
    schema: { tags, summary: 'The teams with their members and deck summaries', params: uidParams, response: { 200: z.array(teamSchema), ...errors(404) } },
  }, async (req) => (await loadTournament(db, await findOr404(req.params.id))).teams);

  app.get('/api/tournaments/:id/teams/:tid', {
    schema: { tags, summary: 'One team', params: teamParams, response: { 200: teamSchema, ...errors(404) } },
  }, async (req) => {
    await findOr404(req.params.id);
    const team = notFoundIfMissing(await Repo.findTeam(db, req.params.id, req.params.tid), 'Team not found');
    const ctx = await teamsContext(db, req.params.id);
    return toTeam(team, ctx.members.filter((m) => m.teamUid === team.uid), ctx);
  });

  app.get('/api/tournaments/:id/participants', { config: CACHED_READ,
    schema: { tags, summary: 'Every member with their team and deck summaries', params: uidParams, response: { 200: z.array(participantSchema), ...errors(404) } },
  }, async (req, reply) => {
    await findOr404(req.params.id);
    return sendCached(req, reply, (await cached(req.params.id, 'participants', async () => toParticipants(await teamsContext(db, req.params.id))))!);
  });

  /** Decks with their cards: the owner's, or any for a privileged user. */
  async function decksFor(req: FastifyRequest, t: Repo.TournamentRow, memberIds: number[]): Promise<Map<number, Deck[]>> {
    const user = req.user;
    if (!user) throw unauthorized('Sign in to see decks');
    const privileged = isPrivileged(user, t);
    const owned = new Map<number, Deck[]>();
    for (const id of memberIds) {
      const m = await Repo.findMember(db, t.uid, id);
      if (!m) throw notFound('Participant information not found');
      if (!privileged && m.member.discordId !== user?.discordId) throw forbidden('Only the player and the tournament’s admins may see these decks');
      owned.set(id, []);
    }
    for (const d of await Repo.decksOfMembers(db, t.uid, memberIds)) {
      const checked = await checkStoredDeck({ main: d.mainDeck, extra: d.extraDeck, side: d.sideDeck }, t, cards);
      owned.get(d.memberId)!.push(toDeck(d, checked.name, checked.problems));
    }
    return owned;
  }

  app.get('/api/tournaments/:id/participants/:pid/decks', {
    schema: { tags, summary: 'A participant’s decks with their cards and problems (the player, or privileged users)', params: participantParams, response: { 200: z.array(deckSchema), ...errors(400, 401, 403, 404) } },
  }, async (req) => (await decksFor(req, await findOr404(req.params.id), [req.params.pid])).get(req.params.pid)!);

  app.get('/api/tournaments/:id/participants/decks', {
    schema: {
      tags, summary: 'Decks of several participants, a map by participant id', params: uidParams, querystring: participantIdsQuerySchema,
      response: { 200: z.record(z.string(), z.array(deckSchema)), ...errors(400, 401, 403, 404) },
    },
  }, async (req) => {
    const ids = [...new Set(req.query.participantIds.split(',').map(Number))];
    if (ids.length > MAX_PARTICIPANT_IDS) throw badRequest(`participantIds: at most ${MAX_PARTICIPANT_IDS} ids at once`);
    return Object.fromEntries(await decksFor(req, await findOr404(req.params.id), ids));
  });

  app.get('/api/tournaments/:id/banlist', {
    schema: { tags, summary: 'The tournament’s banlist as an .lflist.conf file ({banlistName}.lflist.conf)', params: uidParams, response: { 200: z.string().describe('The .lflist.conf text'), ...errors(404) } },
  }, async (req, reply) => {
    const t = await findOr404(req.params.id);
    if (!t.banlist) throw notFound('This tournament has no banlist');
    const name = (t.banlistName ?? 'banlist').replace(/[/\\\r\n"]/g, '_');
    return reply.type('text/plain; charset=utf-8').header('Content-Disposition', attachment(`${name}.lflist.conf`)).send(t.banlist);
  });

  app.get('/api/tournaments/:id/audit', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Who did what to this tournament (an admin or the host)', params: uidParams, response: { 200: z.array(auditEntrySchema), ...errors(401, 403, 404) } },
  }, async (req) => {
    const t = await findOr404(req.params.id);
    if (!isPrivileged(req.user, t)) throw forbidden('Only an admin or the host of this tournament can read its log');
    return (await Repo.listAudit(db, t.uid)).map(({ entry, actorName }) => ({
      id: entry.id, actorDiscordId: entry.actorDiscordId, actorName, action: entry.action, before: entry.before, after: entry.after, at: entry.at.toISOString(),
    }));
  });

  // ---- hosting ----------------------------------------------------------------------------------

  app.post('/api/tournaments/host', {
    config: { auth: 1, authMessage: 'Only curators (auth level 1 or more) may host tournaments' },
    // with a series, what the body leaves out is the series' (a snapshot of it)
    preValidation: async (req) => {
      const body = req.body as Record<string, unknown> | null;
      if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.seriesUid !== 'string' || !body.seriesUid) return;
      const series = notFoundIfMissing(await SeriesRepository.findById(db, body.seriesUid), 'Series not found');
      const { id: _id, name: _name, picture, description, createdBy: _c, createdAt: _a, updatedAt: _u, duelFlags: _d, roomDuelFlags: _r, forbiddenTypes: _f, preset: _p, ...settings } = series;
      // what the request says wins, an explicit null included (a host who cleared the series' banlist wants none)
      const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const snapshot: Record<string, unknown> = { description, imageUri: picture, ...settings };
      // a list chosen by date replaces the series' list, its name included
      if (given.banlistDate) for (const k of ['banlist', 'banlistName']) delete snapshot[k];
      (req as { body: unknown }).body = { ...snapshot, ...given };
    },
    schema: {
      tags,
      summary: 'Host a tournament (auth >= 1); answers its uid',
      description: 'With `seriesUid` the fields left out are copied from the series. The banlist is `.lflist.conf` text, or `banlistDate` for a list of the site.',
      body: hostBodySchema,
      response: { 201: hostResponseSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const { discordId: _claim, banlistDate, openSubmissions, seriesUid, ...values } = req.body;
    let banlist = values.banlist ?? null;
    let banlistName = values.banlistName ?? null;
    if (banlistDate) {
      const file = notFoundIfMissing(await BanlistsRepository.findListKey(db, banlistDate), `banlistDate: there is no banlist dated ${banlistDate}`);
      const entries = await BanlistsRepository.listForExport(db, file.id);
      banlist = serializeLflist({ name: file.name, whitelist: file.whitelist, entries });
      banlistName ??= file.name;
    }
    const uid = randomUUID();
    await db.transaction(async (tx) => {
      const inserted = await Repo.insertTournament(tx, {
        ...values, uid, banlist, banlistName, seriesUid: seriesUid ?? null, hostDiscordId: user.discordId,
        iteration: seriesUid ? await Repo.nextIteration(tx, seriesUid) : null,
        deckSubmissionOpen: openSubmissions, imageUri: values.imageUri ?? null,
        subtitle: values.subtitle ?? null, description: values.description ?? null,
        pairingSeed: Math.floor(Math.random() * 2 ** 31),
      });
      await Repo.audit(tx, { tournamentUid: uid, actorDiscordId: user.discordId, action: 'host', after: { name: values.name, format: values.format } });
      await notice(tx, uid);
      return inserted;
    });
    changed(uid);
    return reply.code(201).send({ uid });
  });

  // ---- sign-up, decks, drops --------------------------------------------------------------------

  app.post('/api/tournaments/:id/signup', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Sign up as a team: the signed-in user is its captain and sole member', params: uidParams, body: signupBodySchema,
      response: { 201: teamSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    if (req.body.members?.some((m) => m.discordId !== user.discordId)) throw forbidden('A sign-up is for yourself: the members must be you');
    const team = await mutate(req.params.id, 'signup', async (tx, t) => {
      refuseIfStarted(t, 'Sign-ups are closed');
      if (!t.signupsOpen) throw conflict('Sign-ups are closed for this tournament');
      if (await Repo.activeMembership(tx, t.uid, user.discordId)) throw conflict('You are already in a team of this tournament');
      if (await Repo.activeTeamNameTaken(tx, t.uid, req.body.name)) throw conflict(`name: a team called "${req.body.name}" has already signed up`);
      const { team } = await Repo.insertTeam(tx, { uid: randomUUID(), tournamentUid: t.uid, name: req.body.name, captainDiscordId: user.discordId, image: req.body.members?.[0]?.image ?? null });
      const ctx = await teamsContext(tx, t.uid);
      return toTeam(team, ctx.members.filter((m) => m.teamUid === team.uid), ctx);
    });
    return reply.code(201).send(team);
  });

  app.post('/api/tournaments/:id/decks', {
    config: { auth: 'user', textBody: 'deck' },
    bodyLimit: DECK_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Submit a deck (.ydk text or a ydke:// URL, text/plain) for yourself',
      description: 'An invalid deck is refused with every problem (400: `{ error, problems, deck }`) and stored nowhere. With manual deck checking a valid deck waits for review; without it, it is approved.',
      params: uidParams, querystring: deckUploadQuerySchema,
      body: z.string({ error: 'send the deck as text/plain: the .ydk file or a ydke:// URL' }).describe('.ydk text or ydke:// URL'),
      consumes: ['text/plain'],
      response: { 201: deckSchema, 400: deckRefusalSchema, ...errors(401, 403, 404, 409, 413, 429) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    /** Who may submit now, and how many decks they have: asked before the deck is read (a refusal is about the tournament, not the deck), and again under the lock. */
    const mayUpload = async (tx: Tx, t: Repo.TournamentRow) => {
      refuseIfOver(t);
      if (t.completed) throw conflict('Deck submission is closed: the tournament is over');
      if (!t.deckSubmissionOpen) throw conflict('Deck submission is closed for this tournament');
      const mine = await Repo.activeMembership(tx, t.uid, user.discordId);
      if (!mine) throw forbidden('Sign up for this tournament before submitting a deck');
      const count = await Repo.countMemberDecks(tx, mine.member.id);
      if (count >= t.decksAllowedPerPlayer) {
        throw conflict(`You have submitted ${count} deck${count === 1 ? '' : 's'}, the most this tournament allows: delete one first`);
      }
      return { mine, count };
    };
    const t0 = await findOr404(req.params.id);
    await mayUpload(db, t0);
    const checked = await readDeck(req.body, t0, cards);
    if (checked.problems.length > 0) throw new DeckRefusedError(checked);
    const deck = await mutate(req.params.id, 'deck', async (tx, t) => {
      const { mine, count } = await mayUpload(tx, t);
      const row = await Repo.insertDeck(tx, {
        uid: randomUUID(), memberId: mine.member.id, tournamentUid: t.uid, label: req.query.label || `Deck ${count + 1}`,
        mainDeck: checked.deck.main, extraDeck: checked.deck.extra, sideDeck: checked.deck.side,
        approved: !t.manualDeckChecking, reviewerDiscordId: null,
      });
      return toDeck(row, checked.name, []);
    });
    return reply.code(201).send(deck);
  });

  app.delete('/api/tournaments/:id/decks/:deckId', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Delete a deck: your own while deck submission is open, or any as an admin or the host', params: deckParams, querystring: ownIdQuery, response: { 204: z.undefined(), ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req, reply) => {
    const user = requireUser(req);
    await mutate(req.params.id, 'deck', async (tx, t) => {
      refuseIfOver(t);
      const deck = notFoundIfMissing(await Repo.findDeck(tx, t.uid, req.params.deckId), 'Deck not found');
      const owner = await Repo.findMember(tx, t.uid, deck.memberId);
      const privileged = isPrivileged(user, t);
      if (!privileged && owner?.member.discordId !== user.discordId) throw forbidden('This is not your deck');
      if (!privileged && (!t.deckSubmissionOpen || t.completed)) throw conflict('Deck submission is closed: ask an admin to remove the deck');
      await Repo.deleteDeck(tx, deck.id);
      if (privileged && owner?.member.discordId !== user.discordId) {
        await Repo.audit(tx, { tournamentUid: t.uid, actorDiscordId: user.discordId, action: 'delete-deck', before: { deckId: deck.id, label: deck.label, memberId: deck.memberId } });
      }
    });
    return reply.code(204).send();
  });

  app.post('/api/tournaments/:id/participants/:pid/decks/:deckId/validate', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Approve or reject a deck (an admin or the host); rejecting needs a reason', params: participantDeckParams, querystring: validateDeckQuerySchema,
      response: { 200: deckSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const { approved, reason } = req.query;
    const rejection = reason?.trim() ?? '';
    if (!approved && !rejection) throw badRequest('reason: rejecting a deck needs a reason');
    return adminAction(req, req.params.id, approved ? 'approve-deck' : 'reject-deck', async (tx, t, user) => {
      refuseIfOver(t);
      const deck = notFoundIfMissing(await Repo.findDeck(tx, t.uid, req.params.deckId), 'Deck not found');
      if (deck.memberId !== req.params.pid) throw notFound('This participant has no such deck');
      const row = await Repo.reviewDeck(tx, deck.id, { approved, reviewerDiscordId: user.discordId, rejectionReason: approved ? null : rejection });
      const checked = await checkStoredDeck({ main: row.mainDeck, extra: row.extraDeck, side: row.sideDeck }, t, cards);
      return {
        result: toDeck(row, checked.name, checked.problems),
        before: { deckId: deck.id, approved: deck.approved, reviewer: deck.reviewerDiscordId },
        after: { deckId: deck.id, approved, reason: approved ? null : rejection },
      };
    });
  });

  app.post('/api/tournaments/:id/participants/:pid/drop', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Drop a participant: yourself, or anyone as an admin or the host', params: participantParams, response: { 200: participantSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => {
    const user = requireUser(req);
    return mutate(req.params.id, 'drop', async (tx, t) => {
      refuseIfOver(t);
      if (t.completed) throw conflict('The tournament is over: nobody can drop any more');
      const found = notFoundIfMissing(await Repo.findMember(tx, t.uid, req.params.pid), 'Participant information not found');
      const self = found.member.discordId === user.discordId;
      if (!self && !isPrivileged(user, t)) throw forbidden('You can only drop yourself');
      if (found.member.dropped || found.team.dropped) throw conflict('Already dropped');
      await Repo.setMemberDropped(tx, found.member.id);
      // the last active member leaving drops the team
      const teamDropped = (await Repo.activeMemberCount(tx, found.team.uid)) === 0;
      if (teamDropped) {
        await Repo.setTeamDropped(tx, found.team.uid);
        await settle(tx, t, [found.team.uid]); // its unplayed matches become walkovers
      }
      await Repo.audit(tx, { tournamentUid: t.uid, actorDiscordId: user.discordId, action: 'drop-participant', before: { memberId: found.member.id, discordId: found.member.discordId }, after: { teamDropped } });
      return toParticipants(await teamsContext(tx, t.uid)).find((p) => p.id === found.member.id)!;
    });
  });

  app.post('/api/tournaments/:id/teams/:tid/drop', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Drop a team (an admin or the host, or its captain)', params: teamParams, response: { 200: teamSchema, ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req) => {
    const user = requireUser(req);
    return mutate(req.params.id, 'drop', async (tx, t) => {
      refuseIfOver(t);
      if (t.completed) throw conflict('The tournament is over: nobody can drop any more');
      const team = notFoundIfMissing(await Repo.findTeam(tx, t.uid, req.params.tid), 'Team not found');
      if (team.captainDiscordId !== user.discordId && !isPrivileged(user, t)) throw forbidden('Only an admin, the host or the captain can drop this team');
      if (team.dropped) throw conflict('This team has already dropped');
      const dropped = await Repo.setTeamDropped(tx, team.uid);
      await settle(tx, t, [team.uid]); // its unplayed matches become walkovers
      await Repo.audit(tx, { tournamentUid: t.uid, actorDiscordId: user.discordId, action: 'drop-team', before: { teamUid: team.uid, name: team.name } });
      const ctx = await teamsContext(tx, t.uid);
      return toTeam(dropped, ctx.members.filter((m) => m.teamUid === team.uid), ctx);
    });
  });

  // ---- settings (spec 2 §4) -----------------------------------------------------------------------

  const settingsRoute = { config: { auth: 'user' as const }, response: { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404, 409) } };
  const reply = async (uid: string) => loadTournament(db, await findOr404(uid));

  const lockSignups = async (tx: Tx, t: Repo.TournamentRow) => {
    refuseIfStarted(t, 'Sign-ups can only be locked before the start');
    if (!t.signupsOpen) throw conflict('Sign-ups are already locked');
    await Repo.updateTournament(tx, t.uid, { signupsOpen: false });
    return { result: undefined, before: { signupsOpen: true }, after: { signupsOpen: false } };
  };
  const lockDecks = async (tx: Tx, t: Repo.TournamentRow) => {
    refuseIfOver(t);
    if (t.completed) throw conflict('Deck submission can only be locked before the tournament is over');
    if (!t.deckSubmissionOpen) throw conflict('Deck submission is already locked');
    await Repo.updateTournament(tx, t.uid, { deckSubmissionOpen: false });
    return { result: undefined, before: { deckSubmissionOpen: true }, after: { deckSubmissionOpen: false } };
  };

  app.post('/api/tournaments/:id/lock-signups', {
    config: settingsRoute.config,
    schema: { tags, summary: 'Lock sign-ups (they never reopen; before the start only)', params: uidParams, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'lock-signups', lockSignups);
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/lock-deck-submission', {
    config: settingsRoute.config,
    schema: { tags, summary: 'Lock deck submission (it never reopens; until the end)', params: uidParams, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'lock-deck-submission', lockDecks);
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/toggle-signups', {
    config: settingsRoute.config,
    schema: { tags, summary: 'The Signups Open toggle: open=false locks; reopening is refused', params: uidParams, querystring: toggleQuerySchema, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'toggle-signups', async (tx, t) => {
      if (!req.query.open) return lockSignups(tx, t);
      refuseIfOver(t);
      if (!t.signupsOpen) throw conflict('Sign-ups can only be locked, never reopened');
      return { result: undefined, unchanged: true }; // already open
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/toggle-deck-submission', {
    config: settingsRoute.config,
    schema: { tags, summary: 'The Deck Submission Open toggle: open=false locks; reopening is refused', params: uidParams, querystring: toggleQuerySchema, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'toggle-deck-submission', async (tx, t) => {
      if (!req.query.open) return lockDecks(tx, t);
      refuseIfOver(t);
      if (!t.deckSubmissionOpen) throw conflict('Deck submission can only be locked, never reopened');
      return { result: undefined, unchanged: true };
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/format', {
    config: settingsRoute.config,
    schema: { tags, summary: 'Change the format (before the start only)', params: uidParams, querystring: formatQuerySchema, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'format', async (tx, t) => {
      refuseIfStarted(t, 'The format can only change before the start');
      if (t.currentRound !== 0) throw conflict('The format can only change before the first round');
      if (t.format === req.query.format) return { result: undefined, unchanged: true };
      await Repo.updateTournament(tx, t.uid, { format: req.query.format });
      return { result: undefined, before: { format: t.format, label: FORMAT_LABEL[t.format] }, after: { format: req.query.format, label: FORMAT_LABEL[req.query.format] } };
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/seed-test', {
    config: settingsRoute.config,
    schema: {
      tags, summary: 'Seed Test Data: add generated one-player teams to rehearse (before the start)', params: uidParams,
      querystring: z.object({ count: z.coerce.number().int().min(1).max(SEED_TEAMS_MAX, `at most ${SEED_TEAMS_MAX} teams`).optional() }),
      response: settingsRoute.response,
    },
  }, async (req) => {
    const n = req.query.count ?? SEED_TEAMS;
    await adminAction(req, req.params.id, 'seed-test', async (tx, t) => {
      refuseIfStarted(t, 'Test teams can only be added before the start');
      const existing = (await Repo.listTeams(tx, t.uid)).length;
      const players = Array.from({ length: n }, (_, i) => {
        const number = existing + i + 1;
        // test players get ids of their own range; the demo sign-in lets a host play them
        const discordId = `9${String(Date.now()).slice(-8)}${String(number).padStart(6, '0')}`;
        return { discordId, username: `test-player-${number}`, displayName: `Test Player ${number}`, uid: randomUUID(), name: `Test Team ${number}` };
      });
      await Repo.insertUsers(tx, players.map((p) => ({ discordId: p.discordId, username: p.username, displayName: p.displayName, discordUsername: p.username })));
      await Repo.insertTeams(tx, t.uid, players);
      return { result: undefined, after: { teamsAdded: n } };
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/cancel', {
    config: settingsRoute.config,
    schema: { tags, summary: 'Cancel the tournament (until it is completed); it leaves the lists', params: uidParams, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'cancel', async (tx, t) => {
      refuseIfOver(t);
      if (t.completed) throw conflict('A completed tournament cannot be cancelled');
      await Repo.updateTournament(tx, t.uid, { cancelled: true, signupsOpen: false, deckSubmissionOpen: false });
      return { result: undefined, before: { cancelled: false }, after: { cancelled: true } };
    });
    return reply(req.params.id);
  });

  return { live, cards, mutate, adminAction, loadTournament, findOr404, refuseIfOver, changed, notice, cached };
}

declare module 'fastify' {
  interface FastifyInstance {
    tournamentLive: import('./tournament-live.ts').TournamentLive;
  }
}
