import { useEffect, useRef, useState } from 'react';
import { Send } from 'lucide-react';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/api.ts';
import { useSetSendoffDate, useToggleSendoff } from './judgement-api.ts';
import { adminLabel } from './judgement-board-table.tsx';

// The send-off's controls on the judgement board: the date the next banlist takes, and each admin's Send Votes.

/** Typing a date fires a change per segment: the date is saved once it has settled, or when the field is left. */
const DATE_SAVE_DELAY_MS = 800;

/** 'Effective from': the send-off date, editable by admins only (spec 1 §2); a refused date gives way to the saved one. */
export function EffectiveDate({ user, sendoffDate, loaded }: { user: CurrentUser; sendoffDate: string | null; loaded: boolean }) {
  const setDate = useSetSendoffDate();
  const isAdmin = user.auth === 2;
  const saved = sendoffDate ?? '';
  const [draft, setDraft] = useState(saved);
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    // a change by another admin (or our own, confirmed) replaces the field's value
    setShownSaved(saved);
    setDraft(saved);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const save = (value: string) => {
    window.clearTimeout(timer.current);
    if (value === saved || (value !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(value))) return;
    setDate.mutate(
      { date: value, adminId: user.discordId },
      // the server kept its date: show that one again, with its reason below
      { onError: () => setDraft(saved) },
    );
  };

  if (!isAdmin) {
    return (
      <p className="text-sm">
        <span className="font-medium">Effective from</span>{' '}
        <span data-testid="effective-date" className="text-muted-foreground">
          {loaded ? (sendoffDate ?? 'not set yet') : '…'}
        </span>
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor="effective-from" className="block text-sm font-medium">
        Effective from
      </label>
      <input
        id="effective-from"
        type="date"
        value={draft}
        disabled={!loaded}
        onChange={(e) => {
          const value = e.target.value;
          setDraft(value);
          window.clearTimeout(timer.current);
          // a half-typed date reads as '' (badInput): that is not a request to clear the date
          if (!e.target.validity.badInput) timer.current = window.setTimeout(() => save(value), DATE_SAVE_DELAY_MS);
        }}
        onBlur={(e) => {
          if (e.target.validity.badInput) setDraft(saved);
          else save(e.target.value);
        }}
        className="h-9 rounded-md border bg-card px-2 text-sm shadow-sm"
        aria-describedby="effective-from-hint"
      />
      <p
        id="effective-from-hint"
        role={setDate.isError ? 'alert' : undefined}
        className={cn('max-w-sm text-xs', setDate.isError ? 'text-danger' : 'text-muted-foreground')}
      >
        {setDate.isError
          ? `${errorText(setDate.error, 'Failed to save the date')} ${saved ? `It stays ${saved}.` : 'It stays unset.'}`
          : setDate.isPending
            ? 'Saving…'
            : sendoffDate
              ? 'The next banlist takes this date.'
              : 'Not set: the banlist takes the day the votes are sent.'}
      </p>
    </div>
  );
}

/** 'Send Votes' / 'Resend Votes': toggles the admin in the pressed list (spec 1 §4). */
export function SendVotes({
  user, blocker, pressed, adminIds, adminNames, onPublished,
}: {
  user: CurrentUser;
  /** why pressing now cannot publish (every admin sees it before pressing); null when it can */
  blocker: string | null;
  pressed: readonly string[];
  adminIds: readonly string[];
  adminNames: Record<string, string | undefined>;
  onPublished: (date: string, changed: number) => void;
}) {
  const toggle = useToggleSendoff();
  const mine = pressed.includes(user.discordId);
  const sent = adminIds.filter((id) => pressed.includes(id));
  // taking one's votes back (Resend Votes) is always allowed
  const blocked = !mine && blocker !== null;
  return (
    <div className="max-w-sm space-y-1 desktop:ml-auto">
      <Button
        onClick={() =>
          toggle.mutate(user.discordId, {
            onSuccess: (r) => r.published && onPublished(r.published.date, r.published.changed),
          })
        }
        disabled={toggle.isPending || blocked}
        aria-describedby={blocked ? 'sendoff-blocker' : undefined}
        variant={mine ? 'secondary' : 'primary'}
      >
        <Send aria-hidden="true" />
        {mine ? 'Resend Votes' : 'Send Votes'}
      </Button>
      <p className="text-xs text-muted-foreground" data-testid="sendoff-progress">
        Sent by {sent.length} of {adminIds.length} admins
        {sent.length > 0 && `: ${sent.map((id) => adminLabel(id, adminNames)).join(', ')}`}
      </p>
      {blocked && (
        <p id="sendoff-blocker" data-testid="sendoff-blocker" className="text-sm text-muted-foreground">
          {blocker}
        </p>
      )}
      {toggle.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(toggle.error, 'Failed to send votes')}
        </p>
      )}
    </div>
  );
}
