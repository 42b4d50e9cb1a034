// /players?series= (issue 20): the leaderboard. With a series, its players by Glicko-2 rating; without
// one, everyone with a recorded event by titles, events and wins. The series lives in the URL, so a
// board can be shared.
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Trophy } from 'lucide-react';
import type { Leaderboard } from '../../../domain/api/players.ts';
import { PlayerLink } from '../../components/player-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { recordText, useLeaderboard } from './players-api.ts';

const ALL = '';

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const series = params.get('series') || null;
  const board = useLeaderboard(series);
  const status = board.error instanceof ApiError ? board.error.status : undefined;
  const title = board.data?.series ? `${board.data.series.name} leaderboard` : 'Players';
  useDocumentTitle(title);
  const pickerId = useId();

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete('series');
    else next.set('series', value);
    setParams(next);
  };

  return (
    <section className="space-y-5" aria-labelledby="leaderboard-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="leaderboard-title" className="text-2xl font-bold">
            {title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {series ? 'By Glicko-2 rating from every rated match of the series’ events and rated leagues (± is the rating’s uncertainty).' : 'Every player of a recorded event, by titles, then events played, then wins.'}
          </p>
        </div>
        <div className="flex flex-col gap-1 mobile:w-full">
          <label htmlFor={pickerId} className="text-sm font-medium">
            Series
          </label>
          <select
            id={pickerId}
            value={series ?? ALL}
            onChange={(e) => choose(e.target.value)}
            className="h-10 min-w-56 rounded-md border bg-card px-3 text-sm mobile:w-full"
            data-testid="series-picker"
          >
            <option value={ALL}>All events (by titles)</option>
            {board.data?.seriesOptions.map((o) => (
              <option key={o.uid} value={o.uid}>
                {o.name}
              </option>
            ))}
            {/* a series from the URL that has no ratings yet is still the one shown */}
            {series && board.data?.series && !board.data.seriesOptions.some((o) => o.uid === series) && (
              <option value={series}>{board.data.series.name}</option>
            )}
          </select>
        </div>
      </div>
      {board.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the leaderboard…
        </p>
      ) : status === 404 ? (
        <div className="space-y-3">
          <Alert>Series not found: no series has this id.</Alert>
          <Button variant="secondary" onClick={() => choose(ALL)}>
            Show every player
          </Button>
        </div>
      ) : board.isError ? (
        <div className="space-y-3">
          <Alert>Failed to load the leaderboard: {board.error.message}</Alert>
          <Button variant="secondary" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </div>
      ) : board.data.players.length === 0 ? (
        <p className="rounded-xl border bg-card p-5 text-muted-foreground" data-testid="leaderboard-empty">
          {series ? 'No rated player in this series yet: ratings appear once a winner of one of its events is marked.' : 'No recorded event yet: players appear here once a winner is marked.'}
        </p>
      ) : (
        <BoardTable board={board.data} stale={board.isPlaceholderData} />
      )}
    </section>
  );
}

function BoardTable({ board, stale }: { board: Leaderboard; stale: boolean }) {
  const rated = board.series !== null;
  return (
    <section className={cn('overflow-x-auto rounded-xl border bg-card', stale && 'opacity-60')} tabIndex={0} aria-label="Leaderboard table" aria-busy={stale}>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-1 pl-4">#</th>
            <th scope="col" className="px-2 py-2">Player</th>
            {rated && <th scope="col" className="px-2 py-2 text-right">Rating</th>}
            <th scope="col" className="px-2 py-2 text-right">Titles</th>
            <th scope="col" className="px-2 py-2 text-right mobile:hidden">Events</th>
            {rated && <th scope="col" className="px-2 py-2 text-right mobile:hidden">Leagues</th>}
            <th scope="col" className="py-2 pr-4 pl-2 text-right whitespace-nowrap">W-L-T</th>
          </tr>
        </thead>
        <tbody>
          {board.players.map((p) => (
            <tr key={p.discordId} className="border-t" data-testid="leaderboard-row">
              <td className="py-2 pr-1 pl-4 font-medium tabular-nums">{p.rank}</td>
              <td className="px-2 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Avatar src={p.avatarUrl} name={p.displayName} className="size-7 text-xs" />
                  <PlayerLink discordId={p.discordId} name={p.displayName} className="truncate font-medium text-primary" />
                </span>
              </td>
              {rated && (
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums" data-testid="leaderboard-rating">
                  <span className="font-semibold">{Math.round(p.rating ?? 0)}</span>
                  <span className="ml-1 text-xs text-muted-foreground mobile:block mobile:ml-0">± {Math.round(p.rd ?? 0)}</span>
                </td>
              )}
              <td className="px-2 py-2 text-right tabular-nums">
                <span className="inline-flex items-center gap-1">
                  {p.titles > 0 && <Trophy aria-hidden="true" className="size-3.5 text-limited-ink" />}
                  {p.titles}
                </span>
              </td>
              <td className="px-2 py-2 text-right tabular-nums mobile:hidden">{p.events}</td>
              {rated && <td className="px-2 py-2 text-right tabular-nums mobile:hidden" data-testid="leaderboard-leagues">{p.leagues}</td>}
              <td className="py-2 pr-4 pl-2 text-right whitespace-nowrap tabular-nums">{recordText(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
