// The event settings (issue 19, decision 016): PATCH .../settings changes what the host form's Event
// tab set. Before the start every field; once started only the clocks and the webhook (the running
// round's clock follows), and late entry may be shortened; once over, nothing. The webhook is the
// privileged viewers' only: their read of the tournament adds it (withWebhook), the public one never.
// The banlist (a site list by date, or none) changes until the start, the decks checked again (decision 030).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventSettingsBodySchema } from '../../../domain/api/event-night.ts';
import { banlistChangeSummary } from '../../../domain/tournaments/banlist-change.ts';
import { tournamentSchema, type Tournament } from '../../../domain/api/tournaments.ts';
import {
  EVENT_SETTING_FIELDS, eventStage, settingsProblems, type EventSettingField, type EventSettingValues,
} from '../../../domain/tournaments/event-settings.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../errors.ts';
import { errors, WRITE_ERRORS } from '../../http/route-schemas.ts';
import { holds, OWN_LIST, recheckDecks, siteList, type HeldList } from './decks/banlist-change.ts';
import { bumpCalendarIfChanged } from './exports/exports-calendar.ts';
import * as Events from './events-repository.ts';
import type { TournamentHelpers } from './tournament-helpers.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });

/** The settings as stored, in the body's terms. */
export function settingValues(t: Events.TournamentRow): EventSettingValues {
  return {
    startsAt: t.startsAt?.toISOString() ?? null, checkIn: t.checkIn, topCut: t.topCut, swissRounds: t.swissRounds,
    roundMinutes: t.roundMinutes, topCutRoundMinutes: t.topCutRoundMinutes, lateEntryRounds: t.lateEntryRounds,
    discordWebhookUrl: t.discordWebhookUrl, deckPrivacy: t.deckPrivacy, seedByRating: t.seedByRating,
    // which date a held list is needs the database: the route puts the asked date here when the event holds it
    banlistDate: t.banlist ? OWN_LIST : null,
  };
}

/** The tournament as an admin or its host reads it: the public read and the webhook. */
export async function withWebhook(h: Pick<TournamentHelpers, 'loadTournament'>, tx: Tx, t: Events.TournamentRow): Promise<Tournament> {
  return { ...(await h.loadTournament(tx, t)), discordWebhookUrl: t.discordWebhookUrl };
}

/** The audit log keeps where a webhook points, never its token. */
const masked = (url: string | null) => url?.replace(/\/[\w-]+$/, '/…') ?? null;

export function registerEventSettingsRoutes(server: FastifyInstance, h: TournamentHelpers) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = h;

  app.patch('/api/tournaments/:id/settings', {
    config: { auth: 'user' },
    // a field the body cannot hold is named, not lost in 'the body must be a JSON object'
    preValidation: async (req) => {
      const body = req.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      const unknown = Object.keys(body).find((k) => !(EVENT_SETTING_FIELDS as readonly string[]).includes(k));
      if (unknown) throw badRequest(`${unknown.slice(0, 40)}: is not an event setting (${EVENT_SETTING_FIELDS.join(', ')})`);
    },
    schema: {
      tags,
      summary: 'Change the event settings (an admin or the host): a field left out stays, null clears',
      description: 'Before the start every field may change. Once the event has started, startsAt, checkIn, topCut, swissRounds, deckPrivacy, seedByRating and banlistDate are fixed and lateEntryRounds may only be lowered (409 naming each); roundMinutes, topCutRoundMinutes and discordWebhookUrl still change, the running round’s clock with them. Once the event is over nothing changes. `banlistDate` gives the event the site’s list of that date (null: no banlist; 404 when there is none); the decks already submitted are checked again, and each one the new list refuses is rejected with a reason naming the list and its cards (the audit line counts them).',
      params: uidParams, body: eventSettingsBodySchema,
      response: { 200: tournamentSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const body = req.body as Partial<EventSettingValues>;
    await h.adminAction(req, req.params.id, 'settings', async (tx, t, user) => {
      const current = settingValues(t);
      const list = body.banlistDate === undefined ? undefined : await siteList(tx, body.banlistDate);
      if (list && holds(t, list)) current.banlistDate = body.banlistDate!;
      const problems = settingsProblems(eventStage(t), current, body);
      if (problems.length) throw conflict(problems.join('; '));
      const changed = EVENT_SETTING_FIELDS.filter((f) => body[f] !== undefined && body[f] !== current[f]);
      if (changed.length === 0) return { result: undefined, unchanged: true };
      const pick = (values: EventSettingValues | Partial<EventSettingValues>) =>
        Object.fromEntries(changed.map((f: EventSettingField) => [f, f === 'discordWebhookUrl' ? masked(values[f] ?? null) : values[f]]));
      const set: Partial<Events.TournamentRow> = {};
      for (const f of changed) {
        if (f === 'startsAt') set.startsAt = body.startsAt ? new Date(body.startsAt) : null;
        else if (f === 'banlistDate') Object.assign(set, list satisfies HeldList | undefined);
        else (set as Record<string, unknown>)[f] = body[f];
      }
      // check-in turned off closes it; turned on again, the host opens it again
      if (set.checkIn === false) set.checkInOpen = false;
      await Events.updateTournament(tx, t.uid, { ...set, ...bumpCalendarIfChanged(t, set) });
      const before = pick(current);
      const after = pick(body);
      if (changed.includes('banlistDate')) {
        // the decks were legal under the old list: the new one may refuse some (decision 030)
        const rejected = await recheckDecks(tx, { ...t, ...set }, h.cards, user.discordId);
        const [from, to] = [t.banlist ? t.banlistName ?? OWN_LIST : null, set.banlistName ?? null];
        Object.assign(before, { banlistDate: undefined, banlist: from });
        Object.assign(after, { banlist: to, decksRejected: rejected, banlistChange: banlistChangeSummary(from, to, rejected.length) });
      }
      return { result: undefined, before, after };
    });
    return withWebhook(h, db, await h.findOr404(req.params.id));
  });
}
