import { useState } from 'react';
import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { useUpdateReason } from './banlists-api.ts';

export interface ReasonDialogProps {
  date: string;
  entry: BanlistEntry | null;
  viewerId: string | undefined;
  onClose: () => void;
}

/** Spec 1 §2/§5: the reason of an entry; only its poster may edit it, and never to blank. */
export function ReasonDialog({ date, entry, viewerId, onClose }: ReasonDialogProps) {
  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && onClose()}>
      {/* keyed by entry so the draft starts from that entry's reason */}
      {entry && <ReasonDialogBody key={entry.id} date={date} entry={entry} viewerId={viewerId} onClose={onClose} />}
    </Dialog>
  );
}

function ReasonDialogBody({ date, entry, viewerId, onClose }: ReasonDialogProps & { entry: BanlistEntry }) {
  const isPoster = !!viewerId && entry.poster?.discordId === viewerId;
  const [draft, setDraft] = useState(entry.reason ?? '');
  const update = useUpdateReason(date);
  const blank = draft.trim() === '';

  const save = () => {
    if (blank) return;
    update.mutate({ entryId: entry.id, reason: draft }, { onSuccess: onClose });
  };

  return (
    <DialogContent
      title={`Reason: ${entry.cardName}`}
      description={entry.poster ? `Proposed by ${nameOf(entry.poster)}` : undefined}
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
        <div className="space-y-3">
          <label htmlFor="reason-text" className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id="reason-text"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={6}
            className="block w-full resize-y rounded-md border bg-background px-3 py-2 text-sm"
          />
          {blank && <p className="text-xs text-muted-foreground">A reason cannot be blank.</p>}
          {/* Spec 1 §8; the draft stays in the box so nothing typed is lost. */}
          {update.isError && <Alert>Failed to update reason</Alert>}
        </div>
      ) : (
        <p className="text-sm leading-relaxed whitespace-pre-line">
          {entry.reason?.trim() || <span className="text-muted-foreground">No reason given.</span>}
        </p>
      )}
    </DialogContent>
  );
}
