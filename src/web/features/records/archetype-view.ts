// Words of the archetype signatures page: what a signature asks of a deck, and why the rule named one.
import type { ArchetypePreview, Signature } from '../../../domain/api/records.ts';

/** What a deck must hold to match, in words. */
export function signatureRule(s: Pick<Signature, 'cards' | 'min'>): string {
  const n = s.cards.length;
  if (n === 1) return 'A deck must hold this card';
  if (s.min === null || s.min >= n) return `A deck must hold all ${n} cards`;
  return `A deck must hold at least ${s.min} of these ${n} cards`;
}

const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** Why the rule gave this name, in one sentence. */
export function previewReason(p: ArchetypePreview, signatures: readonly Signature[] | undefined): string {
  if (p.source === 'setcode') return `An EDOPro archetype dominates it: ${p.copies} of its ${p.cards} Main and Extra Deck cards are ${p.name} cards.`;
  if (p.source === 'signature') {
    const place = signatures?.findIndex((s) => s.id === p.signatureId) ?? -1;
    return `No archetype dominates it; it holds ${copies(p.copies)} of the cards of the signature ${place >= 0 ? `#${place + 1} ` : ''}“${p.name}”.`;
  }
  return 'No archetype dominates it and it matches no signature.';
}
