import { Link } from 'react-router';
import { CalendarRange, Layers, Users } from 'lucide-react';
// Types only: the series page and the home page show leagues too, without zod.
import type { LeaguePhase, LeagueSummary } from '../../../../domain/api/leagues.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { count, dayText } from './league-order.ts';

/** The phases as a badge says them (LEAGUE_PHASE_LABEL of the contract, short enough for a card). */
export const PHASE_BADGE: Record<LeaguePhase, { label: string; tone: BadgeTone }> = {
  upcoming: { label: 'Starts soon', tone: 'primary' },
  running: { label: 'Running', tone: 'live' },
  deciding: { label: 'Ended', tone: 'limited' },
  final: { label: 'Final', tone: 'neutral' },
};

export function PhaseBadge({ phase }: { phase: LeaguePhase }) {
  const b = PHASE_BADGE[phase];
  return (
    <Badge tone={b.tone} data-testid="league-phase">
      {phase === 'running' && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {b.label}
    </Badge>
  );
}

/** A league as a card: the whole card opens it. */
export function LeagueCard({ league: l, headingLevel = 3, showSeries = true }: { league: LeagueSummary; headingLevel?: 2 | 3; showSeries?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      data-testid="league-card"
      className="group relative flex h-full flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm transition hover:border-primary/50 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary"
    >
      <div className="flex flex-wrap items-center gap-2">
        <PhaseBadge phase={l.phase} />
        {l.rated && <Badge tone="primary">Rated</Badge>}
      </div>
      <Heading className="leading-snug font-semibold group-hover:text-primary">
        <Link to={`/leagues/${encodeURIComponent(l.id)}`} className="outline-none after:absolute after:inset-0" data-testid="league-card-link">
          {l.name}
        </Link>
      </Heading>
      <p className="flex items-center gap-1.5 text-sm">
        <CalendarRange aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
        <span>
          <time dateTime={l.startsAt}>{dayText(l.startsAt)}</time> – <time dateTime={l.endsAt}>{dayText(l.endsAt)}</time>
        </span>
      </p>
      {showSeries && (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Layers aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 truncate">{l.seriesName}</span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1" data-testid="league-card-players">
          <Users aria-hidden="true" className="size-3.5" />
          {count(l.players, 'player')} · {count(l.runs, 'run')}
        </span>
        <span>{count(l.matchesPerRun, 'match', 'matches')} a run, best of {l.bestOf}</span>
        <span>{l.banlistName ?? 'No banlist'}</span>
      </div>
    </article>
  );
}
