/** Best name to show for a user (spec fallbacks: Unknown User, Player, Captain). */
export function nameOf(
  user: { preferredName?: string | null; displayName?: string | null; username?: string | null } | null | undefined,
  fallback = 'Unknown User',
): string {
  return user?.preferredName || user?.displayName || user?.username || fallback;
}
