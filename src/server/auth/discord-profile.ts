import { z } from 'zod';
import { storable } from '../http/request-guards.ts';

/** The fields of Discord's GET /users/@me that we keep. */
export interface DiscordProfile {
  id: string;
  username: string;
  discriminator?: string | null;
  global_name?: string | null;
  avatar?: string | null;
  email?: string | null;
}

/** Avatar URL per platform.md: the user's own, else Discord's default for their id. */
export function avatarUrlOf(p: Pick<DiscordProfile, 'id' | 'avatar' | 'discriminator'>): string {
  if (p.avatar) {
    const ext = p.avatar.startsWith('a_') ? 'gif' : 'png';
    return `https://cdn.discordapp.com/avatars/${p.id}/${p.avatar}.${ext}`;
  }
  const legacy = p.discriminator && p.discriminator !== '0';
  const index = legacy ? Number(p.discriminator) % 5 : Number((BigInt(p.id) >> 22n) % 6n);
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

/** Text from Discord kept as PostgreSQL can store it: no NUL, no unpaired surrogate. */
const storableText = (max: number) =>
  z.string().transform((s) => storable(s).slice(0, max));

/** Discord's users/@me answer, checked before anything of it is stored. */
export const discordProfileSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  username: storableText(64).pipe(z.string().min(1)),
  discriminator: z.string().regex(/^\d{1,4}$/).nullish(),
  global_name: storableText(64).nullish(),
  avatar: z.string().regex(/^[A-Za-z0-9_]{1,64}$/).nullish(),
  email: storableText(320).nullish(),
});
