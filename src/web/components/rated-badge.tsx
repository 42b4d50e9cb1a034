import { Badge } from './ui/badge.tsx';

/** 'Rated' or 'Unrated' (issue 29): whether an event counts toward its series' ratings, which only an admin decides. */
export function RatedBadge({ rated }: { rated: boolean }) {
  return (
    <Badge tone={rated ? 'primary' : 'neutral'} data-testid="rated-badge" title={rated ? 'Counts toward its series’ ratings' : 'Does not count toward ratings'}>
      {rated ? 'Rated' : 'Unrated'}
    </Badge>
  );
}
