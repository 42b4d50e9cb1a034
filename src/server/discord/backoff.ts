// When a failed Discord delivery is tried again, and when the outbox gives up on it (decision 018).

export interface RetryPolicy {
  /** the wait after the first failure; each further failure doubles it */
  baseDelayMs: number;
  /** no wait is longer than this */
  maxDelayMs: number;
  /** failures (429s excluded) after which a delivery is given up */
  maxAttempts: number;
  /** a delivery older than this is given up rather than sent late (last night's pairings help nobody) */
  maxAgeMs: number;
}

/** 5 s, 10 s, 20 s … capped at 10 min: 10 attempts span about half an hour; nothing older than 2 hours is sent. */
export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 600_000, maxAttempts: 10, maxAgeMs: 2 * 3_600_000 };

/**
 * The wait after failure number `attempt` (1 for the first): base × 2^(attempt − 1), capped, with
 * ±20% jitter (`random` in [0, 1); 0.5 gives the exact figure) so instances that failed together do
 * not all come back in the same instant.
 */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 30);
  const plain = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  const jittered = plain * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, policy.maxDelayMs));
}

/** What follows a failure: another try at `retryAt`, or giving up (and why). */
export function afterFailure(
  attempt: number, createdAt: Date, now: Date, policy: RetryPolicy, random: () => number = Math.random,
): { retryAt: Date } | { giveUp: string } {
  if (attempt >= policy.maxAttempts) return { giveUp: `gave up after ${attempt} attempts` };
  const retryAt = new Date(now.getTime() + backoffDelay(attempt, policy, random));
  if (retryAt.getTime() - createdAt.getTime() > policy.maxAgeMs) return { giveUp: `gave up: not sent within ${formatSpan(policy.maxAgeMs)}` };
  return { retryAt };
}

export function formatSpan(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} hour${ms === 3_600_000 ? '' : 's'}`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} s`;
}
