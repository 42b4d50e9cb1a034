import { describe, expect, test } from 'vitest';
import type { DeckProblem } from '../decks/validate-deck.ts';
import { banlistChangeSummary, banlistRejection } from './banlist-change.ts';
import { REJECTION_REASON_MAX } from './limits.ts';

const forbidden: DeckProblem = { code: 'FORBIDDEN', message: 'Pot of Greed (55144522) is Forbidden on 2026.07 OCG', cardIds: [55144522] };
const limit: DeckProblem = { code: 'LIMIT_EXCEEDED', message: 'Maxx "C" (23434538) is Limited on 2026.07 OCG: the deck has 3 copies; at most 1 is allowed', cardIds: [23434538] };
const size: DeckProblem = { code: 'MAIN_DECK_SIZE', message: 'Main Deck has 39 cards; at least 40 are required' };

describe('a deck under the event’s new banlist', () => {
  test('the list’s problems reject it, naming the list and every card', () => {
    expect(banlistRejection('2026.07 OCG', [forbidden, limit])).toBe(
      `The host changed the banlist to 2026.07 OCG, which this deck breaks: ${forbidden.message}; ${limit.message}. Submit a legal deck.`,
    );
  });
  test('a deck the list allows stays as it is: other problems are not the list’s', () => {
    expect(banlistRejection('2026.07 OCG', [])).toBeNull();
    expect(banlistRejection('2026.07 OCG', [size])).toBeNull();
  });
  test('a reason never passes the stored length', () => {
    const many = Array.from({ length: 40 }, () => forbidden);
    const reason = banlistRejection('2026.07 OCG', many)!;
    expect(reason.length).toBeLessThanOrEqual(REJECTION_REASON_MAX);
    expect(reason).toMatch(/…\. Submit a legal deck\.$/);
  });
  test('the audit line says from which list to which, and how many decks were rejected', () => {
    expect(banlistChangeSummary('2026.05 Worlds', '2026.07 OCG', 2)).toBe('from 2026.05 Worlds to 2026.07 OCG; 2 decks rejected');
    expect(banlistChangeSummary(null, '2026.07 OCG', 1)).toBe('from no banlist to 2026.07 OCG; 1 deck rejected');
    expect(banlistChangeSummary('2026.07 OCG', null, 0)).toBe('from 2026.07 OCG to no banlist; no deck rejected');
  });
});
