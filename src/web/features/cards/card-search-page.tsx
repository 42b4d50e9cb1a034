/** /cards: find any card (issue 32 §1). */
export function CardSearchPage() {
  return <h1 className="text-2xl font-semibold">Cards</h1>;
}
