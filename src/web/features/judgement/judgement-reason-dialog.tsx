import { useId, useState } from 'react';
import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import { REASON_MAX_LENGTH } from '../../../domain/judgement/limits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { useUpdateReason } from './judgement-api.ts';

export interface JudgementReasonDialogProps {
  entry: JudgementEntry | null;
  viewerId: string;
  onClose: () => void;
}

/** A row's reason: everyone reads it, its poster edits it (spec 1 §2, §5). */
export function JudgementReasonDialog({ entry, viewerId, onClose }: JudgementReasonDialogProps) {
  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && onClose()}>
      {/* keyed by entry so the draft starts from that entry's reason */}
      {entry && <ReasonBody key={entry.id} entry={entry} viewerId={viewerId} onClose={onClose} />}
    </Dialog>
  );
}

function ReasonBody({ entry, viewerId, onClose }: { entry: JudgementEntry; viewerId: string; onClose: () => void }) {
  const id = useId();
  const isPoster = entry.poster.discordId === viewerId;
  const [draft, setDraft] = useState(entry.reason);
  const update = useUpdateReason();
  const blank = draft.trim() === '';

  const save = () => {
    // spec 1 §5: a blank reason is never sent
    if (blank) return;
    update.mutate({ entryId: entry.id, reason: draft, requesterId: viewerId }, { onSuccess: onClose });
  };

  return (
    <DialogContent
      title={`Reason: ${entry.cardName}`}
      description={`Proposed by ${entry.poster.displayName}`}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          {isPoster && (
            <Button onClick={save} disabled={blank || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </>
      }
    >
      {isPoster ? (
        <div className="space-y-2">
          <label htmlFor={id} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id={id}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={REASON_MAX_LENGTH}
            rows={8}
            className="w-full rounded-md border bg-card p-2 text-sm shadow-sm"
          />
          {update.isError && <Alert>Failed to update reason</Alert>}
        </div>
      ) : (
        <p className="text-sm whitespace-pre-wrap" data-testid="reason-text">
          {entry.reason}
        </p>
      )}
    </DialogContent>
  );
}
