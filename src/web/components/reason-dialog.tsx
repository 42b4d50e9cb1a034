import { useId, useState, type ReactNode } from 'react';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from './ui/dialog.tsx';

/** What the dialog shows of one entry; `key` restarts the draft when the entry changes. */
export interface ReasonTarget {
  key: string | number;
  cardName: string;
  posterName?: string;
  reason: string;
  /** only the poster edits (spec 1 §5) */
  canEdit: boolean;
}

export interface ReasonSaver {
  save(reason: string, done: () => void): void;
  isPending: boolean;
  isError: boolean;
}

/** Spec 1 §2/§5: everyone reads a reason; its poster edits it, never to blank. */
export function ReasonDialog({ target, onClose, useSaver, maxLength }: {
  target: ReasonTarget | null;
  onClose: () => void;
  /** a hook giving the feature's mutation; called once per target, so errors don't carry over */
  useSaver: () => ReasonSaver;
  maxLength?: number;
}) {
  return (
    <Dialog open={!!target} onOpenChange={(open) => !open && onClose()}>
      {target && <ReasonBody key={target.key} target={target} onClose={onClose} useSaver={useSaver} maxLength={maxLength} />}
    </Dialog>
  );
}

function ReasonBody({ target, onClose, useSaver, maxLength }: {
  target: ReasonTarget;
  onClose: () => void;
  useSaver: () => ReasonSaver;
  maxLength?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState(target.reason);
  const saver = useSaver();
  const blank = draft.trim() === '';
  const save = () => {
    if (!blank) saver.save(draft, onClose); // a blank reason is never sent
  };
  let body: ReactNode;
  if (target.canEdit) {
    body = (
      <div className="space-y-2">
        <label htmlFor={id} className="text-sm font-medium">
          Reason
        </label>
        <textarea
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={maxLength}
          rows={7}
          className="block w-full resize-y rounded-md border bg-background px-3 py-2 text-sm"
        />
        {blank && <p className="text-xs text-muted-foreground">A reason cannot be blank.</p>}
        {/* Spec 1 §8; the draft stays in the box so nothing typed is lost. */}
        {saver.isError && <Alert>Failed to update reason</Alert>}
      </div>
    );
  } else {
    body = (
      <p className="text-sm leading-relaxed whitespace-pre-line" data-testid="reason-text">
        {target.reason.trim() || <span className="text-muted-foreground">No reason given.</span>}
      </p>
    );
  }
  return (
    <DialogContent
      title={`Reason: ${target.cardName}`}
      description={target.posterName ? `Proposed by ${target.posterName}` : undefined}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          {target.canEdit && (
            <Button onClick={save} disabled={blank || saver.isPending}>
              {saver.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </>
      }
    >
      {body}
    </DialogContent>
  );
}
