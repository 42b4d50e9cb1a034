import type { DeckCard, DeckProblemBody } from '../../../../domain/api/decks.ts';
import { ApiError } from '../../../lib/api.ts';

// A refused deck, as the event's upload and a league's join both meet it: the error the request throws, and
// what the refused deck's panel shows of it.

/** A refused deck: the server's sentence, every problem, and the deck as it read it (for the preview). */
export class DeckRefusedError extends ApiError {
  readonly problems: DeckProblemBody[];
  readonly deck?: { mainDeck: DeckCard[]; extraDeck: DeckCard[]; sideDeck: DeckCard[] };

  constructor(status: number, message: string, problems: DeckProblemBody[] = [], deck?: DeckRefusedError['deck']) {
    super(status, message);
    this.name = 'DeckRefusedError';
    this.problems = problems;
    this.deck = deck;
  }

  /** From a refusal's body: its problems when it lists them, the deck as the server read it when it has one. */
  static fromBody(status: number, message: string, body: unknown): DeckRefusedError {
    const b = (body ?? {}) as { problems?: DeckProblemBody[]; deck?: DeckRefusedError['deck'] };
    return new DeckRefusedError(status, message, Array.isArray(b.problems) ? b.problems : [], b.deck);
  }
}

/** What the refused deck's panel shows: the sentence, the problems, the deck when the server read one. */
export interface Refusal {
  message: string;
  problems: DeckProblemBody[];
  deck?: DeckRefusedError['deck'];
}

/**
 * A failed send as the panel shows it. A refused deck's sentence may name its field ('deck: …'), which the
 * form does not need: `field` takes it off; the rest starts with a capital, else `fallback` stands for it.
 */
export function refusalOf(err: Error, field: RegExp, fallback: string): Refusal {
  const sentence = err.message.replace(field, '');
  const message = sentence ? sentence.charAt(0).toUpperCase() + sentence.slice(1) : fallback;
  return err instanceof DeckRefusedError ? { message, problems: err.problems, deck: err.deck } : { message, problems: [] };
}
