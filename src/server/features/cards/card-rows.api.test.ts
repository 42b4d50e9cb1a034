// The cards in memory (card-rows.ts) over real HTTP on PGlite and PostgreSQL: the card search and the deck
// checker hold every card for ten minutes, but an import in the server's own process is seen at once by both.
import { beforeAll, describe, expect, test } from 'vitest';
import type { CardSearchPage } from '../../../domain/api/card-search.ts';
import type { Deck } from '../../../domain/api/decks.ts';
import { apiTest } from '../../test/api-test.ts';
import { ok } from '../tournaments/tournament-test-kit.ts';
import { cardRowFromJson } from './card-import.ts';
import * as CardsRepository from './cards-repository.ts';

const HOST = '962000000000000001';
const PLAYER = '962000000000000002';
const POT = 55144522;
const CHARITY = 79571449;
const ydk = (...main: number[]) => `#main\n${main.join('\n')}\n#extra\n!side\n`;

const { server, host, player } = apiTest({ host: [HOST, 1, 'Hosta'], player: [PLAYER, 0, 'Player'] });
beforeAll(async () => {
  await CardsRepository.upsertCards(server.database.db, [cardRowFromJson({ id: POT, name: 'Pot of Greed', type: 0x2 })]);
}, 60_000);

const search = async (q: string) => ok<CardSearchPage>(await fetch(`${server.url}/api/cards?q=${q}`));

describe('a card import in the server process', () => {
  test('the card search and the deck checker see the new card at once, not ten minutes later', async () => {
    const { uid } = await ok<{ uid: string }>(await host.post('/api/tournaments/host', {
      name: 'Fresh cards', format: 'DEFAULT', manualDeckChecking: false, dontCheckDeckSize: true,
    }));
    await ok(await player.post(`/api/tournaments/${uid}/signup`, { name: 'Team Player' }));
    const submit = () => player.request('POST', `/api/tournaments/${uid}/decks`, { body: ydk(POT, CHARITY) });

    // both have read the cards: Graceful Charity is unknown to them
    expect((await search('graceful')).total).toBe(0);
    expect((await search('pot')).cards.map((c) => c.passcode)).toEqual([POT]);
    const refused = await submit();
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(`Card ${CHARITY} is not in the card database`);

    await CardsRepository.upsertCards(server.database.db, [cardRowFromJson({ id: CHARITY, name: 'Graceful Charity', type: 0x2 })]);

    expect((await search('graceful')).cards.map((c) => [c.passcode, c.name])).toEqual([[CHARITY, 'Graceful Charity']]);
    const deck = await ok<Deck>(await submit());
    expect(deck.mainDeck).toEqual([{ cardId: POT, cardName: 'Pot of Greed' }, { cardId: CHARITY, cardName: 'Graceful Charity' }]);
  });
});
