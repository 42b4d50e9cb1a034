// A report's link card (issue 20): /tournaments/{uid}/report is the SPA's index.html with Open
// Graph and Twitter tags (so a link posted on Discord shows the event, its champion and a picture),
// and GET /api/tournaments/{id}/report/og.png that picture. Both read the report the API caches
// (one read for both), and keep what they make per record version.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { Report } from '../../../domain/api/records.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../errors.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { errors, fileReply } from '../../http/route-schemas.ts';
import { CachedBody, Lru, sendCached } from '../banlists/http-cache.ts';
import { concurrencyLimit } from '../images/image-processing.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import * as Repo from '../tournaments/tournaments-repository.ts';
import { ogCardSvg, ogSummary, withOgTags, type OgSummary } from './report-og-card.ts';
import { cachedReport } from './report-routes.ts';
import { REPORT_NOT_YET } from './report-routes.ts';

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
/** Discord and others fetch the picture once per version (?v= in og:image); an hour for the unversioned address. */
const IMAGE_CACHE = 'public, max-age=3600';
/** Pictures made at once: sharp's work stays off the rest of the night. */
const pngSlot = concurrencyLimit(2);

export function registerReportOg(server: FastifyInstance, { db, helpers: h, webDir, siteName, publicUrl }: ReportOgOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  const indexFile = webDir && existsSync(path.join(webDir, 'index.html')) ? path.join(webDir, 'index.html') : undefined;
  const summaries = new WeakMap<CachedBody, OgSummary>();
  const pages = new Lru<string, Promise<CachedBody>>(500);
  const pictures = new Lru<string, Promise<CachedBody>>(100);

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

  /** Made once per key; a failure is not kept. */
  const once = (cache: Lru<string, Promise<CachedBody>>, key: string, make: () => Promise<CachedBody>) => {
    let p = cache.get(key);
    if (!p) {
      p = make();
      cache.set(key, p);
      p.catch(() => { if (cache.get(key) === p) cache.delete(key); });
    }
    return p;
  };

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
    const image = `${base}/api/tournaments/${encodeURIComponent(uid)}/report/og.png?v=${s.version}`;
    const summaryNow = s;
    const html = await once(pages, `${uid}\u0000${s.version}\u0000${base}`, async () => {
      const index = await fs.readFile(indexFile, 'utf8');
      return new CachedBody(Buffer.from(withOgTags(index, summaryNow, { siteName, url: page, image })), HTML_TYPE);
    });
    await sendCached(req, reply, html);
  });

  app.get('/api/tournaments/:id/report/og.png', {
    config: CACHED_READ,
    schema: {
      tags: ['event records'],
      summary: 'The report’s link card picture (1200×630 PNG: the site, the event, its champion and date), for Open Graph and Twitter',
      params: z.object({ id: z.string().min(1).max(64) }),
      querystring: z.object({ v: z.string().max(20).optional().describe('the record’s version (ignored: it makes a new address per version)') }),
      response: { 200: fileReply('The picture', 'image/png'), 304: z.undefined().describe('Not modified'), ...errors(400, 404, 409) },
    },
  }, async (req, reply) => {
    const uid = req.params.id;
    const s = await summary(uid);
    if (!s) {
      const t = await Repo.findTournament(db, uid);
      if (!t || t.cancelled) throw notFound(Repo.TOURNAMENT_NOT_FOUND);
      throw new HttpError(409, REPORT_NOT_YET);
    }
    const png = await once(pictures, `${uid}\u0000${s.version}`, () => pngSlot(async () =>
      new CachedBody(await sharp(Buffer.from(ogCardSvg(s, siteName))).png({ compressionLevel: 9 }).toBuffer(), 'image/png')));
    // a picture for other sites' link cards: not only this origin's pages may show it
    await sendCached(req, reply, png, { 'Cache-Control': IMAGE_CACHE, 'Cross-Origin-Resource-Policy': 'cross-origin' });
  });
}
