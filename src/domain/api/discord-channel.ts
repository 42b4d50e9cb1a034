// The state of an event's Discord channel as its host and the admins read it (issue 30 §7): when a
// message last went out, the last failure, and what waits. The attention panel shows it.
import { z } from 'zod';

export const discordChannelSchema = z.object({
  /** the event has a webhook: without one nothing is queued and the rest is empty */
  configured: z.boolean(),
  /** when a message of this event last reached Discord */
  lastDeliveredAt: z.string().datetime({ offset: true }).nullable(),
  /** the last failure (an attempt that failed, or a message given up), from the audit log */
  lastError: z.object({
    at: z.string().datetime({ offset: true }),
    kind: z.string(),
    message: z.string(),
    /** true: given up; false: to be tried again */
    final: z.boolean(),
  }).nullable(),
  /** messages queued and not yet sent (each on its own retry schedule) */
  waiting: z.number().int().nonnegative(),
  /** messages of a restored backup, held until an operator decides (decision 026) */
  held: z.number().int().nonnegative(),
  /** players the bot could not reach by direct message (Discord refused for good: 50007), by name (issue 31); absent when none */
  unreachable: z.array(z.object({ discordId: z.string(), name: z.string() })).optional(),
}).describe('The event’s Discord channel: last delivery, last error, messages waiting');

export type DiscordChannel = z.infer<typeof discordChannelSchema>;
