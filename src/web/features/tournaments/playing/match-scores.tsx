import { CircleAlert, CircleCheck, Scale, Trophy, User } from 'lucide-react';
import type { Match } from '../../../../domain/api/tournaments.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { reportLine, reportMark, shownWins, sideName, statusBadge, teamOf, winnerSide, type Side } from './match-view.ts';

/** The Match modal's teams: the status, each team's games (none while disputed), the winner, a tick for each report. */
export function TeamScores({ match: m, viewerSide }: { match: Match; viewerSide: Side | null }) {
  const won = winnerSide(m);
  const status = statusBadge(m);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone} data-testid="modal-status">
          {status.label}
        </Badge>
      </div>
      <ul className="divide-y rounded-lg border" aria-label="Teams">
        {([1, 2] as const).map((side) => {
          const mark = reportMark(m, side);
          const wins = shownWins(m, side);
          const known = teamOf(m, side).id !== null;
          return (
            <li key={side} className="flex items-center gap-3 px-3 py-2.5" data-testid={`modal-team-${side}`}>
              <div className="min-w-0 flex-1">
                <p className={cn('flex items-center gap-1.5 font-medium', !known && 'text-muted-foreground italic', won === side && 'font-bold')}>
                  <span className="truncate" data-testid="team-name">
                    {sideName(m, side)}
                  </span>
                  {won === side && <Trophy role="img" aria-label="Winner" className="size-4 shrink-0 text-limited-ink" />}
                  {viewerSide === side && (
                    <Badge tone="primary">
                      <User aria-hidden="true" className="size-3" />
                      You
                    </Badge>
                  )}
                </p>
                {/* a green tick only for a report that stands: not in an open dispute, not once superseded */}
                {mark && (
                  <p
                    className={cn('mt-0.5 flex items-center gap-1 text-xs', { submitted: 'text-unlimited-ink', disagrees: 'text-forbidden-ink', superseded: 'text-muted-foreground' }[mark.kind])}
                    data-testid="score-submitted"
                  >
                    {mark.kind === 'disagrees' ? <CircleAlert role="img" aria-label={mark.label} className="size-3.5" /> : <CircleCheck role="img" aria-label={mark.label} className="size-3.5" />}
                    {mark.label}
                  </p>
                )}
              </div>
              {!m.bye && (
                <span className={cn('text-2xl tabular-nums', won === side ? 'font-bold' : 'text-muted-foreground')} data-testid="team-wins">
                  {wins ?? '–'}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <Reports match={m} />
    </div>
  );
}

/**
 * Both teams' reports side by side, each as its team sees the match ('Team A: 2–0 for Team A'): what a
 * dispute is about, in plain words. After an admin's decision they stay, marked superseded.
 */
function Reports({ match: m }: { match: Match }) {
  if (m.bye || (!m.reportFromTeam1 && !m.reportFromTeam2)) return null;
  const superseded = m.overridden;
  const disputed = m.disputed && !m.complete;
  return (
    <section aria-label="Score reports" className="space-y-1.5 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="score-reports">
      <p className="flex items-center gap-1.5 font-medium">
        <Scale aria-hidden="true" className="size-4 text-muted-foreground" />
        {disputed ? 'The reports disagree' : 'Score reports'}
      </p>
      <ul className="grid gap-1.5 min-[480px]:grid-cols-2">
        {([1, 2] as const).map((side) => {
          const line = reportLine(m, side);
          return (
            <li
              key={side}
              className={cn('min-w-0 rounded-md border bg-card px-2.5 py-1.5 break-words', disputed && line && 'border-forbidden/50')}
              data-testid={`report-${side}`}
            >
              <span className={cn(superseded && line && 'text-muted-foreground line-through')}>
                {line ?? `${sideName(m, side)}: no report yet`}
              </span>
              {superseded && line && (
                <Badge className="ml-1.5 no-underline" data-testid="superseded">
                  superseded
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
      {disputed && <p className="text-xs text-muted-foreground">Disputed: neither report counts until the teams agree or an admin decides.</p>}
      {superseded && <p className="text-xs text-muted-foreground">An admin set the result: the teams’ reports are superseded.</p>}
    </section>
  );
}
