import { useState } from 'react';
import { Link } from 'react-router';
import { Medal, Star } from 'lucide-react';
import type { LeaderboardRow } from '../../../../domain/api/leagues.ts';
import { PlayerLink } from '../../../components/player-link.tsx';
import { ScrollTable, type Column } from '../../../components/scroll-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/** The table's columns: their classes and headings. */
const COLUMNS: readonly Column[] = [
  ['py-2 pr-1 pl-3', 'Place'], ['px-2 py-2', 'Player'], ['px-2 py-2 text-right', 'Points'],
  ['px-2 py-2 text-right whitespace-nowrap', <abbr title="Match wins and losses" className="no-underline">W–L</abbr>],
  ['px-2 py-2 text-right whitespace-nowrap @max-md:hidden', <abbr title="Games won of games played" className="no-underline">Game %</abbr>],
  ['py-2 pr-3 pl-2 text-right', 'Runs'],
];

/** Rows shown at first: a month-long league has hundreds of players, and the top is what is read. */
const FIRST_ROWS = 50;

const share = (r: LeaderboardRow) => (r.gameWinRate === null ? '–' : `${(r.gameWinRate * 100).toFixed(1)}%`);

/**
 * The leaderboard (issue 41): place, player, points, match wins (and losses), runs, as the server ranks
 * them (points, then match wins, game-win share, who got there first). The viewer's row is marked;
 * once final, the top 8 too. Each run is a link to its page, named by its record. Live: the page's
 * league query moves it.
 */
export function LeaderboardTable({ leagueId, rows, viewer, final, matchesPerRun, title = 'Leaderboard', headingId = 'leaderboard-title', limit = FIRST_ROWS }: {
  leagueId: string;
  rows: readonly LeaderboardRow[];
  /** a run that won this many matches is perfect (a star) */
  matchesPerRun: number;
  viewer?: string;
  final: boolean;
  title?: string;
  headingId?: string;
  /** rows shown before 'Show all' (Infinity: all) */
  limit?: number;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, limit);
  return (
    <section aria-labelledby={headingId} className="@container min-w-0 rounded-xl border bg-card shadow-sm" data-testid="leaderboard">
      <h2 id={headingId} className="flex items-center gap-2 border-b px-4 py-3 font-semibold">
        <Medal aria-hidden="true" className="size-4 text-primary" />
        {title}
        <span className="font-normal text-muted-foreground tabular-nums">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground" data-testid="leaderboard-empty">
          No one has played yet: the first results put the first names here.
        </p>
      ) : (
        <>
          <ScrollTable label={`${title} table`} columns={COLUMNS}>
            {shown.map((r) => (
              <tr key={r.discordId} data-testid="leaderboard-row" className={cn('border-t', r.discordId === viewer && 'bg-primary/5', final && r.top8 && 'font-medium')}>
                <td className="py-2 pr-1 pl-3 tabular-nums" data-testid="leaderboard-place">{r.place}</td>
                <td className="px-2 py-2">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <PlayerLink discordId={r.discordId} name={r.displayName} className="break-words" />
                    {r.discordId === viewer && <Badge tone="primary">You</Badge>}
                    {final && r.top8 && <Badge tone="limited">Top 8</Badge>}
                  </span>
                </td>
                <td className="px-2 py-2 text-right font-semibold tabular-nums" data-testid="leaderboard-points">{r.points}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums" data-testid="leaderboard-record">
                  <span className="sr-only">{r.matchWins} wins, {r.matchLosses} losses</span>
                  <span aria-hidden="true">{r.matchWins}–{r.matchLosses}</span>
                </td>
                <td className="px-2 py-2 text-right tabular-nums @max-md:hidden">{share(r)}</td>
                <td className="py-2 pr-3 pl-2 text-right tabular-nums" data-testid="leaderboard-runs" data-runs={r.runs}>
                  <RunLinks leagueId={leagueId} row={r} matchesPerRun={matchesPerRun} />
                </td>
              </tr>
            ))}
          </ScrollTable>
          {rows.length > shown.length && (
            <div className="border-t px-4 py-2">
              <Button variant="ghost" size="sm" onClick={() => setAll(true)} className="mobile:min-h-11">
                Show all {rows.length} players
              </Button>
            </div>
          )}
          <p className="border-t px-4 py-2 text-xs text-muted-foreground">
            1 point a match won, 1 more for a run that wins every match. Ties: match wins, then the share of games won, then who got
            there first.
          </p>
        </>
      )}
    </section>
  );
}

/** A player's runs, each its record as a link to its page ('5–0' with a star for a perfect run), the first started first. */
function RunLinks({ leagueId, row, matchesPerRun }: { leagueId: string; row: LeaderboardRow; matchesPerRun: number }) {
  return (
    <ul className="flex flex-wrap justify-end gap-x-2 gap-y-0.5" aria-label={`Runs of ${row.displayName}`}>
      {row.runResults.map((run, i) => {
        const perfect = run.wins >= matchesPerRun;
        return (
          <li key={run.id} className="whitespace-nowrap">
            <Link
              to={`/leagues/${encodeURIComponent(leagueId)}/runs/${run.id}`}
              className="inline-flex items-center gap-0.5 text-primary underline underline-offset-2"
              data-testid="leaderboard-run"
            >
              <span className="sr-only">Run {i + 1} of {row.displayName}: </span>
              <span className="sr-only">{run.wins} wins, {run.losses} losses</span>
              <span aria-hidden="true">{run.wins}–{run.losses}</span>
              {perfect && (
                <>
                  <Star aria-hidden="true" className="size-3.5 fill-current text-limited-ink" />
                  <span className="sr-only">, perfect</span>
                </>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
