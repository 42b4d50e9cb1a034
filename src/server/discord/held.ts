// How the operator commands name the Discord messages a restore held (decision 026, issue 38): both
// outboxes, each counted.
import type { OutboxTable } from './outbox-repository.ts';

const WORDS: Record<OutboxTable, [string, string]> = {
  webhook_deliveries: ['webhook post', 'webhook posts'],
  discord_dms: ['direct message', 'direct messages'],
};

/** '2 webhook posts and 1 direct message'; '' when there are none. */
export function heldWords(counts: Readonly<Record<OutboxTable, number>>): string {
  const parts = (Object.keys(WORDS) as OutboxTable[]).filter((t) => counts[t] > 0).map((t) => `${counts[t]} ${WORDS[t][counts[t] === 1 ? 0 : 1]}`);
  return parts.join(' and ');
}

export const heldTotal = (counts: Readonly<Record<OutboxTable, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);
