import type { CardStatus } from '../../domain/banlists/statuses.ts';
import { stateLabel } from '../../domain/banlists/compare.ts';
import { POINTS_TONE, STATUS_TONE } from './status-style.ts';
import { Badge } from './ui/badge.tsx';

/** A card's effective status on a list: NONE is 'Not on the whitelist'; points on a points list. */
export function StatusBadge({ status, points }: { status: CardStatus; points: number | null }) {
  const tone = points !== null ? POINTS_TONE : status === 'NONE' ? 'neutral' : STATUS_TONE[status];
  return <Badge tone={tone}>{stateLabel({ status, points })}</Badge>;
}
