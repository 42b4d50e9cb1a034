import { useEffect } from 'react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { cutPreview, swissCut } from '../playing/cut-line.ts';
import { UNNAMED_TEAM } from '../tournament-view.ts';
import { useStandings } from '../tournaments-api.ts';

/**
 * Next Round after the last Swiss round (issue 30 §5): before the cut is paired for good, the host
 * sees who makes it and the first cut round's pairings (cut-line.ts runs the engine's seeding on the
 * standings), then confirms. The standings are read again on opening so the preview is the latest.
 */
export function CutConfirmDialog({
  tournament: t, open, onOpenChange, onConfirm, pending, error,
}: {
  tournament: Tournament;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error?: React.ReactNode;
}) {
  const standings = useStandings(t.uid, open);
  const { refetch } = standings;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const cut = swissCut(t);
  const ready = !!standings.data && !standings.isFetching && !!cut;
  const preview = ready ? cutPreview(standings.data.rows, cut) : null;
  const name = (r: { teamName: string }) => r.teamName || UNNAMED_TEAM;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={cut ? `Pair the top ${cut.size}` : 'Pair the top cut'}
      description="The Swiss rounds are over: these teams make the cut, seeded by their Swiss rank, and play these matches."
      confirmLabel="Pair the Top Cut"
      pendingLabel="Pairing…"
      pending={pending}
      confirmDisabled={!preview}
      onConfirm={onConfirm}
      error={error}
    >
      {!preview ? (
        <p role="status" className="text-sm text-muted-foreground">
          {standings.isError ? 'Failed to load the standings: close and try again.' : 'Loading the standings…'}
        </p>
      ) : (
        <div className="space-y-3 text-sm" data-testid="cut-preview">
          <section aria-labelledby="cut-qualifiers-title">
            <h3 id="cut-qualifiers-title" className="font-medium">Makes the cut</h3>
            <ol className="mt-1 space-y-0.5" data-testid="cut-qualifiers">
              {preview.qualifiers.map((r, i) => (
                <li key={r.teamId} className="flex gap-2">
                  <span className="w-14 shrink-0 text-muted-foreground tabular-nums">Seed {i + 1}</span>
                  <span data-testid="cut-qualifier">{name(r)}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="cut-pairings-title">
            <h3 id="cut-pairings-title" className="font-medium">Pairings</h3>
            <ul className="mt-1 space-y-1" data-testid="cut-pairings">
              {preview.pairings.map((p) => (
                <li key={p.team1.teamId} className="rounded-md border px-2 py-1" data-testid="cut-pairing">
                  <span className="text-muted-foreground">({p.seed1})</span> {name(p.team1)} <span className="text-muted-foreground">vs</span>{' '}
                  <span className="text-muted-foreground">({p.seed2})</span> {name(p.team2)}
                </li>
              ))}
              {preview.byes.map((r) => (
                <li key={r.teamId} className="px-2 text-muted-foreground" data-testid="cut-bye">
                  {name(r)}: a bye into the next cut round
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </ConfirmDialog>
  );
}
