import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

/** A card's name as a link to its page (issue 32 §2: every card name on the site leads there). */
export function CardLink({ passcode, name, className }: { passcode: number; name: string; className?: string }) {
  return (
    <Link to={`/cards/${passcode}`} title={name} className={cn('rounded underline-offset-2 hover:text-primary hover:underline', className)}>
      {name}
    </Link>
  );
}
