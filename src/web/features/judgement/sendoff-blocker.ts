import { sendoffReadiness } from '../../../domain/judgement/sendoff.ts';
import type { Vote } from '../../../domain/judgement/votes.ts';

/** Why Send Votes cannot lead to a banlist now, in the server's words (its 409s); null when it can. */
export function sendoffBlocker(
  entries: readonly { votes: Readonly<Record<string, Vote>> }[],
  adminIds: readonly string[],
): string | null {
  const readiness = sendoffReadiness(entries, adminIds);
  return readiness.ready ? null : readiness.message;
}
