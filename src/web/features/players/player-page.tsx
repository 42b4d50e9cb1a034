// Issue 20 (a helper fills this in).
export function PlayerPage() {
  return <h1 className="text-2xl font-bold">Player</h1>;
}
