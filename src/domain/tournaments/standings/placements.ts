// Places in the final standings as people say them: '1st', '2nd', '3rd–4th', '9th' (decision 014).
// Teams that went out of a bracket in the same round share the places they cover together; every
// other team has a place of its own.

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The places first..last: '5th', or '5th–8th' (an en dash) when several teams share them. */
export function placeLabel(first: number, last: number): string {
  return first === last ? ordinal(first) : `${ordinal(first)}–${ordinal(last)}`;
}

/**
 * The placement of each team in final order: neighbours with the same group (a bracket round they
 * went out in) share the places they cover; a null group stands alone.
 */
export function placementsOf(groups: readonly (number | null)[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < groups.length; ) {
    let j = i + 1;
    if (groups[i] !== null) while (j < groups.length && groups[j] === groups[i]) j++;
    out.push(...Array<string>(j - i).fill(placeLabel(i + 1, j)));
    i = j;
  }
  return out;
}
