import { Link } from 'react-router';
import { CalendarClock, Layers, Trophy, UserCheck } from 'lucide-react';
import type { TournamentSummary } from '../../../../domain/api/tournaments.ts';
import { FORMAT_LABEL } from '../../../../domain/tournaments/formats.ts';
import { displayState, type DisplayState } from '../../../../domain/tournaments/display-state.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { CoverImage } from '../../../components/ui/fallback-image.tsx';
import { formatStart } from '../starts-at.ts';
import { iterationSuffix, teamCountLabel } from '../tournament-view.ts';

const STATE_TONE: Record<DisplayState, BadgeTone> = { Live: 'live', Upcoming: 'primary', Completed: 'neutral' };

export interface TournamentCardProps {
  /** 2 where the card sits right under the page's h1 (the list), 3 under a section heading (home) */
  headingLevel?: 2 | 3;
  tournament: TournamentSummary;
  /** spec 2 §4's notification dot (the list shows it to auth >= 1 and the host only) */
  showDot?: boolean;
  /** the viewer plays in it */
  participating?: boolean;
  /** the list's cards say more (series tag, round, teams) than the home page's */
  detailed?: boolean;
}

/** The date a completed event ended (its winner marked), in the viewer's calendar. */
const endedText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function TournamentCard({ tournament: t, showDot, participating, detailed, headingLevel = 3 }: TournamentCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const state = displayState(t);
  const attention = showDot && t.needsAttention;
  const page = `/tournaments/${encodeURIComponent(t.uid)}`;
  // the whole card opens the event (its heading's link covers it); a completed event's report link sits above that
  return (
    <article
      data-testid="tournament-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:border-primary/50 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary"
    >
      {attention && (
        <span
          data-testid="notification-dot"
          title="Needs attention"
          className="absolute top-2 right-2 z-10 flex size-4 items-center justify-center rounded-full bg-danger ring-2 ring-card"
        >
          <span className="sr-only">Needs attention</span>
        </span>
      )}
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <CoverImage src={t.imageUri} alt="" className="size-full object-cover transition-transform group-hover:scale-[1.02]" gradient="wide" icon={<Trophy aria-hidden="true" className="size-10 text-primary/70" />} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATE_TONE[state]} data-testid="tournament-state">
            {state === 'Live' && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
            {state}
          </Badge>
          <Badge>{FORMAT_LABEL[t.format]}</Badge>
          {detailed && t.seriesUid && (
            <Badge tone="primary" data-testid="series-tag">
              <Layers aria-hidden="true" className="size-3" />
              Series Tournament
            </Badge>
          )}
        </div>
        <Heading className="leading-snug font-semibold group-hover:text-primary">
          <Link to={page} className="outline-none after:absolute after:inset-0" data-testid="tournament-card-link">
            {t.name}
            {iterationSuffix(t) && <span className="ml-1.5 font-normal text-muted-foreground">{iterationSuffix(t)}</span>}
          </Link>
        </Heading>
        {t.subtitle && <p className="line-clamp-2 text-sm text-muted-foreground">{t.subtitle}</p>}
        {t.completedAt ? (
          <>
            {t.championName && (
              <p className="flex items-center gap-1.5 text-sm font-medium" data-testid="card-champion">
                <Trophy aria-hidden="true" className="size-3.5 shrink-0 text-limited-ink" />
                <span className="min-w-0 truncate">Champion: {t.championName}</span>
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="text-muted-foreground" data-testid="card-ended">
                Ended <time dateTime={t.completedAt}>{endedText(t.completedAt)}</time>
              </span>
              <Link to={`${page}/report`} className="relative z-10 font-medium text-primary hover:underline" data-testid="card-report-link" aria-label={`Event report of ${t.name}`}>
                Event report
              </Link>
            </p>
          </>
        ) : (
          t.startsAt && (
            <p className="flex items-center gap-1.5 text-sm" data-testid="card-starts-at">
              <CalendarClock aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
              <time dateTime={t.startsAt}>{formatStart(t.startsAt)}</time>
            </p>
          )
        )}
        {detailed && (
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
            <span data-testid="card-team-count">
              {teamCountLabel(t.teamCount, t.closed)}
              {t.closed && ' · closed, final standings kept'}
            </span>
            <span>Best of {t.bestOf}</span>
            {state === 'Live' && t.roundCount > 0 && (
              <span>
                Round {t.currentRound} of {t.roundCount}
              </span>
            )}
            {participating && (
              <span className="inline-flex items-center gap-1 font-medium text-primary" data-testid="participating">
                <UserCheck aria-hidden="true" className="size-3.5" />
                You're playing
              </span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
