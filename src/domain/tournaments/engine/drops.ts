// When a player may drop their own team during an event (issue 19): once their match of the round
// is complete, or between rounds. A drop while the match waits for its result would hand the
// opponent a walkover the two teams may not have played for. The host and admins drop anyone (as
// before). Shared by the server (which refuses) and the page (which waits and says why).

/** What the engine knows of a team's match. */
export interface DropMatch {
  roundNumber: number;
  bye: boolean;
  missed: boolean;
  complete: boolean;
  /** both teams are known */
  paired: boolean;
}

export const dropWaitSentence = (round: number) =>
  `You can drop once your match of round ${round} is complete: report its score first, or ask the host.`;

/** Why the team cannot drop itself now (null: it may): its match of the current round is still open. */
export function ownDropWait(t: { inProgress: boolean; completed: boolean; currentRound: number }, teamMatches: readonly DropMatch[]): string | null {
  if (!t.inProgress || t.completed) return null;
  const open = teamMatches.some((m) => m.roundNumber === t.currentRound && m.paired && !m.bye && !m.missed && !m.complete);
  return open ? dropWaitSentence(t.currentRound) : null;
}
