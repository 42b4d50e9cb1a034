// The record after the event (issue 20, decision 020): event reports, the format's meta, the card
// footprint on the judgement board, player profiles and the leaderboard, and the archetype
// signatures. One schema, three uses, as the rest of src/domain/api.
import { z } from 'zod';
import { CARD_STATUSES } from '../banlists/statuses.ts';

/** Which approved decks become public when the winner is marked. */
export const DECK_PRIVACIES = ['closed', 'top-cut', 'all'] as const;
export type DeckPrivacy = (typeof DECK_PRIVACIES)[number];
export const DEFAULT_DECK_PRIVACY: DeckPrivacy = 'top-cut';
export const deckPrivacySchema = z.enum(DECK_PRIVACIES, { error: `deckPrivacy: must be one of ${DECK_PRIVACIES.join(', ')}` });
export const DECK_PRIVACY_LABEL: Record<DeckPrivacy, string> = { closed: 'Closed', 'top-cut': 'Top cut', all: 'All' };
/** What each choice publishes, as the host form says it. */
export const DECK_PRIVACY_HINT: Record<DeckPrivacy, string> = {
  closed: 'Decks are never public.',
  'top-cut': 'The top cut’s decks (or the top 8’s) become public when the winner is marked.',
  all: 'Every approved deck becomes public when the winner is marked.',
};

/** Where there is no top cut, the decks of the top 8 are published (deckPrivacy top-cut). */
export const TOP_DECKS_WITHOUT_CUT = 8;
export const ARCHETYPE_NAME_MAX = 40;

export const recordMemberSchema = z.object({ discordId: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
export type RecordMemberBody = z.infer<typeof recordMemberSchema>;

export const placementSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  /** 1..n in the final order */
  rank: z.number().int(),
  /** '1st', '2nd', '3rd–4th', '5th–8th', then the Swiss rank as an ordinal */
  placement: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
  points: z.number().int(),
  /** reached the top cut (or the top 8 where there was no cut) */
  topCut: z.boolean(),
  dropped: z.boolean(),
  /** the Swiss tie-breakers, opponents' and their opponents' match-win share (0..1); absent from older records */
  omw: z.number().optional(),
  oomw: z.number().optional(),
  members: z.array(recordMemberSchema),
});
export type Placement = z.infer<typeof placementSchema>;

export const deckCardSchema = z.object({
  passcode: z.number().int(), name: z.string(), count: z.number().int(),
  /** what a decklist sorts by (issue 30 §8); absent for a card the card database does not know */
  kind: z.enum(['monster', 'spell', 'trap']).optional(),
});
export type DeckCard = z.infer<typeof deckCardSchema>;

/** A published deck of a report. */
export const publishedDeckSchema = z.object({
  id: z.number().int(),
  teamId: z.string(),
  teamName: z.string(),
  discordId: z.string(),
  player: z.string(),
  label: z.string(),
  rank: z.number().int(),
  placement: z.string(),
  topCut: z.boolean(),
  archetype: z.string(),
  /** the rule's name; differs from archetype when the host or an admin corrected it */
  archetypeAuto: z.string(),
  corrected: z.boolean(),
  /** in EDOPro's order (the deck's own order), one entry per card with its copies */
  main: z.array(deckCardSchema),
  extra: z.array(deckCardSchema),
  side: z.array(deckCardSchema),
});
export type PublishedDeck = z.infer<typeof publishedDeckSchema>;

export const archetypeShareSchema = z.object({
  archetype: z.string(),
  decks: z.number().int(),
  /** 0..1 */
  share: z.number(),
  topCut: z.number().int(),
  topCutShare: z.number(),
  /** topCut / decks, 0..1 */
  conversion: z.number(),
});
export type ArchetypeShareBody = z.infer<typeof archetypeShareSchema>;

export const eventMetaSchema = z.object({
  /** approved decks counted (published or not; none when decks are closed) */
  decks: z.number().int(),
  topCutDecks: z.number().int(),
  archetypes: z.array(archetypeShareSchema),
});

/** A top-cut or elimination match, for the report's bracket. */
export const reportMatchSchema = z.object({
  round: z.number().int(),
  bracket: z.string(),
  team1: z.string().nullable(),
  team2: z.string().nullable(),
  team1Wins: z.number().int().nullable(),
  team2Wins: z.number().int().nullable(),
  winner: z.string().nullable(),
});

/** GET /api/tournaments/{id}/report: public once a winner is marked, kept by Close. */
export const reportSchema = z.object({
  tournament: z.object({
    uid: z.string(),
    name: z.string(),
    subtitle: z.string().nullable(),
    seriesUid: z.string().nullable(),
    seriesName: z.string().nullable(),
    format: z.string(),
    banlistName: z.string().nullable(),
    hostDiscordId: z.string(),
    completedAt: z.string(),
    deckPrivacy: deckPrivacySchema,
    closed: z.boolean(),
    /** counts toward the series' ratings (an admin marked it) */
    rated: z.boolean(),
  }),
  version: z.number().int(),
  champion: z.object({ teamId: z.string(), teamName: z.string(), members: z.array(recordMemberSchema) }).nullable(),
  placements: z.array(placementSchema),
  /** the top cut's (or the elimination bracket's) matches, for the bracket */
  bracket: z.array(reportMatchSchema),
  decks: z.array(publishedDeckSchema),
  meta: eventMetaSchema,
});
export type Report = z.infer<typeof reportSchema>;

/** PATCH /api/tournaments/{id}/report/decks/{deckId}: null gives the rule's name back. */
export const archetypeCorrectionSchema = z.object({
  archetype: z.string({ error: 'archetype: must be a name or null' }).trim().min(1, 'archetype: must not be empty')
    .max(ARCHETYPE_NAME_MAX, `archetype: at most ${ARCHETYPE_NAME_MAX} characters`).nullable(),
}, { error: 'The body must be a JSON object' }).strict();

// ---- the format's meta -------------------------------------------------------------------------

const isoDay = (field: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: must be a date such as 2026-11-26`)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${field}: must be a real date`);

/** What /meta counts: events and leagues (absent), only events, or only leagues' runs. */
export const META_KINDS = ['events', 'leagues'] as const;
export type MetaKind = (typeof META_KINDS)[number];
export const META_KIND_LABEL: Record<MetaKind, string> = { events: 'Events', leagues: 'Leagues' };

export const metaQuerySchema = z.object({
  /** a list's name; absent: the current list's events; 'all': every event (issue 30 §8) */
  banlist: z.string().trim().min(1).max(100).optional()
    .describe('The events’ banlist by name; absent: the current (newest) format list; “all”: every event, whatever its list'),
  series: z.string().trim().min(1).max(64).optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
  kind: z.enum(META_KINDS, { error: `kind: one of ${META_KINDS.join(', ')}` }).optional()
    .describe('Absent: events and final leagues’ runs; “events”: events only; “leagues”: leagues only'),
});
export type MetaQuery = z.infer<typeof metaQuerySchema>;

export const META_CARDS_MAX = 100;

export const metaCardSchema = z.object({
  passcode: z.number().int(),
  name: z.string(),
  decks: z.number().int(),
  inclusion: z.number(),
  averageCopies: z.number(),
  topCutInclusion: z.number(),
  /** its status on the banlist asked for (or the current list); NONE when not on it */
  status: z.enum(CARD_STATUSES),
});

/** GET /api/meta */
export const metaSchema = z.object({
  /** the list whose events are counted (null: every event) */
  banlist: z.string().nullable(),
  /** the current format list's name, the default of `banlist` (null: no list yet) */
  currentBanlist: z.string().nullable(),
  series: z.object({ uid: z.string(), name: z.string() }).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** what was counted: events and leagues (null), events only, leagues only */
  kind: z.enum(META_KINDS).nullable(),
  /** recorded events counted */
  events: z.number().int(),
  /** final leagues counted (each of their runs with a result is a deck, as an event's deck is) */
  leagues: z.number().int(),
  decks: z.number().int(),
  topCutDecks: z.number().int(),
  archetypes: z.array(archetypeShareSchema),
  /** over the published decks only (their lists are public), at most META_CARDS_MAX by inclusion */
  publishedDecks: z.number().int(),
  cards: z.array(metaCardSchema),
  /** the banlists and series events were played on, for the filters */
  banlists: z.array(z.string()),
  seriesOptions: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type MetaBody = z.infer<typeof metaSchema>;

export const FOOTPRINT_DAYS_DEFAULT = 90;
export const footprintQuerySchema = z.object({
  banlist: z.literal('all', { error: 'banlist: only “all” (every event) may be given' }).optional()
    .describe('Absent: the current list’s events; “all”: every event of the window'),
  days: z.coerce.number({ error: 'days: must be a whole number' }).int('days: must be a whole number').min(1, 'days: at least 1').max(3650, 'days: at most 3650').default(FOOTPRINT_DAYS_DEFAULT),
});
export type FootprintQuery = z.infer<typeof footprintQuerySchema>;

/** GET /api/meta/cards/{passcode}?days=90: a card's footprint on the current list's events (?banlist=all: every event's). */
export const cardFootprintSchema = z.object({
  passcode: z.number().int(),
  name: z.string(),
  days: z.number().int(),
  /** the current format list the events were played on (null: every event, asked for or no list yet) */
  banlist: z.string().nullable(),
  events: z.number().int(),
  /** final leagues of the window, whose published runs count beside the events' decks */
  leagues: z.number().int(),
  /** published decks of those events, and how many play the card */
  decks: z.number().int(),
  playing: z.number().int(),
  share: z.number(),
  topCutDecks: z.number().int(),
  topCutPlaying: z.number().int(),
  topCutShare: z.number(),
  /** the archetypes whose decks play it: the ones a ban would hit */
  archetypes: z.array(z.object({ archetype: z.string(), decks: z.number().int(), playing: z.number().int() })),
});
export type CardFootprint = z.infer<typeof cardFootprintSchema>;

// ---- archetype signatures ----------------------------------------------------------------------

/** The object's own error only when the body is no object: an unknown key keeps zod's sentence naming it. */
const notAnObject = (issue: { code?: string }) => (issue.code === 'invalid_type' ? 'The body must be a JSON object' : undefined);

export const SIGNATURE_CARDS_MAX = 20;
export const SIGNATURES_MAX = 200;
export const signatureBodySchema = z.object({
  name: z.string({ error: 'name: required' }).trim().min(1, 'name: required').max(ARCHETYPE_NAME_MAX, `name: at most ${ARCHETYPE_NAME_MAX} characters`),
  cards: z.array(z.number({ error: 'cards: passcodes' }).int().min(1).max(0xffffffff), { error: 'cards: a list of passcodes' })
    .min(1, 'cards: at least one card').max(SIGNATURE_CARDS_MAX, `cards: at most ${SIGNATURE_CARDS_MAX}`),
  /** how many different cards of the list a deck must hold (absent or null: all of them) */
  min: z.number().int().min(1, 'min: at least 1').max(SIGNATURE_CARDS_MAX).nullable().optional(),
}, { error: notAnObject }).strict();
export type SignatureBody = z.infer<typeof signatureBodySchema>;

export const signatureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cards: z.array(z.object({ passcode: z.number().int(), name: z.string() })),
  min: z.number().int().nullable(),
  position: z.number().int(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** POST /api/archetypes/signatures/order: every signature's id once, first to last. */
export const signatureOrderSchema = z.object({
  ids: z.array(z.number({ error: 'ids: signature ids' }).int().min(1).max(2 ** 31 - 1), { error: 'ids: a list of signature ids' })
    .max(SIGNATURES_MAX, `ids: at most ${SIGNATURES_MAX}`),
}, { error: notAnObject }).strict();

/** A Main+Extra Deck (at most the cards a deck file may hold) or the text of a .ydk / ydke:// link. */
export const ARCHETYPE_PREVIEW_CARDS_MAX = 200;
export const ARCHETYPE_PREVIEW_TEXT_MAX = 100_000;
const previewCards = (field: string) => z.array(z.number({ error: `${field}: passcodes` }).int().min(0).max(0xffffffff), { error: `${field}: a list of passcodes` })
  .max(ARCHETYPE_PREVIEW_CARDS_MAX, `${field}: at most ${ARCHETYPE_PREVIEW_CARDS_MAX} cards`);
export const archetypePreviewBodySchema = z.object({
  main: previewCards('main').optional(),
  extra: previewCards('extra').optional(),
  /** a .ydk file's text or a ydke:// link, instead of main and extra */
  deck: z.string({ error: 'deck: the text of a .ydk file or a ydke:// link' }).max(ARCHETYPE_PREVIEW_TEXT_MAX, `deck: at most ${ARCHETYPE_PREVIEW_TEXT_MAX} characters`).optional(),
}, { error: notAnObject }).strict();
export type ArchetypePreviewBody = z.infer<typeof archetypePreviewBodySchema>;

/** The name the archetype rule gives a deck, and why. */
export const archetypePreviewSchema = z.object({
  name: z.string(),
  source: z.enum(['setcode', 'signature', 'other']),
  /** Main+Extra copies of the archetype's cards or of the signature's cards */
  copies: z.number().int(),
  /** the EDOPro archetype code when named by setcodes */
  code: z.number().int().nullable(),
  /** the signature that named it */
  signatureId: z.number().int().nullable(),
  /** Main+Extra Deck size */
  cards: z.number().int(),
});
export type ArchetypePreview = z.infer<typeof archetypePreviewSchema>;

/** POST /api/archetypes/reclassify: published decks (the only ones whose cards are kept) named again by today's rule. */
export const reclassifyResultSchema = z.object({
  /** published decks read */
  decks: z.number().int(),
  /** decks whose shown archetype changed (hand corrections are kept) */
  changed: z.number().int(),
  /** events whose report changed */
  events: z.number().int(),
  /** final leagues' counted runs named again (published or not: a league keeps every run's cards), and the leagues whose report changed */
  runs: z.number().int(),
  leagues: z.number().int(),
});
export type ReclassifyResult = z.infer<typeof reclassifyResultSchema>;
