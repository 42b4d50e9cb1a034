// The bot's own rows: a user's Discord settings (discord_users).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { discordUsers } from '../../db/schema.ts';

export async function setDmOff(db: Tx, discordId: string, dmOff: boolean): Promise<void> {
  await db.insert(discordUsers).values({ discordId, dmOff })
    .onConflictDoUpdate({ target: discordUsers.discordId, set: { dmOff, updatedAt: sql`now()` } });
}
