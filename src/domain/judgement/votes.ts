import type { CardStatus, SectionStatus } from '../banlists/statuses.ts';

/** The seven vote values of spec 1 §3, in the order the vote selects list them. */
export const VOTE_VALUES = ['0', '1', '2', '3', 'poll', 'discussion', 'no opinion'] as const;
export type Vote = (typeof VOTE_VALUES)[number];

export const NO_OPINION: Vote = 'no opinion';

export const VOTE_LABEL: Record<Vote, string> = {
  '0': 'Forbidden',
  '1': 'Limited',
  '2': 'Semi-Limited',
  '3': 'Unlimited',
  poll: 'Poll',
  discussion: 'Discussion',
  'no opinion': 'No Opinion',
};

export function isVote(value: unknown): value is Vote {
  return typeof value === 'string' && (VOTE_VALUES as readonly string[]).includes(value);
}

/** A real vote is any value but 'no opinion' (poll and discussion count as voted). */
export function isRealVote(vote: Vote): boolean {
  return vote !== NO_OPINION;
}

/** The banlist status a decided vote ('0'..'3') stands for; null for poll, discussion, no opinion. */
export function statusOfVote(vote: Vote): SectionStatus | null {
  switch (vote) {
    case '0':
      return 'FORBIDDEN';
    case '1':
      return 'LIMITED';
    case '2':
      return 'SEMI_LIMITED';
    case '3':
      return 'UNLIMITED';
    default:
      return null;
  }
}

/** Each admin's vote on a row; an admin without a stored vote has 'no opinion'. */
export function votesOfAdmins(votes: Readonly<Record<string, Vote>>, adminIds: readonly string[]): Vote[] {
  return adminIds.map((id) => votes[id] ?? NO_OPINION);
}

/**
 * Combined opinion of a row (spec 1 §4): any discussion wins; nobody holding an opinion gives
 * 'no opinion'; one opinion held by all who hold one gives that value; anything else is a poll.
 */
export function combinedOpinion(votes: readonly Vote[]): Vote {
  if (votes.includes('discussion')) return 'discussion';
  const held = new Set(votes.filter(isRealVote));
  if (held.size === 0) return NO_OPINION;
  if (held.size === 1) return [...held][0]!;
  return 'poll';
}

/** Unresolved: some admin has not voted a real value on this row yet. */
export function isUnresolved(votes: Readonly<Record<string, Vote>>, adminIds: readonly string[]): boolean {
  return votesOfAdmins(votes, adminIds).some((v) => !isRealVote(v));
}

/** Contested: admins hold different opinions, so the combined opinion is a poll. */
export function isContested(opinion: Vote): boolean {
  return opinion === 'poll';
}

/** Sort rank of a vote or opinion (spec 1 §2): 0, 1, 2, 3, discussion, poll, no opinion. */
export const VOTE_SORT_RANK: Record<Vote, number> = {
  '0': 0,
  '1': 1,
  '2': 2,
  '3': 3,
  discussion: 4,
  poll: 5,
  'no opinion': 6,
};

/** Sort rank of a card's current status, on the same scale; a card on no list sorts after Unlimited. */
export const STATUS_SORT_RANK: Record<CardStatus, number> = {
  FORBIDDEN: 0,
  LIMITED: 1,
  SEMI_LIMITED: 2,
  UNLIMITED: 3,
  NONE: 3.5,
};
