import type { JudgementEntry } from '../../../domain/api/judgement.ts';
import { REASON_MAX_LENGTH } from '../../../domain/judgement/limits.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useUpdateReason } from './judgement-api.ts';

export interface JudgementReasonDialogProps {
  entry: JudgementEntry | null;
  viewerId: string;
  onClose: () => void;
}

/** A row's reason: everyone reads it, its poster edits it (spec 1 §2, §5). */
export function JudgementReasonDialog({ entry, viewerId, onClose }: JudgementReasonDialogProps) {
  const target = entry && {
    key: entry.id,
    cardName: entry.cardName,
    posterName: entry.poster.displayName,
    reason: entry.reason,
    canEdit: entry.poster.discordId === viewerId,
  };
  const useSaver = () => {
    const update = useUpdateReason();
    return {
      save: (reason: string, done: () => void) =>
        entry && update.mutate({ entryId: entry.id, reason, requesterId: viewerId }, { onSuccess: done }),
      isPending: update.isPending,
      isError: update.isError,
    };
  };
  return <ReasonDialog target={target} onClose={onClose} useSaver={useSaver} maxLength={REASON_MAX_LENGTH} />;
}
