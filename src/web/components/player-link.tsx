// A player's name as a link to their profile (/players/{discordId}), wherever a name is shown.
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

export function PlayerLink({ discordId, name, className }: { discordId: string; name: string; className?: string }) {
  return (
    <Link to={`/players/${discordId}`} className={cn('hover:underline focus-visible:underline', className)}>
      {name}
    </Link>
  );
}
