// Print, CSV and calendar exports of tournaments (issue 19, decision 017). Public like the reads
// they mirror, and kept in the tournaments' read cache until the next change of their tournament
// (the feed until the next change of any), so a 4,096-team round is made once per version.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { printPairingsSchema, printStandingsSchema, type PrintStandings } from '../../../../domain/api/event-exports.ts';
import { roundQuerySchema } from '../../../../domain/api/event-night.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { toIcs, type CalendarEvent } from '../../../../domain/tournaments/exports/ics.ts';
import type { Db } from '../../../db/client.ts';
import { conflict, notFoundIfMissing } from '../../../errors.ts';
import { CACHED_READ } from '../../../http/read-cache.ts';
import { errors, fileReply } from '../../../http/route-schemas.ts';
import { attachment } from '../../../http/attachment.ts';
import { CachedBody, replyCached, sendCached } from '../../../http/http-cache.ts';
import { calendarEvent } from './exports-calendar.ts';
import { loadPairings, loadStandings, pairingsCsv, pairingsRound, standingsCsv } from './exports-data.ts';
import { safeName } from './file-names.ts';
import type { TournamentHelpers } from '../tournament-helpers.ts';
import * as Events from '../events-repository.ts';
import * as Exports from './exports-repository.ts';

const tags = ['tournament exports'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const CSV_TYPE = 'text/csv; charset=utf-8; header=present';
const ICS_TYPE = 'text/calendar; charset=utf-8';
/** Cancelled events stay in the feed this long after the change, marked cancelled, so subscribed calendars drop them. */
const CANCELLED_KEPT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A cached file and the name it is saved under. */
class CachedFile extends CachedBody {
  constructor(text: string, contentType: string, readonly fileName: string) {
    super(Buffer.from(text, 'utf8'), contentType);
  }
}

export interface ExportsRoutesOptions {
  db: Db;
  helpers: TournamentHelpers;
  /** the calendar's name and its UIDs' domain */
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

export function registerExportsRoutes(server: FastifyInstance, { db, helpers: h, siteName, publicUrl }: ExportsRoutesOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const files = h.tournamentReads.cache;
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  /** Answers a cached file (ETag, 304, compression) as an attachment; 404 when there is none. */
  const replyFile = async (req: FastifyRequest, reply: import('fastify').FastifyReply, made: CachedBody | undefined | Promise<CachedBody | undefined>) => {
    const file = notFoundIfMissing(await made, Events.TOURNAMENT_NOT_FOUND) as CachedFile;
    await sendCached(req, reply, file, { 'Content-Disposition': attachment(file.fileName) });
  };

  // ---- the print view's data ----------------------------------------------------------------------

  /** A round's pairings (the current round when none is asked for): undefined for an unknown event. */
  const makePairings = async (uid: string, round: number | undefined) => {
    const t = await Events.findTournament(db, uid);
    return t && loadPairings(db, t, pairingsRound(t, round));
  };
  const pairings = (uid: string, round: number | undefined) => h.cached(uid, `print-pairings:${round ?? 'current'}`, () => makePairings(uid, round));
  /** The standings GET .../standings answers (the same cached body), with each team's players. */
  const standings = (uid: string) => h.cached(uid, 'print-standings', async () => {
    const t = await Events.findTournament(db, uid);
    const body = t && (await h.cached(uid, 'standings', () => h.live.standings(uid)));
    return t && body && loadStandings(db, t, JSON.parse(body.body.toString('utf8')) as Standings);
  });
  const parsed = async <T>(made: CachedBody | undefined | Promise<CachedBody | undefined>): Promise<T | undefined> => {
    const body = await made;
    return body && (JSON.parse(body.body.toString('utf8')) as T);
  };

  app.get('/api/tournaments/:id/print/pairings', { config: CACHED_READ,
    schema: {
      tags, summary: 'A round’s pairings by table, each team with its players (the print view); the current round without ?round=',
      params: uidParams, querystring: roundQuerySchema, response: { 200: printPairingsSchema, ...errors(400, 404, 409) },
    },
  }, (req, reply) => replyCached(req, reply, pairings(req.params.id, req.query.round), Events.TOURNAMENT_NOT_FOUND));

  app.get('/api/tournaments/:id/print/standings', { config: CACHED_READ,
    schema: { tags, summary: 'The standings with each team’s players (the print view)', params: uidParams, response: { 200: printStandingsSchema, ...errors(404) } },
  }, (req, reply) => replyCached(req, reply, standings(req.params.id), Events.TOURNAMENT_NOT_FOUND));

  // ---- CSV ----------------------------------------------------------------------------------------

  app.get('/api/tournaments/:id/pairings.csv', { config: CACHED_READ,
    schema: {
      tags, summary: 'A round’s pairings as CSV (RFC 4180, UTF-8, a header row); the current round without ?round=',
      description: 'Columns: Round, Table, Team 1, Team 1 players, Team 2, Team 2 players, Team 1 games, Team 2 games, Winner, Status. Text a spreadsheet would run as a formula starts with an apostrophe.',
      params: uidParams, querystring: roundQuerySchema, response: { 200: fileReply('The pairings, saved as “{event} round {n} pairings.csv”', CSV_TYPE), ...errors(400, 404, 409) },
    },
  }, (req, reply) => {
    const { id } = req.params;
    const made = files.body(`t:${id}`, `pairings.csv:${req.query.round ?? 'current'}`, async () => {
      const p = await makePairings(id, req.query.round);
      return p && new CachedFile(pairingsCsv(p), CSV_TYPE, `${safeName(p.name)} round ${p.round} pairings.csv`);
    });
    return replyFile(req, reply, made);
  });

  app.get('/api/tournaments/:id/standings.csv', { config: CACHED_READ,
    schema: {
      tags, summary: 'The standings as CSV (RFC 4180, UTF-8, a header row); final placements once a winner is declared',
      description: 'Columns: Rank, Placement, Team, Players, Points, Wins, Losses, Ties, OMW%, OOMW%, Tie-breaker, Dropped.',
      params: uidParams, response: { 200: fileReply('The standings, saved as “{event} standings.csv”', CSV_TYPE), ...errors(404) },
    },
  }, (req, reply) => {
    const { id } = req.params;
    const made = files.body(`t:${id}`, 'standings.csv', async () => {
      const s = await parsed<PrintStandings>(standings(id));
      return s && new CachedFile(standingsCsv(s), CSV_TYPE, `${safeName(s.name)} standings.csv`);
    });
    return replyFile(req, reply, made);
  });

  // ---- calendar -----------------------------------------------------------------------------------

  const ics = (events: CalendarEvent[], calendarName: string) => toIcs(events, { siteName, calendarName });

  app.get('/api/tournaments/:id/calendar.ics', { config: CACHED_READ,
    schema: {
      tags, summary: 'The tournament as an iCalendar event (RFC 5545): its start, an estimated end, the page as URL',
      params: uidParams, response: { 200: fileReply('One VEVENT, saved as “{event}.ics”', ICS_TYPE), ...errors(404, 409) },
    },
  }, (req, reply) => {
    const { id } = req.params;
    const from = origin(req);
    const made = files.body(`t:${id}`, `calendar.ics:${from}`, async () => {
      const t = await Events.findTournament(db, id);
      if (!t) return undefined;
      const event = calendarEvent(t, await Exports.activeTeamCount(db, id), from);
      if (!event) throw conflict('This tournament has no start time yet, so there is nothing to put in a calendar');
      return new CachedFile(ics([event], t.name), ICS_TYPE, `${safeName(t.name)}.ics`);
    });
    return replyFile(req, reply, made);
  });

  app.get('/api/tournaments.ics', { config: CACHED_READ,
    schema: {
      tags, summary: 'Every upcoming tournament with a start time as an iCalendar feed to subscribe to',
      description: `Events not started, not closed and not cancelled; one cancelled in the last ${CANCELLED_KEPT_DAYS} days and not yet due stays, STATUS:CANCELLED, so that calendars remove it.`,
      response: { 200: fileReply('A VEVENT per event, saved as “tournaments.ics”', ICS_TYPE) },
    },
  }, (req, reply) => {
    const from = origin(req);
    // the day is part of the key: a cancelled event leaves the feed after its days even if nothing else changes
    const today = new Date().toISOString().slice(0, 10);
    const made = files.body('tournaments', `calendar.ics:${from}:${today}`, async () => {
      const now = Date.now();
      const rows = await Exports.listCalendarEvents(db, { cancelledSince: new Date(now - CANCELLED_KEPT_DAYS * DAY_MS), startsAfter: new Date(now) });
      const events = rows.map((r) => calendarEvent(r.t, r.activeTeams, from)).filter((e): e is CalendarEvent => !!e);
      return new CachedFile(ics(events, `${siteName} tournaments`), ICS_TYPE, 'tournaments.ics');
    });
    return replyFile(req, reply, made);
  });
}
