import { z } from 'zod';
import { cardTypeSchema } from './banlists.ts';

export const CARD_IMAGE_SIZES = ['small', 'large'] as const;
export type CardImageSize = (typeof CARD_IMAGE_SIZES)[number];
export const cardImageSizeSchema = z.enum(CARD_IMAGE_SIZES, { error: 'size: small or large' });

/** Site-relative URL of a card's picture; small is a thumbnail (about 168 px wide when the source allows). */
export function cardImageUrl(id: number, size: CardImageSize = 'large'): string {
  return size === 'small' ? `/api/cards/${id}/image?size=small` : `/api/cards/${id}/image`;
}

/** Passcodes are uint32 (edopro.md §4). */
export const cardIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'A card id is a number')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 0xffffffff, 'A card id is a number from 1 to 4294967295');

/** One hit of GET /api/cards/search?name= (spec 1 §3 "Card search result"). */
export const cardSearchResultSchema = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() });
export type CardSearchResult = z.infer<typeof cardSearchResultSchema>;

/** Body of POST /api/cards/images: card names. */
export const MAX_IMAGE_NAMES = 500;
export const cardImagesBodySchema = z
  .array(z.string().max(200, 'a card name has at most 200 characters'), { error: 'The body must be a JSON array of card names' })
  .max(MAX_IMAGE_NAMES, `At most ${MAX_IMAGE_NAMES} names per request`);
/** One item of the answer; names that match no card are left out. */
export const cardImageSchema = z.object({ name: z.string(), imageUrl: z.string() });
export type CardImage = z.infer<typeof cardImageSchema>;

const statSchema = z.union([z.number().int(), z.literal('?')]).nullable();

/** GET /api/cards/{id}. Fields that do not apply to the card are null. */
export const cardDetailSchema = z.object({
  id: z.number().int(),
  /** the original card of an alternate artwork, else 0 */
  alias: z.number().int(),
  name: z.string(),
  cardType: cardTypeSchema,
  /** label of cardType, e.g. 'Effect Monster', 'Quick-Play Spell' ('Token' for tokens) */
  type: z.string(),
  /** e.g. 'Spellcaster / Normal', 'Dragon / Synchro / Tuner / Effect'; the type label for spells and traps */
  typeLine: z.string(),
  attribute: z.string().nullable(),
  race: z.string().nullable(),
  level: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  linkRating: z.number().int().nullable(),
  /** e.g. ['Top', 'Bottom-Left'] in reading order */
  linkMarkers: z.array(z.string()).nullable(),
  leftScale: z.number().int().nullable(),
  rightScale: z.number().int().nullable(),
  atk: statSchema,
  def: statSchema,
  text: z.string(),
  imageUrl: z.string(),
});
export type CardDetail = z.infer<typeof cardDetailSchema>;
