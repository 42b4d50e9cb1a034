/** /banlist/compare: two lists side by side (issue 32 §3). */
export function ComparePage() {
  return <h1 className="text-2xl font-semibold">Compare lists</h1>;
}
