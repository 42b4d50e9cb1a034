import type { Vote } from '../../../domain/judgement/votes.ts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

/** Status votes wear the banlist's status colours (spec 1 §9); the others stay neutral. */
export const VOTE_TONE: Record<Vote, BadgeTone> = {
  '0': 'forbidden',
  '1': 'limited',
  '2': 'semi-limited',
  '3': 'unlimited',
  poll: 'primary',
  discussion: 'neutral',
  'no opinion': 'neutral',
};
