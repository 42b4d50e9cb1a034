// The site's own levels (rules.md): 0 a player, 1 a curator (series, overrides, hosting), 2 an admin.
import type { AuthLevel } from '../api/people.ts';

export const LEVEL_NAMES: Record<AuthLevel, string> = { 0: 'player', 1: 'curator', 2: 'admin' };

/** 'player', 'curator' or 'admin'. */
export const levelName = (auth: number): string => LEVEL_NAMES[(auth >= 2 ? 2 : auth >= 1 ? 1 : 0) as AuthLevel];

/** 'a curator', 'an admin'. */
export const aLevel = (auth: number): string => {
  const name = levelName(auth);
  return `${name === 'admin' ? 'an' : 'a'} ${name}`;
};

/** Hosting a tournament needs a curator's level (spec 2 §6). */
export const canHost = (auth: number | undefined): boolean => (auth ?? 0) >= 1;

/**
 * Why this change of level is refused, or null. The last admin cannot stop being one (the site
 * would have nobody to name the next); a suspended user is not made a curator or an admin.
 */
export function levelRefusal(o: { name: string; from: number; to: number; admins: number; suspended: boolean }): string | null {
  if (o.from === 2 && o.to < 2 && o.admins <= 1) return `${o.name} is the last admin: make someone else an admin first`;
  if (o.to > o.from && o.suspended) return `${o.name} is suspended: lift the suspension first`;
  return null;
}
