// A report's link card (issue 20): /tournaments/{uid}/report is the SPA's index.html with Open
// Graph and Twitter tags (so a link posted on Discord shows the event, its champion and a picture),
// and GET /api/tournaments/{id}/report/og.png that picture. Both read the report the API caches
// (one read for both), and keep what they make per record version.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Report } from '../../../domain/api/records.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../errors.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { CachedBody, Lru, sendCached } from '../../http/http-cache.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import { madeOnce, OgPictures, ogPictureSchema, sendOgPicture } from '../../link-cards/og-picture.ts';
import { ogCardSvg, ogSummary, withOgTags, type OgSummary } from './report-og-card.ts';
import { cachedReport } from './report-routes.ts';
import { REPORT_NOT_YET } from './report-routes.ts';
import * as Events from '../tournaments/events-repository.ts';

export interface ReportOgOptions {
  db: Db;
  helpers: TournamentHelpers;
  /** the built web app's folder (index.html); without it the page is not served, as elsewhere */
  webDir?: string;
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

const HTML_TYPE = 'text/html; charset=utf-8';

/** The address of a report's picture, versioned with the record (og:image of the report and of the event's page). */
export const reportPicturePath = (uid: string, version: number) => `/api/tournaments/${encodeURIComponent(uid)}/report/og.png?v=${version}`;

export function registerReportOg(server: FastifyInstance, { db, helpers: h, webDir, siteName, publicUrl }: ReportOgOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  const indexFile = webDir && existsSync(path.join(webDir, 'index.html')) ? path.join(webDir, 'index.html') : undefined;
  const summaries = new WeakMap<CachedBody, OgSummary>();
  const pages = new Lru<string, Promise<CachedBody>>(500);
  const pictures = new OgPictures();

  /** The report's summary, from the report GET .../report caches (the same key and body). */
  async function summary(uid: string): Promise<OgSummary | undefined> {
    const body = await cachedReport(db, h, uid);
    if (!body) return undefined;
    let s = summaries.get(body);
    if (!s) {
      s = ogSummary(JSON.parse(body.body.toString('utf8')) as Report);
      summaries.set(body, s);
    }
    return s;
  }

  const sendPlainIndex = async (reply: FastifyReply) => {
    if (!indexFile) return reply.code(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.type(HTML_TYPE).header('Cache-Control', 'no-cache').send(await fs.readFile(indexFile));
  };

  // A page of the SPA (hidden from the API docs): the same index.html, with the card's tags when there is a report.
  app.get('/tournaments/:uid/report', { config: CACHED_READ, schema: { hide: true } }, async (req, reply) => {
    const { uid } = req.params as { uid: string };
    if (!indexFile || uid.length > 64) return sendPlainIndex(reply);
    let s: OgSummary | undefined;
    try {
      s = await summary(uid);
    } catch (err) {
      // the page itself must load: the app shows the report's error
      req.log.warn({ err }, 'report card: the report could not be read');
    }
    if (!s) return sendPlainIndex(reply);
    const base = origin(req);
    const page = `${base}/tournaments/${encodeURIComponent(uid)}/report`;
    const image = `${base}${reportPicturePath(uid, s.version)}`;
    const summaryNow = s;
    const html = await madeOnce(pages, `${uid}\u0000${s.version}\u0000${base}`, async () => {
      const index = await fs.readFile(indexFile, 'utf8');
      return new CachedBody(Buffer.from(withOgTags(index, summaryNow, { siteName, url: page, image })), HTML_TYPE);
    });
    await sendCached(req, reply, html);
  });

  app.get('/api/tournaments/:id/report/og.png', {
    config: CACHED_READ,
    schema: ogPictureSchema('event records',
      'The report’s link card picture (1200×630 PNG: the site, the event, its champion and date), for Open Graph and Twitter',
      z.object({ id: z.string().min(1).max(64) }), 409),
  }, async (req, reply) => {
    const uid = req.params.id;
    const s = await summary(uid);
    if (!s) {
      const t = await Events.findTournament(db, uid);
      if (!t || t.cancelled) throw notFound(Events.TOURNAMENT_NOT_FOUND);
      throw new HttpError(409, REPORT_NOT_YET);
    }
    await sendOgPicture(req, reply, await pictures.png({ svg: ogCardSvg(s, siteName) }));
  });
}
