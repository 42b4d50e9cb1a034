// The bot's own rows: a user's Discord settings (discord_users).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { discordUsers } from '../../db/schema.ts';

export async function setDmOff(db: Tx, discordId: string, dmOff: boolean): Promise<void> {
  await db.insert(discordUsers).values({ discordId, dmOff })
    .onConflictDoUpdate({ target: discordUsers.discordId, set: { dmOff, updatedAt: sql`now()` } });
}

/** Whether the user turned the bot's direct messages off; no row yet means on. */
export async function isDmOff(db: Tx, discordId: string): Promise<boolean> {
  const [row] = await db.select({ dmOff: discordUsers.dmOff }).from(discordUsers).where(eq(discordUsers.discordId, discordId));
  return row?.dmOff ?? false;
}
