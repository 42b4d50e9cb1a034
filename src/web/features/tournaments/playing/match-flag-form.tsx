import { useId, useState, type FormEvent } from 'react';
import { Flag, LoaderCircle } from 'lucide-react';
import type { Match, Tournament } from '../../../../domain/api/tournaments.ts';
import { FLAG_MESSAGE_MAX } from '../../../../domain/tournaments/limits.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RequiredTextarea } from '../../../components/ui/required-textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureSentence } from '../tournament-view.ts';
import { useFlagMatch } from './play-api.ts';

const FLAG_FAILED = 'Failed to flag the match. Please try again.';
/** Phones: every control a 44 px tap target. */
const tap = 'mobile:h-11';

/** Spec 2 §2, §5: a message (required, trimmed) and 'Flag for Review'. */
export function FlagForm({ tournament: t, match: m }: { tournament: Tournament; match: Match }) {
  const id = useId();
  const flag = useFlagMatch(t.uid);
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const [done, setDone] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    const text = message.trim();
    if (!text) {
      setBlank(true);
      document.getElementById(id)?.focus();
      return;
    }
    flag.mutate({ matchId: m.id, message: text }, { onSuccess: () => { setMessage(''); setDone(true); } });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="flag-form">
      <RequiredTextarea
        id={id}
        label="Flag message"
        missing={blank}
        requiredMessage="A message is required to flag a match."
        rows={2}
        value={message}
        maxLength={FLAG_MESSAGE_MAX}
        placeholder="What should an admin look at?"
        onChange={(e) => {
          setMessage(e.target.value);
          setBlank(false);
        }}
        className="shadow-sm"
      />
      {flag.isError && <Alert>{failureSentence(flag.error, FLAG_FAILED)}</Alert>}
      {done && (
        <p role="status" className="text-sm font-medium text-unlimited-ink">
          The match is flagged for review.
        </p>
      )}
      <Button type="submit" variant="secondary" className={cn(tap, 'text-danger mobile:w-full')} disabled={flag.isPending}>
        {flag.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Flag aria-hidden="true" />}
        Flag for Review
      </Button>
    </form>
  );
}
