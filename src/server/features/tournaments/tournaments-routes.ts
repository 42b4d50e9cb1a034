// Tournaments up to the start (issue 10): the list, hosting, settings, the banlist file and the
// audit log; teams-routes.ts (sign-ups, drops, team reads) and decks-routes.ts register from here,
// matches-routes.ts (play) with the helpers returned. Every write of an event goes through one write
// path (event-write.ts): the row locked by its version bump, the change and its audit line in one
// transaction, the scoreboard and standings published after commit.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema, formatQuerySchema, hostBodySchema, hostResponseSchema, toggleQuerySchema, tournamentSchema, tournamentSummarySchema,
  type Tournament,
} from '../../../domain/api/tournaments.ts';
import { serializeLflist } from '../../../domain/banlists/lflist.ts';
import { FORMAT_LABEL } from '../../../domain/tournaments/formats.ts';
import { hostBanlist } from '../../../domain/tournaments/host-banlist.ts';
import { overRefusal } from '../../../domain/tournaments/result-rules.ts';
import { requireUser } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound, notFoundIfMissing } from '../../errors.ts';
import { errors, fileReply, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { attachment } from '../../http/attachment.ts';
import * as BanlistsRepository from '../banlists/banlists-repository.ts';
import { cardIndex } from '../cards/card-index.ts';
import { replyCached, sendCached } from '../../http/http-cache.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import * as SeriesRepository from '../series/series-repository.ts';
import { registerCheckInRoutes } from './teams/check-in-routes.ts';
import type { EventEffects } from './event-effects.ts';
import { registerDecksRoutes } from './decks/decks-routes.ts';
import { registerEventSettingsRoutes, withWebhook } from './event-settings-routes.ts';
import { bumpCalendarIfChanged } from './exports/exports-calendar.ts';
import { eventWrites } from './event-write.ts';
import type { TournamentHelpers } from './tournament-helpers.ts';
import { registerTeamsRoutes } from './teams/teams-routes.ts';
import { TournamentLive } from './tournament-live.ts';
import { TournamentReads } from './tournament-reads.ts';
import { isPrivileged, toSummary, toTournament, type TeamsContext } from './tournament-views.ts';
import * as Events from './events-repository.ts';
import * as Teams from './teams/teams-repository.ts';
import * as Decks from './decks/decks-repository.ts';
import * as Matches from './play/matches-repository.ts';
import * as Audit from './audit-repository.ts';
import * as Users from '../users/users-repository.ts';
import { refuse } from './refusals.ts';
import * as AdminLog from '../admin-log/admin-log-repository.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
/** Seed Test Data: how many teams by default, and at most (the 4,096-team events of the benchmarks). */
const SEED_TEAMS = 8;
const SEED_TEAMS_MAX = 4096;

export interface TournamentRoutesOptions {
  db: Db;
  /** 'Seed Test Data' is offered (a demo site, or TEST_DATA=1: testDataAllowed) */
  testData: boolean;
  /** what the event's writes set going in other features (src/server/event-effects.ts) */
  effects: EventEffects;
}

export function registerTournamentsRoutes(server: FastifyInstance, { db, testData, effects }: TournamentRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // public reads from memory until the next change of their tournament, shared with the live
  // channel's answers (tournament-reads.ts says how every instance keeps them fresh)
  const tournamentReads = new TournamentReads(app.realtime);
  const reads = tournamentReads.cache;
  const changed = (uid: string) => tournamentReads.changed(uid);
  const live = new TournamentLive(db, app.realtime, app.log, tournamentReads);
  const cards = cardIndex(db);
  /** Inside a write's transaction: other instances drop this tournament's reads when it commits. */
  const notice = (tx: Tx, uid: string) => app.realtime.noticeInTx(tx, uid);
  const noticeSql = (uid: string) => app.realtime.noticeSql(uid);
  const cached = <T>(uid: string, key: string, make: () => Promise<T | undefined>) => tournamentReads.cached(uid, key, make);
  app.decorate('tournamentLive', live);
  // messages queued by the last writes go out before the database closes
  app.addHook('onClose', async () => { await live.flush(); });

  // ---- reading ----------------------------------------------------------------------------------

  /** The tournament with its teams, members (names, avatars) and deck summaries. */
  async function loadTournament(tx: Tx, t: Events.TournamentRow): Promise<Tournament> {
    // one after another: in a transaction they share one connection (node-postgres would queue them, pg 9 refuses)
    const teams = await Teams.listTeams(tx, t.uid);
    const members = await Teams.listMembers(tx, t.uid);
    const decks = await Decks.listDeckSummaries(tx, t.uid);
    const matches = await Matches.listMatchesLean(tx, t.uid); // the state and the clock read only these columns
    const users = await Users.usersByIds(tx, [t.hostDiscordId, ...members.map((m) => m.discordId)]);
    return { ...toTournament(t, { teams, members, decks, users, host: users.get(t.hostDiscordId), matches }), testData };
  }

  async function teamsContext(tx: Tx, uid: string): Promise<TeamsContext> {
    const teams = await Teams.listTeams(tx, uid);
    const members = await Teams.listMembers(tx, uid);
    const decks = await Decks.listDeckSummaries(tx, uid);
    return { teams, members, decks, users: await Users.usersByIds(tx, members.map((m) => m.discordId)) };
  }

  const findOr404 = async (uid: string) => notFoundIfMissing(await Events.findTournament(db, uid), Events.TOURNAMENT_NOT_FOUND);

  // every write of an event: locked by its version bump, audited, published after commit (event-write.ts)
  const { write, writePlay } = eventWrites({ db, live, changed, noticeSql });

  /** Privileged (auth 2 or the host) writes, written to the audit log with the state before and after. */
  async function adminAction<T>(
    req: FastifyRequest,
    uid: string,
    action: string,
    work: (tx: Tx, t: Events.TournamentRow, user: { discordId: string }) => Promise<{ result: T; before?: unknown; after?: unknown; unchanged?: boolean }>,
  ): Promise<T> {
    const user = requireUser(req);
    return write(uid, action, async (tx, t) => {
      if (!isPrivileged(user, t)) throw forbidden('Only an admin or the host of this tournament can do this');
      const { result, before, after, unchanged } = await work(tx, t, user);
      // a call that changed nothing (opening what is open) leaves no line in the log
      return { result, audit: unchanged ? null : { actorDiscordId: user.discordId, action, before, after } };
    });
  }

  const refuseIfOver = (t: Events.TournamentRow) => refuse(overRefusal(t));
  const refuseIfStarted = (t: Events.TournamentRow, what: string) => {
    refuseIfOver(t);
    if (t.completed) throw conflict(`${what}: the tournament is over`);
    if (t.inProgress) throw conflict(`${what}: the tournament has started`);
  };

  app.get('/api/tournaments', { config: CACHED_READ,
    schema: { tags, summary: 'Every tournament that is not cancelled', response: { 200: z.array(tournamentSummarySchema) } },
  }, (req, reply) => replyCached(req, reply, reads.json('tournaments', 'list', async () => (await Events.listForSummaries(db)).map(toSummary)), 'No tournaments'));

  app.get('/api/tournaments/participating', {
    schema: { tags, summary: 'Uids of the tournaments the signed-in user plays in (empty for a visitor)', response: { 200: z.array(z.string()) } },
  }, async (req) => (req.user ? Events.participatingUids(db, req.user.discordId) : []));

  app.get('/api/tournaments/:id', { config: CACHED_READ,
    schema: { tags, summary: 'A tournament: every field of spec 2 §3 with its teams, the host and the EDOPro numbers', params: uidParams, response: { 200: tournamentSchema, ...errors(400, 404) } },
  }, (req, reply) => {
    const detail = (full: boolean) => cached(req.params.id, full ? 'detail:full' : 'detail', async () => {
      const t = await Events.findTournament(db, req.params.id);
      return t && (full ? withWebhook({ loadTournament }, db, t) : loadTournament(db, t));
    });
    // a visitor costs no query; an admin's or the host's read adds the webhook, cached apart and never shared
    if (!req.user) return replyCached(req, reply, detail(false), Events.TOURNAMENT_NOT_FOUND);
    return Events.findTournament(db, req.params.id).then(async (t) => {
      if (!t || !isPrivileged(req.user, t)) return replyCached(req, reply, detail(false), Events.TOURNAMENT_NOT_FOUND);
      await sendCached(req, reply, notFoundIfMissing(await detail(true), Events.TOURNAMENT_NOT_FOUND), { 'Cache-Control': 'private, no-cache' });
    });
  });

  app.get('/api/tournaments/:id/banlist', {
    schema: { tags, summary: 'The tournament’s banlist as an .lflist.conf file ({banlistName}.lflist.conf)', params: uidParams, response: { 200: fileReply('The .lflist.conf text', 'text/plain; charset=utf-8'), ...errors(404) } },
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
    return (await Audit.listAudit(db, t.uid)).map(({ entry, actorName }) => ({
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
      // a list chosen by date (or none, by null) replaces the series' list, its name included; a series
      // without a list says nothing, so the event gets the current list, not none (decision 037)
      if ('banlistDate' in given || snapshot.banlist === null) for (const k of ['banlist', 'banlistName']) delete snapshot[k];
      (req as { body: unknown }).body = { ...snapshot, ...given };
    },
    schema: {
      tags,
      summary: 'Host a tournament (auth >= 1); answers its uid',
      description: 'With `seriesUid` the fields left out are copied from the series. The banlist is `.lflist.conf` text, or `banlistDate` for a list of the site; '
        + '`banlistDate: null` (or `banlist: null`) hosts on no list, on purpose. A body that names no list (nor a series that holds one) gets the site’s current list.',
      body: hostBodySchema,
      response: { 201: hostResponseSchema, ...errors(...WRITE_ERRORS, 404) },
    },
  }, async (req, reply) => {
    const user = requireUser(req);
    const { discordId: _claim, banlistDate: _date, openSubmissions, seriesUid, startsAt, ...values } = req.body;
    const choice = hostBanlist(req.body);
    let banlist = choice.kind === 'text' ? values.banlist ?? null : null;
    // a name given beside no list labels it, as it always did; the current list keeps its own name
    let banlistName = choice.kind === 'current' ? null : values.banlistName ?? null;
    const banlistDate = choice.kind === 'date' ? choice.date : choice.kind === 'current' ? (await BanlistsRepository.listDates(db))[0] : undefined;
    if (banlistDate) {
      const file = notFoundIfMissing(await BanlistsRepository.findListKey(db, banlistDate), `banlistDate: there is no banlist dated ${banlistDate}`);
      // with its $genesys line and shadowed lines: the imported list's EDOPro hash (decision 027)
      banlist = serializeLflist(notFoundIfMissing(await BanlistsRepository.listForExport(db, file.id), `banlistDate: there is no banlist dated ${banlistDate}`));
      banlistName ??= file.name;
    }
    const uid = randomUUID();
    await db.transaction(async (tx) => {
      const inserted = await Events.insertTournament(tx, {
        ...values, uid, banlist, banlistName, seriesUid: seriesUid ?? null, hostDiscordId: user.discordId,
        startsAt: startsAt ? new Date(startsAt) : null,
        iteration: seriesUid ? await Events.nextIteration(tx, seriesUid) : null,
        deckSubmissionOpen: openSubmissions, imageUri: values.imageUri ?? null,
        subtitle: values.subtitle ?? null, description: values.description ?? null,
        pairingSeed: Math.floor(Math.random() * 2 ** 31),
      });
      await Audit.audit(tx, { tournamentUid: uid, actorDiscordId: user.discordId, action: 'host', after: { name: values.name, format: values.format } });
      await notice(tx, uid);
      return inserted;
    });
    changed(uid);
    return reply.code(201).send({ uid });
  });

  // ---- settings (spec 2 §4) -----------------------------------------------------------------------

  const settingsRoute = { config: { auth: 'user' as const }, response: { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404, 409) } };
  const reply = async (uid: string) => loadTournament(db, await findOr404(uid));

  const lockSignups = async (tx: Tx, t: Events.TournamentRow) => {
    refuseIfStarted(t, 'Sign-ups can only be locked before the start');
    if (!t.signupsOpen) throw conflict('Sign-ups are already locked');
    await Events.updateTournament(tx, t.uid, { signupsOpen: false });
    return { result: undefined, before: { signupsOpen: true }, after: { signupsOpen: false } };
  };
  const lockDecks = async (tx: Tx, t: Events.TournamentRow) => {
    refuseIfOver(t);
    if (t.completed) throw conflict('Deck submission can only be locked before the tournament is over');
    if (!t.deckSubmissionOpen) throw conflict('Deck submission is already locked');
    await Events.updateTournament(tx, t.uid, { deckSubmissionOpen: false });
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
      await Events.updateTournament(tx, t.uid, { format: req.query.format });
      return { result: undefined, before: { format: t.format, label: FORMAT_LABEL[t.format] }, after: { format: req.query.format, label: FORMAT_LABEL[req.query.format] } };
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/seed-test', {
    config: settingsRoute.config,
    schema: {
      tags, summary: 'Seed Test Data: add generated one-player teams to rehearse (before the start; a demo site, or TEST_DATA=1)', params: uidParams,
      querystring: z.object({ count: z.coerce.number().int().min(1).max(SEED_TEAMS_MAX, `at most ${SEED_TEAMS_MAX} teams`).optional() }),
      response: settingsRoute.response,
    },
  }, async (req) => {
    const n = req.query.count ?? SEED_TEAMS;
    // a real community's events never get teams nobody can sign in as (decision 037)
    if (!testData) throw forbidden('Seed Test Data is off on this site: it is offered only with demo data (TEST_DATA)');
    await adminAction(req, req.params.id, 'seed-test', async (tx, t) => {
      refuseIfStarted(t, 'Test teams can only be added before the start');
      const existing = (await Teams.listTeams(tx, t.uid)).length;
      const players = Array.from({ length: n }, (_, i) => {
        const number = existing + i + 1;
        // test players get ids of their own range; the demo sign-in lets a host play them
        const discordId = `9${String(Date.now()).slice(-8)}${String(number).padStart(6, '0')}`;
        return { discordId, username: `test-player-${number}`, displayName: `Test Player ${number}`, uid: randomUUID(), name: `Test Team ${number}` };
      });
      await Users.insertUsers(tx, players.map((p) => ({ discordId: p.discordId, username: p.username, displayName: p.displayName, discordUsername: p.username })));
      await Teams.insertTeams(tx, t.uid, players);
      return { result: undefined, after: { teamsAdded: n } };
    });
    return reply(req.params.id);
  });

  app.post('/api/tournaments/:id/cancel', {
    config: settingsRoute.config,
    schema: { tags, summary: 'Cancel the tournament (until it is completed); it leaves the lists', params: uidParams, response: settingsRoute.response },
  }, async (req) => {
    await adminAction(req, req.params.id, 'cancel', async (tx, t, user) => {
      refuseIfOver(t);
      if (t.completed) throw conflict('A completed tournament cannot be cancelled');
      // the site's admin log too (issue 39): an event leaving the lists is everyone's business
      await AdminLog.write(tx, { actorDiscordId: user.discordId, action: 'cancel-event', subject: { kind: 'tournament', id: t.uid, name: t.name } });
      // calendars that hold the event learn it is cancelled (a newer SEQUENCE)
      await Events.updateTournament(tx, t.uid, { cancelled: true, signupsOpen: false, deckSubmissionOpen: false, ...bumpCalendarIfChanged(t, { cancelled: true }) });
      return { result: undefined, before: { cancelled: false }, after: { cancelled: true } };
    });
    return reply(req.params.id);
  });

  const helpers: TournamentHelpers = { db, live, effects, cards, write, writePlay, adminAction, loadTournament, teamsContext, findOr404, refuseIfOver, refuseIfStarted, changed, notice, cached, tournamentReads };
  registerTeamsRoutes(server, helpers);
  registerDecksRoutes(server, helpers);
  registerEventSettingsRoutes(server, helpers);
  registerCheckInRoutes(server, helpers);
  return helpers;
}

declare module 'fastify' {
  interface FastifyInstance {
    tournamentLive: import('./tournament-live.ts').TournamentLive;
  }
}
