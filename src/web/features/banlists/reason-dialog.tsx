import type { BanlistEntry } from '../../../domain/api/banlists.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import { ReasonDialog as SharedReasonDialog } from '../../components/reason-dialog.tsx';
import { useUpdateReason } from './banlists-api.ts';

export interface ReasonDialogProps {
  date: string;
  entry: BanlistEntry | null;
  viewerId: string | undefined;
  onClose: () => void;
}

/** The reason of a banlist entry; only its poster may edit it. */
export function ReasonDialog({ date, entry, viewerId, onClose }: ReasonDialogProps) {
  const target = entry && {
    key: entry.id,
    cardName: entry.cardName,
    posterName: entry.poster ? nameOf(entry.poster) : undefined,
    reason: entry.reason ?? '',
    canEdit: !!viewerId && entry.poster?.discordId === viewerId,
  };
  const useSaver = () => {
    const update = useUpdateReason(date);
    return {
      save: (reason: string, done: () => void) => entry && update.mutate({ entryId: entry.id, reason }, { onSuccess: done }),
      isPending: update.isPending,
      isError: update.isError,
    };
  };
  return <SharedReasonDialog target={target} onClose={onClose} useSaver={useSaver} />;
}
