// Issue 20 (a helper fills this in).
export function LeaderboardPage() {
  return <h1 className="text-2xl font-bold">Players</h1>;
}
