// The features that follow an event's writes, handed to the tournaments feature (features/tournaments/
// event-effects.ts says why it does not import them).
import type { EventEffects } from './features/tournaments/event-effects.ts';
import * as Webhooks from './features/webhooks/event-webhooks.ts';
import * as DiscordDms from './features/discord-bot/direct-messages.ts';
import * as BotMessages from './features/discord-bot/lifecycle-messages.ts';
import { writeEventRecord } from './features/records/record-writer.ts';
import { seedTeamsByRating } from './features/players/rating-seeds.ts';

export const eventEffects: EventEffects = {
  webhooks: { checkInOpen: Webhooks.checkInOpen, pairings: Webhooks.pairings, champion: Webhooks.champion },
  bot: {
    checkInOpened: BotMessages.checkInOpened,
    droppedNoShows: BotMessages.droppedNoShows,
    madeTopCut: BotMessages.madeTopCut,
    roundPaired: DiscordDms.roundPaired,
    opponentReported: DiscordDms.opponentReported,
    disputeSettled: BotMessages.disputeSettled,
    finalResult: BotMessages.finalResult,
  },
  writeRecord: (tx, t) => writeEventRecord(tx, t),
  seedTeams: seedTeamsByRating,
};
