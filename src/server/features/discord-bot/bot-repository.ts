// The bot's own rows: a user's Discord settings (discord_users) and the interactions it acted on
// (discord_interactions: a replay is answered, not acted on again).
import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { discordInteractions, discordUsers } from '../../db/schema.ts';

export async function setDmOff(db: Tx, discordId: string, dmOff: boolean): Promise<void> {
  await db.insert(discordUsers).values({ discordId, dmOff })
    .onConflictDoUpdate({ target: discordUsers.discordId, set: { dmOff, updatedAt: sql`now()` } });
}

/** Whether the user turned the bot's direct messages off; no row yet means on. */
export async function isDmOff(db: Tx, discordId: string): Promise<boolean> {
  const [row] = await db.select({ dmOff: discordUsers.dmOff }).from(discordUsers).where(eq(discordUsers.discordId, discordId));
  return row?.dmOff ?? false;
}

/**
 * The interaction is this delivery's to act on (true), or was already taken by an earlier one: then
 * its answer, once it has one (null while the first delivery is still being answered).
 */
export async function claimInteraction(db: Tx, id: string, expiresAt: Date): Promise<true | { response: unknown }> {
  const taken = await db.insert(discordInteractions).values({ id, expiresAt }).onConflictDoNothing().returning({ id: discordInteractions.id });
  if (taken.length === 1) return true;
  const [row] = await db.select({ response: discordInteractions.response }).from(discordInteractions).where(eq(discordInteractions.id, id));
  return { response: row?.response ?? null };
}

/** The answer given to an interaction, for its replays. */
export async function keepAnswer(db: Tx, id: string, response: unknown): Promise<void> {
  await db.update(discordInteractions).set({ response }).where(eq(discordInteractions.id, id));
}

/** Interactions whose signature can no longer pass the time check: a replay of them is refused anyway. */
export async function forgetExpiredInteractions(db: Tx, now: Date): Promise<void> {
  await db.delete(discordInteractions).where(lt(discordInteractions.expiresAt, now));
}
