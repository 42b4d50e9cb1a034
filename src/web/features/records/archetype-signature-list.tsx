import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { cardImageUrl } from '../../../domain/api/cards.ts';
import type { Signature } from '../../../domain/api/records.ts';
import { Button } from '../../components/ui/button.tsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { signatureRule } from './archetype-view.ts';

export type MoveDirection = 'up' | 'down';

export interface SignatureListProps {
  signatures: readonly Signature[];
  /** admins see the buttons that edit the table */
  editable: boolean;
  onMove: (s: Signature, direction: MoveDirection) => void;
  onEdit: (s: Signature) => void;
  onDelete: (s: Signature) => void;
}

/** The table in its order: the first signature a deck matches names it. */
export function SignatureList({ signatures, editable, onMove, onEdit, onDelete }: SignatureListProps) {
  return (
    <ol aria-label="Signatures, first match first" className="space-y-3">
      {signatures.map((s, i) => (
        <li key={s.id} data-testid="signature" className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex flex-wrap items-start gap-3">
            <span aria-hidden="true" className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="text-base leading-tight font-semibold break-words">
                <span className="sr-only">{`${i + 1}. `}</span>{s.name}
              </h3>
              <p className="text-sm text-muted-foreground">{signatureRule(s)}</p>
            </div>
            {editable && (
              <div className="flex flex-wrap gap-1 mobile:w-full mobile:justify-end">
                <Button
                  variant="ghost" size="icon" className="mobile:size-11"
                  data-move={`${s.id}-up`}
                  aria-label={`Move ${s.name} up`}
                  disabled={i === 0}
                  onClick={() => onMove(s, 'up')}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost" size="icon" className="mobile:size-11"
                  data-move={`${s.id}-down`}
                  aria-label={`Move ${s.name} down`}
                  disabled={i === signatures.length - 1}
                  onClick={() => onMove(s, 'down')}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button variant="secondary" size="sm" className="mobile:h-11" aria-label={`Edit ${s.name}`} onClick={() => onEdit(s)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="secondary" size="sm" className="text-danger mobile:h-11" aria-label={`Delete ${s.name}`} onClick={() => onDelete(s)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            )}
          </div>
          <ul aria-label={`Cards of ${s.name}`} className="mt-3 flex flex-wrap gap-2">
            {s.cards.map((c) => (
              <li key={c.passcode} className="flex w-[8.5rem] items-center gap-2 rounded-md border bg-muted/30 p-1.5 text-xs mobile:w-[calc(50%-0.25rem)]">
                <FallbackImage
                  src={cardImageUrl(c.passcode, 'small')}
                  alt=""
                  className="h-[44px] w-[30px] shrink-0 rounded-sm bg-muted object-cover"
                  fallback={<span aria-hidden="true" className="h-[44px] w-[30px] shrink-0 rounded-sm bg-muted" />}
                />
                <span className="min-w-0 leading-snug break-words">{c.name}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
