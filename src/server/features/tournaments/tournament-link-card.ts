// /tournaments/{uid}: the SPA's index.html with the event's link card (name, start, format, field and
// where it stands), so that a sign-up link posted on Discord unfurls. Kept with the tournament's other
// public reads until its next change; an unknown or cancelled event gets the plain page (the app
// says what it is), as the report's card does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tournament } from '../../../domain/api/tournaments.ts';
import { FORMAT_LABEL } from '../../../domain/tournament/formats.ts';
import type { Db } from '../../db/client.ts';
import { CACHED_READ } from '../../http/read-cache.ts';
import { CachedBody, sendCached } from '../banlists/http-cache.ts';
import { cardDate, HTML_TYPE, SpaIndex, withLinkCard, type LinkCard } from '../records/link-card.ts';
import type { TournamentHelpers } from './tournament-helpers.ts';
import * as Repo from './tournaments-repository.ts';

export interface TournamentLinkCardOptions {
  db: Db;
  helpers: TournamentHelpers;
  webDir?: string;
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Where the event stands, as its page says it. */
function state(t: Tournament): string {
  if (t.completed) return 'Completed';
  if (t.inProgress) return `Round ${t.currentRound} of ${t.roundCount}${t.lateEntryOpen ? ' · late entry open' : ''}`;
  if (t.checkInStatus.open) return 'Check-in open';
  return t.signupsOpen ? 'Sign-ups open' : 'Sign-ups closed';
}

/** The card of an event: its name, then format, start, field and state in one line. */
export function tournamentCard(t: Tournament, page: { siteName: string; url: string; origin: string }): LinkCard {
  const solo = t.playersTeam1 === 1 && t.playersTeam2 === 1;
  const description = [
    t.subtitle,
    `${FORMAT_LABEL[t.format]}, best of ${t.bestOf}`,
    t.startsAt && cardDate(t.startsAt, true),
    plural(t.teamCount, solo ? 'player' : 'team'),
    state(t),
  ].filter(Boolean).join(' · ');
  const picture = t.imageUri ? new URL(t.imageUri, page.origin) : undefined;
  return {
    siteName: page.siteName,
    title: t.name,
    description,
    url: page.url,
    type: 'website',
    image: picture && /^https?:$/.test(picture.protocol) ? { url: picture.href, alt: `${t.name}: the event’s picture` } : undefined,
  };
}

export function registerTournamentLinkCard(server: FastifyInstance, { db, helpers: h, webDir, siteName, publicUrl }: TournamentLinkCardOptions) {
  const index = new SpaIndex(webDir);
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  // A page of the SPA (hidden from the API docs): the same index.html, with the event's card.
  server.get('/tournaments/:uid', { config: CACHED_READ, schema: { hide: true } }, async (req, reply) => {
    const { uid } = req.params as { uid: string };
    if (!index.file || uid.length > 64) return index.sendPlain(reply);
    const base = origin(req);
    let page: CachedBody | undefined;
    try {
      page = await h.tournamentReads.cache.body(`t:${uid}`, `link-card\u0000${base}`, async () => {
        const row = await Repo.findTournament(db, uid);
        if (!row || row.cancelled) return undefined;
        const card = tournamentCard(await h.loadTournament(db, row), { siteName, url: `${base}/tournaments/${encodeURIComponent(uid)}`, origin: base });
        return new CachedBody(Buffer.from(withLinkCard(await index.read(), card)), HTML_TYPE);
      });
    } catch (err) {
      // the page itself must load: the app shows what the API says
      req.log.warn({ err }, 'tournament card: the event could not be read');
    }
    return page ? sendCached(req, reply, page) : index.sendPlain(reply);
  });
}
