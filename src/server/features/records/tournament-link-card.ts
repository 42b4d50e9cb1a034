// /tournaments/{uid}: the SPA's index.html with the event's link card (name, start, format, field and
// where it stands), so that a sign-up link posted on Discord unfurls, with a picture Discord, X and
// Facebook show (a PNG): the report's once the event has one, else GET /api/tournaments/{uid}/og.png,
// drawn from the event (tournament-og-card.ts). Kept with the tournament's other public reads until
// its next change; an unknown or cancelled event gets the plain page (the app says what it is), as
// the report's card does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Report } from '../../../domain/api/records.ts';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { CachedBody } from '../../http/http-cache.ts';
import type { ImageStore } from '../images/image-store.ts';
import { cardDate, HTML_TYPE, SpaIndex, withLinkCard, type LinkCard, type LinkCardImage } from '../../link-cards/link-card.ts';
import { OG_HEIGHT, OG_WIDTH } from '../../link-cards/og-card-svg.ts';
import { drawingVersion, OgPictures, ogPictureSchema, PNG_TYPE, sendOgPicture, type OgDrawing, type OgInset } from '../../link-cards/og-picture.ts';
import { reportPicturePath } from './report-og.ts';
import { cachedReport } from './report-routes.ts';
import type { TournamentHelpers } from '../tournaments/tournament-helpers.ts';
import { EVENT_INSET, eventCardSvg, eventField, eventFormat, eventState } from './tournament-og-card.ts';
import * as Events from '../tournaments/events-repository.ts';

export interface TournamentLinkCardOptions {
  db: Db;
  helpers: TournamentHelpers;
  /** the uploads, for the event's own picture */
  images: Pick<ImageStore, 'find' | 'filePath'>;
  webDir?: string;
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

/** The card of an event: its name, then format, start, field and state in one line; `image` its picture. */
export function tournamentCard(t: Tournament, page: { siteName: string; url: string }, image?: LinkCardImage): LinkCard {
  const description = [t.subtitle, eventFormat(t), t.startsAt && cardDate(t.startsAt, true), eventField(t), eventState(t)].filter(Boolean).join(' · ');
  return { siteName: page.siteName, title: t.name, description, url: page.url, type: 'website', image };
}

/** Uploads the upload step re-encoded: rasters only, never an SVG. */
const RASTERS = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const UPLOAD = /^\/api\/images\/([A-Za-z0-9_-]{16,64})(?:\?|$)/;

export function registerTournamentLinkCard(server: FastifyInstance, { db, helpers: h, images, webDir, siteName, publicUrl }: TournamentLinkCardOptions) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const index = new SpaIndex(webDir);
  const pictures = new OgPictures();
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  /** The event as GET /api/tournaments/{uid} shows it to a visitor (the same cached body); undefined when unknown or cancelled. */
  async function publicEvent(uid: string): Promise<Tournament | undefined> {
    const body = await h.tournamentReads.cached(uid, 'detail', async () => {
      const row = await Events.findTournament(db, uid);
      return row && h.loadTournament(db, row);
    });
    const t = body && (JSON.parse(body.body.toString('utf8')) as Tournament);
    return t && !t.cancelled ? t : undefined;
  }

  /** The event's uploaded picture beside the text; none for an address that is no upload of this site, or one that is gone. */
  async function inset(t: Tournament): Promise<OgInset | undefined> {
    const id = t.imageUri ? UPLOAD.exec(t.imageUri)?.[1] : undefined;
    const row = id ? await images.find(id) : undefined;
    return row && RASTERS.has(row.mime) ? { file: images.filePath(row), ...EVENT_INSET } : undefined;
  }

  async function drawing(t: Tournament): Promise<OgDrawing> {
    const picture = await inset(t);
    return { svg: eventCardSvg(t, siteName, picture !== undefined), inset: picture };
  }

  /** The report's picture once there is a report, else the event's own drawing. */
  async function pictureOf(t: Tournament, base: string): Promise<LinkCardImage> {
    const size = { type: PNG_TYPE, width: OG_WIDTH, height: OG_HEIGHT, large: true } as const;
    const report = t.completed ? await cachedReport(db, h, t.uid) : undefined;
    if (report) {
      const { version } = JSON.parse(report.body.toString('utf8')) as Pick<Report, 'version'>;
      return { url: `${base}${reportPicturePath(t.uid, version)}`, alt: `${t.name}: the event report’s picture`, ...size };
    }
    const v = drawingVersion(await drawing(t));
    return { url: `${base}/api/tournaments/${encodeURIComponent(t.uid)}/og.png?v=${v}`, alt: `${t.name}: ${eventState(t)}`, ...size };
  }

  // A page of the SPA (hidden from the API docs): the same index.html, with the event's card.
  server.get('/tournaments/:uid', { config: CACHED_READ, schema: { hide: true } }, async (req, reply) => {
    const { uid } = req.params as { uid: string };
    if (!index.file || uid.length > 64) return index.sendPlain(reply);
    const base = origin(req);
    return index.sendWithCard(req, reply, 'event', async () => h.tournamentReads.cache.body(`t:${uid}`, `link-card\u0000${base}`, async () => {
      const t = await publicEvent(uid);
      if (!t) return undefined;
      const card = tournamentCard(t, { siteName, url: `${base}/tournaments/${encodeURIComponent(uid)}` }, await pictureOf(t, base));
      return new CachedBody(Buffer.from(withLinkCard(await index.read(), card)), HTML_TYPE);
    }));
  });

  app.get('/api/tournaments/:id/og.png', {
    config: CACHED_READ,
    schema: ogPictureSchema('tournaments',
      'The event’s link card picture (1200×630 PNG: its name, state, start, format and field, and its picture), for Open Graph and Twitter',
      z.object({ id: z.string().min(1).max(64) })),
  }, async (req, reply) => {
    const t = await publicEvent(req.params.id);
    if (!t) throw notFound(Events.TOURNAMENT_NOT_FOUND);
    await sendOgPicture(req, reply, await pictures.png(await drawing(t)));
  });
}
