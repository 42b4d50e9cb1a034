// EDOPro's archetypes (setnames) as the card search reads them (../shared/data/PROVENANCE.md, strings/).

/**
 * Whether a card with these setcodes belongs to archetype `code`, as EDOPro's IsSetCard: the low 12 bits
 * name the archetype, the high 4 a sub-archetype, so "Elemental HERO" (0x3008) is a "HERO" (0x8) but a plain
 * HERO is no Elemental HERO.
 */
export function inArchetype(setcodes: readonly number[], code: number): boolean {
  for (const c of setcodes) if ((c & 0xfff) === (code & 0xfff) && (c & code) === code) return true;
  return false;
}

const HEX = /^0x[0-9a-f]{1,4}$/i;

/**
 * The archetype codes a query word means: a hex code as EDOPro writes it ("0x8"), else every code whose name
 * is the word, case and spacing aside ("elemental hero"). Undefined when none: the caller says so.
 */
export function archetypeCodes(word: string, setnames: ReadonlyMap<number, string>): number[] | undefined {
  const w = word.trim();
  if (HEX.test(w)) {
    const code = Number.parseInt(w.slice(2), 16);
    return code > 0 ? [code] : undefined;
  }
  const key = archetypeKey(w);
  if (key === '') return undefined;
  const codes = [...setnames].filter(([, name]) => archetypeKey(name) === key).map(([code]) => code);
  return codes.length ? codes : undefined;
}

const archetypeKey = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
