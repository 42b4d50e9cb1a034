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
