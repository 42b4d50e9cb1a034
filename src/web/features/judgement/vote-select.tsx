import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { VOTE_LABEL, VOTE_VALUES, type Vote } from '../../../domain/judgement/votes.ts';
import { cn } from '../../lib/cn.ts';
import { VOTE_TONE } from './vote-style.ts';

const DOT: Record<string, string> = {
  forbidden: 'bg-forbidden',
  limited: 'bg-limited',
  'semi-limited': 'bg-semi-limited',
  unlimited: 'bg-unlimited',
  primary: 'bg-primary',
  neutral: 'bg-muted-foreground/50',
};

function VoteDot({ vote }: { vote: Vote }) {
  return <span aria-hidden="true" className={cn('inline-block size-2 shrink-0 rounded-full', DOT[VOTE_TONE[vote]])} />;
}

export interface VoteSelectProps {
  value: Vote;
  onChange: (vote: Vote) => void;
  /** the accessible name, e.g. "Your vote on Raigeki" */
  label: string;
  id?: string;
  className?: string;
  disabled?: boolean;
}

/** One of the seven vote values (spec 1 §3), as a Radix select with the status colours. */
export function VoteSelect({ value, onChange, label, id, className, disabled }: VoteSelectProps) {
  return (
    <Select.Root value={value} onValueChange={(v) => onChange(v as Vote)} disabled={disabled}>
      <Select.Trigger
        id={id}
        aria-label={label}
        className={cn(
          'inline-flex h-8 w-full min-w-36 items-center whitespace-nowrap justify-between gap-2 rounded-md border bg-card px-2 text-sm shadow-sm',
          'hover:bg-muted disabled:opacity-50 data-[placeholder]:text-muted-foreground',
          className,
        )}
      >
        <span className="flex min-w-0 items-center gap-2">
          <VoteDot vote={value} />
          <Select.Value />
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content position="popper" sideOffset={4} className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border bg-card text-foreground shadow-lg">
          <Select.Viewport className="p-1">
            {VOTE_VALUES.map((v) => (
              <Select.Item
                key={v}
                value={v}
                className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-muted"
              >
                <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check aria-hidden="true" className="size-3.5" />
                </Select.ItemIndicator>
                <VoteDot vote={v} />
                <Select.ItemText>{VOTE_LABEL[v]}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
