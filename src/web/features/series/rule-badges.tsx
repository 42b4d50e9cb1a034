import { FILTER_LABELS, RULE_LABELS, type FilterCode, type RuleCode } from '../../../domain/series/rules.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';

/** A series' or tournament's rules (primary) and card type filters (forbidden) as badges. */
export function RuleBadges({ ruleOptions, cardTypeFilters, className }: { ruleOptions: readonly RuleCode[]; cardTypeFilters: readonly FilterCode[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap', className)} aria-label="Rules and filters">
      {ruleOptions.map((r) => (
        <li key={r}>
          <Badge tone="primary" title={r}>
            {RULE_LABELS[r]}
          </Badge>
        </li>
      ))}
      {cardTypeFilters.map((f) => (
        <li key={f}>
          <Badge tone="forbidden" title={f}>
            {FILTER_LABELS[f]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
