// A deck as the API shows it (spec 2 §3 "Deck"): its counts and status, its cards, what is wrong
// with it, and the refusal of an upload. Tournaments and leagues both take decks in these shapes.
import { z } from 'zod';
import { DECK_STATUSES } from '../tournaments/limits.ts';

/** A deck without its cards: what anyone may see (counts and statuses). */
export const deckSummarySchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  label: z.string(),
  approved: z.boolean(),
  reviewerDiscordId: z.string().nullable(),
  status: z.enum(DECK_STATUSES),
  rejectionReason: z.string().nullable(),
  mainCount: z.number().int(),
  extraCount: z.number().int(),
  sideCount: z.number().int(),
  createdAt: z.string(),
});
export type DeckSummary = z.infer<typeof deckSummarySchema>;

export const deckCardSchema = z.object({ cardId: z.number().int(), cardName: z.string() });
export type DeckCard = z.infer<typeof deckCardSchema>;

export const deckProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  cardIds: z.array(z.number().int()).optional(),
});
export type DeckProblemBody = z.infer<typeof deckProblemSchema>;

/** A deck with its cards (its owner and privileged users only), and what is wrong with it today. */
export const deckSchema = deckSummarySchema.extend({
  mainDeck: z.array(deckCardSchema),
  extraDeck: z.array(deckCardSchema),
  sideDeck: z.array(deckCardSchema),
  /** against the tournament's list and settings as they are now (empty for a valid deck) */
  problems: z.array(deckProblemSchema),
});
export type Deck = z.infer<typeof deckSchema>;

/** A 400 of a deck upload: the sentence, and every problem for the page to list beside the cards. */
export const deckRefusalSchema = z.object({
  error: z.string(),
  problems: z.array(deckProblemSchema).optional(),
  deck: z.object({ mainDeck: z.array(deckCardSchema), extraDeck: z.array(deckCardSchema), sideDeck: z.array(deckCardSchema) }).optional(),
});
