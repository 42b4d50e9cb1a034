// The admins' changes of a person (issue 39): a new level, a suspension, its lift; and the decline of
// a request to host. Each asks why (the reason goes in the admin log, and to the person by DM); the
// server's refusal (the last admin, an admin suspended) shows in the dialog.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { REASON_MAX, type Person } from '../../../domain/api/people.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { RequiredTextarea } from '../../components/ui/required-textarea.tsx';
import { errorText } from '../../lib/api.ts';
import { useLift, useSetLevel, useSuspend } from './people-api.ts';
import { inAWeek, LEVEL_CHOICES, levelLabel } from './people-view.ts';

/** A required reason: blank is refused on submit, with the field focused and marked. */
function useReason() {
  const id = useId();
  const [reason, setReason] = useState('');
  const [blank, setBlank] = useState(false);
  const field = (label: string) => (
    <RequiredTextarea
      id={id} label={label} missing={blank} requiredMessage="Say why: it goes in the admin log." rows={3} maxLength={REASON_MAX}
      value={reason} onChange={(e) => { setReason(e.target.value); setBlank(false); }}
    />
  );
  const checked = (): string | null => {
    if (reason.trim()) return reason.trim();
    setBlank(true);
    document.getElementById(id)?.focus();
    return null;
  };
  return { field, checked };
}

interface FormDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog whose body is a form: Enter in a field submits, the footer's button too. */
function FormDialog({ title, description, submitLabel, pending, error, onSubmit, onClose, children }: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        title={title}
        description={description}
        footer={(
          <>
            <DialogClose asChild><Button variant="secondary" disabled={pending}>Cancel</Button></DialogClose>
            <Button type="submit" form={formId} disabled={pending}>{pending ? 'Saving…' : submitLabel}</Button>
          </>
        )}
      >
        <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
          {children}
          {!!error && <Alert>{errorText(error, 'The change could not be saved')}</Alert>}
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function LevelDialog({ person, onClose, onDone }: { person: Person; onClose: () => void; onDone: (notice: string) => void }) {
  const [auth, setAuth] = useState(person.auth);
  const { field, checked } = useReason();
  const save = useSetLevel();
  const name = person.displayName;
  return (
    <FormDialog
      title={`Level of ${name}`} description={`Now ${levelLabel(person.auth).toLowerCase()}. The change applies at once, and ${name} is told by direct message.`}
      submitLabel="Save level" pending={save.isPending} error={save.error} onClose={onClose}
      onSubmit={() => {
        const reason = checked();
        if (reason) save.mutate({ discordId: person.discordId, auth: auth as 0 | 1 | 2, reason }, { onSuccess: (p) => { onDone(`${name} is ${levelLabel(p.auth).toLowerCase()} now.`); onClose(); } });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Level</legend>
        {LEVEL_CHOICES.map((c) => (
          <label key={c.auth} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input type="radio" name="level" className="mt-1 size-4 accent-[var(--primary)]" checked={auth === c.auth} onChange={() => setAuth(c.auth)} />
            <span className="text-sm">
              <span className="block font-medium">{c.label}</span>
              <span className="text-muted-foreground">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="space-y-1.5">{field('Reason')}</div>
    </FormDialog>
  );
}

export function SuspendDialog({ person, onClose, onDone }: { person: Person; onClose: () => void; onDone: (notice: string) => void }) {
  const untilId = useId();
  const [ends, setEnds] = useState<'lifted' | 'date'>('date');
  const [until, setUntil] = useState(() => inAWeek(Date.now()));
  const { field, checked } = useReason();
  const suspend = useSuspend();
  const name = person.displayName;
  return (
    <FormDialog
      title={`Suspend ${name}`}
      description="Their sessions end at once: they cannot sign in, sign up, submit decks, report, flag, propose or vote. What they did before stays; their teams in running events are left to the hosts."
      submitLabel="Suspend" pending={suspend.isPending} error={suspend.error} onClose={onClose}
      onSubmit={() => {
        const reason = checked();
        if (!reason) return;
        const end = ends === 'date' && until ? new Date(until) : null;
        suspend.mutate(
          { discordId: person.discordId, reason, ...(end && !Number.isNaN(end.getTime()) && { until: end.toISOString() }) },
          { onSuccess: () => { onDone(`${name} is suspended.`); onClose(); } },
        );
      }}
    >
      <div className="space-y-1.5">{field('Reason (they are told it)')}</div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Ends</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="ends" className="size-4" checked={ends === 'date'} onChange={() => setEnds('date')} />
          On a date
        </label>
        <div className="pl-6">
          <label htmlFor={untilId} className="sr-only">Suspended until</label>
          <input
            id={untilId} type="datetime-local" value={until} disabled={ends !== 'date'} onChange={(e) => setUntil(e.target.value)}
            className="h-10 w-full max-w-64 rounded-md border bg-background px-3 text-sm disabled:opacity-50"
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="ends" className="size-4" checked={ends === 'lifted'} onChange={() => setEnds('lifted')} />
          When an admin lifts it
        </label>
      </fieldset>
    </FormDialog>
  );
}

export function LiftDialog({ person, onClose, onDone }: { person: Person; onClose: () => void; onDone: (notice: string) => void }) {
  const lift = useLift();
  return (
    <FormDialog
      title={`Lift the suspension of ${person.displayName}?`}
      description="They can sign in and play again at once, and are told by direct message."
      submitLabel="Lift suspension" pending={lift.isPending} error={lift.error} onClose={onClose}
      onSubmit={() => lift.mutate(person.discordId, { onSuccess: () => { onDone(`${person.displayName}’s suspension is lifted.`); onClose(); } })}
    >
      <p className="text-sm"><span className="font-medium">Suspended for:</span> {person.suspension?.reason}</p>
    </FormDialog>
  );
}

export function DeclineDialog({ name, pending, error, onDecline, onClose }: { name: string; pending: boolean; error: unknown; onDecline: (reason: string) => void; onClose: () => void }) {
  const { field, checked } = useReason();
  return (
    <FormDialog
      title={`Decline ${name}’s request to host`} description={`${name} is told the reason by direct message and on the site, and may ask again.`}
      submitLabel="Decline" pending={pending} error={error} onClose={onClose}
      onSubmit={() => {
        const reason = checked();
        if (reason) onDecline(reason);
      }}
    >
      <div className="space-y-1.5">{field('Reason')}</div>
    </FormDialog>
  );
}
