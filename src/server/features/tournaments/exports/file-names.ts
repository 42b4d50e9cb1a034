// File and folder names built from what users typed (team, player and event names).

/** A path segment any unzip accepts: no separators, no dot names, no control characters. */
export function safeName(s: string): string {
  const clean = [...s].map((c) => (c < ' ' || '/\\:*?"<>|'.includes(c) ? '_' : c)).join('').trim().replace(/^\.+/, '_').slice(0, 80);
  return clean || '_';
}
