// /players/{discordId}: the SPA's index.html with the player's link card (name, titles, events and
// ratings, the avatar beside them). Cached as the profile GET /api/players/{id} is (players-routes.ts):
// under the records' stamp, a minute at most for names and avatars. An unknown or malformed id gets
// the plain page (the app says not found).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playerParamsSchema, type PlayerProfile } from '../../../domain/api/players.ts';
import type { Db } from '../../db/client.ts';
import { CACHED_READ, ReadCache } from '../../http/read-cache.ts';
import { CachedBody } from '../../http/http-cache.ts';
import { HTML_TYPE, SpaIndex, withLinkCard, type LinkCard } from '../../link-cards/link-card.ts';
import { readProfile } from './players.ts';
import * as PlayersRepository from './players-repository.ts';

const NAMES_TTL_MS = 60_000;
/** Series named in the description; the page lists them all. */
const RATINGS_SHOWN = 3;

export interface PlayerLinkCardOptions {
  db: Db;
  webDir?: string;
  siteName: string;
  /** PUBLIC_URL's origin; else the request's (its Host is checked against the allowed names first) */
  publicUrl?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The card of a player: the name, then titles, events and the best-placed ratings in one line. */
export function playerCard(p: PlayerProfile, page: { siteName: string; url: string }): LinkCard {
  const titles = p.events.filter((e) => e.champion).length;
  const ratings = [...p.ratings].sort((a, b) => a.rank - b.rank || b.rating - a.rating).slice(0, RATINGS_SHOWN);
  const description = [
    titles > 0 && plural(titles, 'title'),
    plural(p.events.length, 'event'),
    ...ratings.map((r) => `${r.seriesName}: ${Math.round(r.rating)} (#${r.rank})`),
  ].filter(Boolean).join(' · ');
  return {
    siteName: page.siteName,
    title: p.displayName,
    description,
    url: page.url,
    type: 'profile',
    image: p.avatarUrl ? { url: p.avatarUrl, alt: `${p.displayName}'s avatar` } : undefined,
  };
}

export function registerPlayerLinkCard(server: FastifyInstance, { db, webDir, siteName, publicUrl }: PlayerLinkCardOptions) {
  const index = new SpaIndex(webDir);
  const reads = new ReadCache(500, NAMES_TTL_MS);
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  // A page of the SPA (hidden from the API docs): the same index.html, with the player's card.
  server.get('/players/:discordId', { config: CACHED_READ, schema: { hide: true } }, async (req, reply) => {
    const parsed = playerParamsSchema.safeParse(req.params);
    if (!index.file || !parsed.success) return index.sendPlain(reply);
    const id = parsed.data.discordId;
    const base = origin(req);
    return index.sendWithCard(req, reply, 'player', async () => {
      const stamp = await PlayersRepository.recordsStamp(db);
      return reads.body('players', `${stamp}|card|${id}|${base}`, async () => {
        const profile = await readProfile(db, id);
        if (!profile) return undefined;
        const card = playerCard(profile, { siteName, url: `${base}/players/${id}` });
        return new CachedBody(Buffer.from(withLinkCard(await index.read(), card)), HTML_TYPE);
      });
    });
  });
}
