import { Link } from 'react-router';
import { LEAGUE_MATCH_STATE_LABEL, type LeagueRun } from '../../../../domain/api/leagues.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { outcomeFor, scoreText, whenText } from '../league-view.ts';

/**
 * A run's matches, oldest first, from its player's side: the opponent (a link to their run), the result
 * with the games ('Won 2–1'), or the match's state while it has none; and the empty places still to play.
 */
export function RunMatches({ run, leagueId, headingLevel = 3 }: { run: LeagueRun; leagueId: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const left = Math.max(0, run.matchesPerRun - run.matchCount);
  const open = run.status === 'active';
  return (
    <section aria-labelledby={`run-${run.id}-matches`} className="space-y-2" data-testid="run-matches">
      <Heading id={`run-${run.id}-matches`} className="text-sm font-semibold">
        Matches <span className="font-normal text-muted-foreground tabular-nums">({run.matchCount} of {run.matchesPerRun})</span>
      </Heading>
      {run.matches.length === 0 && !open ? (
        <p className="text-sm text-muted-foreground">This run played no match.</p>
      ) : (
        <ol className="divide-y rounded-lg border">
          {run.matches.map((m, i) => {
            const opponent = m.player1.discordId === run.discordId ? m.player2 : m.player1;
            const outcome = outcomeFor(m, run.discordId);
            const score = scoreText(m, run.discordId);
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-testid="run-match">
                <span className="w-6 text-muted-foreground tabular-nums" aria-hidden="true">{i + 1}.</span>
                <span className="min-w-0 flex-1">
                  <span className="sr-only">Match {i + 1}: </span>
                  against{' '}
                  <Link to={`/leagues/${encodeURIComponent(leagueId)}/runs/${opponent.runId}`} className="font-medium text-primary underline underline-offset-2">
                    {opponent.displayName}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    Match #{m.id} · <time dateTime={m.completedAt ?? m.createdAt}>{whenText(m.completedAt ?? m.createdAt)}</time>
                    {m.resolution === 'decided' && ' · decided by the hosts'}
                    {m.resolution === 'stood' && ' · the report stood'}
                  </span>
                </span>
                {outcome ? (
                  <span className={cn('font-semibold tabular-nums', outcome === 'Won' ? 'text-unlimited-ink' : 'text-forbidden-ink')} data-testid="run-match-result">
                    {outcome}
                    {score && ` ${score}`}
                  </span>
                ) : (
                  <Badge tone={m.state === 'void' ? 'neutral' : m.state === 'disputed' ? 'forbidden' : 'primary'} data-testid="run-match-result">
                    {LEAGUE_MATCH_STATE_LABEL[m.state]}
                  </Badge>
                )}
              </li>
            );
          })}
          {open && left > 0 && (
            <li className="px-3 py-2 text-sm text-muted-foreground" data-testid="run-matches-left">
              {left} {left === 1 ? 'match' : 'matches'} to play
            </li>
          )}
        </ol>
      )}
    </section>
  );
}
