// Decks of a tournament (issues 10 and 18): reads with the cards (the player, or an admin or the
// host who does not play while it runs: decision 013), uploads, deletions and reviews.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvePassingReplySchema, deckUploadQuerySchema, participantIdsQuerySchema, validateDeckQuerySchema } from '../../../../domain/api/tournaments.ts';
import { deckRefusalSchema, deckSchema, type Deck } from '../../../../domain/api/decks.ts';
import { discordIdSchema } from '../../../../domain/api/users.ts';
import { DECK_REVIEW_BY_PLAYER_MESSAGE, DECKS_FIXED_MESSAGE } from '../../../../domain/tournaments/limits.ts';
import { requireUser } from '../../../auth/guards.ts';
import type { Tx } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, notFoundIfMissing, unauthorized } from '../../../errors.ts';
import { errors, WRITE_ERRORS } from '../../../http/route-schemas.ts';
import { checkStoredDeck, DeckRefusedError, readDeck } from './deck-checks.ts';
import { lateDeckWindow } from '../teams/late-entry.ts';
import { deckViewFor } from '../teams/team-reads.ts';
import { isPrivileged, toDeck, UNNAMED_TEAM } from '../tournament-views.ts';
import type * as Events from '../events-repository.ts';
import * as Teams from '../teams/teams-repository.ts';
import * as Decks from './decks-repository.ts';
import type { TournamentHelpers } from '../tournament-helpers.ts';
import type { AuditLine } from '../event-write.ts';

const tags = ['tournaments'];
const uidParams = z.object({ id: z.string().min(1).max(64) });
const numericId = (what: string) => z.string().regex(/^\d{1,9}$/, `must be a ${what} id`).transform(Number);
const deckParams = uidParams.extend({ deckId: numericId('deck') });
const participantParams = uidParams.extend({ pid: numericId('participant') });
const participantDeckParams = participantParams.extend({ deckId: numericId('deck') });
const ownIdQuery = z.object({ participantDiscordId: discordIdSchema.optional() });

/** A deck file is a few kilobytes; deck-text.ts refuses anything longer than 100,000 characters. */
const DECK_BODY_LIMIT = 256 * 1024;
/** participants/decks: ids per call (a page of the admin panel's teams) */
const MAX_PARTICIPANT_IDS = 200;

/**
 * From Start a team's decks are fixed (issue 29): nobody, host or admin included, submits or deletes
 * one (a wrong deck is rejected instead, which keeps it on record). The one exception is a late
 * entry's own team, until its first round is paired (lateDeckWindow).
 */
function refuseIfDecksFixed(t: Events.TournamentRow, team: Teams.TeamRow | undefined): void {
  if (t.completed) throw conflict('Deck submission is closed: the tournament is over');
  if (t.inProgress && !lateDeckWindow(t, team)) throw conflict(DECKS_FIXED_MESSAGE);
}

/** Every deck submission, deletion and review is a line of the event's log: who, which team, which deck. */
function deckAudit(actorDiscordId: string, action: string, deck: Pick<Decks.DeckRow, 'id' | 'label'>, owner: { member: Teams.MemberRow; team: Teams.TeamRow } | undefined, extra: Record<string, unknown> = {}): AuditLine {
  return {
    actorDiscordId, action,
    after: { deckId: deck.id, label: deck.label, teamUid: owner?.team.uid ?? null, team: owner ? owner.team.name || UNNAMED_TEAM : null, player: owner?.member.discordId ?? null, ...extra },
  };
}

export function registerDecksRoutes(server: FastifyInstance, h: TournamentHelpers) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, cards } = h;

  /** Decks with their cards: the owner's; any for an admin or the host, unless they play in it while it runs. */
  async function decksFor(req: FastifyRequest, t: Events.TournamentRow, memberIds: number[]): Promise<Map<number, Deck[]>> {
    const user = req.user;
    if (!user) throw unauthorized('Sign in to see decks');
    const seesAll = (await deckViewFor(db, user, t)) === 'full';
    const owned = new Map<number, Deck[]>();
    for (const id of memberIds) {
      const m = await Teams.findMember(db, t.uid, id);
      if (!m) throw notFound('Participant information not found');
      if (!seesAll && m.member.discordId !== user.discordId) {
        throw forbidden(isPrivileged(user, t)
          ? 'You play in this event: until it has a winner you see only your own decks'
          : 'Only the player and the tournament’s admins may see these decks');
      }
      owned.set(id, []);
    }
    for (const d of await Decks.decksOfMembers(db, t.uid, memberIds)) {
      const checked = await checkStoredDeck({ main: d.mainDeck, extra: d.extraDeck, side: d.sideDeck }, t, cards);
      owned.get(d.memberId)!.push(toDeck(d, checked.name, checked.problems));
    }
    return owned;
  }

  app.get('/api/tournaments/:id/participants/:pid/decks', {
    schema: { tags, summary: 'A participant’s decks with their cards and problems (the player, or privileged users)', params: participantParams, response: { 200: z.array(deckSchema), ...errors(400, 401, 403, 404) } },
  }, async (req) => (await decksFor(req, await h.findOr404(req.params.id), [req.params.pid])).get(req.params.pid)!);

  app.get('/api/tournaments/:id/participants/decks', {
    schema: {
      tags, summary: 'Decks of several participants, a map by participant id', params: uidParams, querystring: participantIdsQuerySchema,
      response: { 200: z.record(z.string(), z.array(deckSchema)), ...errors(400, 401, 403, 404) },
    },
  }, async (req) => {
    const ids = [...new Set(req.query.participantIds.split(',').map(Number))];
    if (ids.length > MAX_PARTICIPANT_IDS) throw badRequest(`participantIds: at most ${MAX_PARTICIPANT_IDS} ids at once`);
    return Object.fromEntries(await decksFor(req, await h.findOr404(req.params.id), ids));
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
    const mayUpload = async (tx: Tx, t: Events.TournamentRow) => {
      h.refuseIfOver(t);
      const mine = await Teams.activeMembership(tx, t.uid, user.discordId);
      refuseIfDecksFixed(t, mine?.team);
      // a late entry submits until its first round is paired, even after deck submission was locked
      if (!t.deckSubmissionOpen && !lateDeckWindow(t, mine?.team)) throw conflict('Deck submission is closed for this tournament');
      if (!mine) throw forbidden('Sign up for this tournament before submitting a deck');
      const count = await Decks.countMemberDecks(tx, mine.member.id);
      if (count >= t.decksAllowedPerPlayer) {
        throw conflict(`You have submitted ${count} deck${count === 1 ? '' : 's'}, the most this tournament allows: delete one first`);
      }
      return { mine, count };
    };
    const t0 = await h.findOr404(req.params.id);
    await mayUpload(db, t0);
    const checked = await readDeck(req.body, t0, cards);
    if (checked.problems.length > 0) throw new DeckRefusedError(checked);
    const deck = await h.write(req.params.id, 'deck', async (tx, t) => {
      const { mine, count } = await mayUpload(tx, t);
      const row = await Decks.insertDeck(tx, {
        uid: randomUUID(), memberId: mine.member.id, tournamentUid: t.uid, label: req.query.label || `Deck ${count + 1}`,
        mainDeck: checked.deck.main, extraDeck: checked.deck.extra, sideDeck: checked.deck.side,
        approved: !t.manualDeckChecking, reviewerDiscordId: null,
      });
      return { result: toDeck(row, checked.name, []), audit: deckAudit(user.discordId, 'submit-deck', row, mine, { approved: row.approved }) };
    });
    return reply.code(201).send(deck);
  });

  app.delete('/api/tournaments/:id/decks/:deckId', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Delete a deck: your own while deck submission is open, or any as an admin or the host', params: deckParams, querystring: ownIdQuery, response: { 204: z.undefined(), ...errors(...WRITE_ERRORS, 404, 409) } },
  }, async (req, reply) => {
    const user = requireUser(req);
    await h.write(req.params.id, 'deck', async (tx, t) => {
      h.refuseIfOver(t);
      const deck = notFoundIfMissing(await Decks.findDeck(tx, t.uid, req.params.deckId), 'Deck not found');
      const owner = await Teams.findMember(tx, t.uid, deck.memberId);
      const privileged = isPrivileged(user, t);
      if (!privileged && owner?.member.discordId !== user.discordId) throw forbidden('This is not your deck');
      refuseIfDecksFixed(t, owner?.team);
      if (!privileged && !(t.deckSubmissionOpen || lateDeckWindow(t, owner?.team))) throw conflict('Deck submission is closed: ask an admin to remove the deck');
      await Decks.deleteDeck(tx, deck.id);
      return { result: undefined, audit: deckAudit(user.discordId, 'delete-deck', deck, owner) };
    });
    return reply.code(204).send();
  });

  app.post('/api/tournaments/:id/decks/approve-passing', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Approve every deck waiting for a check that passes the checks (an admin or the host who does not play in the event)',
      description: 'The checks are the event’s list and settings as they are now; a deck with a problem keeps waiting for the host’s decision. One line of the event’s log names the decks approved.',
      params: uidParams, response: { 200: approvePassingReplySchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => h.adminAction(req, req.params.id, 'approve-decks', async (tx, t, user) => {
    if (await Teams.playsIn(tx, t.uid, user.discordId)) throw forbidden(DECK_REVIEW_BY_PLAYER_MESSAGE);
    h.refuseIfOver(t);
    const waiting = await Decks.pendingDecks(tx, t.uid);
    const passing: Decks.DeckRow[] = [];
    for (const d of waiting) {
      const checked = await checkStoredDeck({ main: d.mainDeck, extra: d.extraDeck, side: d.sideDeck }, t, cards);
      if (checked.problems.length === 0) passing.push(d);
    }
    await Decks.approveDecks(tx, passing.map((d) => d.id), user.discordId);
    return {
      result: { approved: passing.length, left: waiting.length - passing.length },
      after: { approved: passing.map((d) => ({ deckId: d.id, label: d.label })), left: waiting.length - passing.length },
      unchanged: passing.length === 0,
    };
  }));

  app.post('/api/tournaments/:id/participants/:pid/decks/:deckId/validate', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Approve or reject a deck (an admin or the host who does not play in the event); rejecting needs a reason',
      params: participantDeckParams, querystring: validateDeckQuerySchema,
      response: { 200: deckSchema, ...errors(...WRITE_ERRORS, 404, 409) },
    },
  }, async (req) => {
    const { approved, reason } = req.query;
    const rejection = reason?.trim() ?? '';
    if (!approved && !rejection) throw badRequest('reason: rejecting a deck needs a reason');
    return h.adminAction(req, req.params.id, approved ? 'approve-deck' : 'reject-deck', async (tx, t, user) => {
      // nobody reviews the decks of an event they play in (decision 013)
      if (await Teams.playsIn(tx, t.uid, user.discordId)) throw forbidden(DECK_REVIEW_BY_PLAYER_MESSAGE);
      h.refuseIfOver(t);
      const deck = notFoundIfMissing(await Decks.findDeck(tx, t.uid, req.params.deckId), 'Deck not found');
      if (deck.memberId !== req.params.pid) throw notFound('This participant has no such deck');
      const row = await Decks.reviewDeck(tx, deck.id, { approved, reviewerDiscordId: user.discordId, rejectionReason: approved ? null : rejection });
      const checked = await checkStoredDeck({ main: row.mainDeck, extra: row.extraDeck, side: row.sideDeck }, t, cards);
      const owner = await Teams.findMember(tx, t.uid, deck.memberId);
      return {
        result: toDeck(row, checked.name, checked.problems),
        before: { deckId: deck.id, approved: deck.approved, reviewer: deck.reviewerDiscordId },
        after: { deckId: deck.id, label: deck.label, teamUid: owner?.team.uid ?? null, team: owner ? owner.team.name || UNNAMED_TEAM : null, player: owner?.member.discordId ?? null, approved, reason: approved ? null : rejection },
      };
    });
  });
}
