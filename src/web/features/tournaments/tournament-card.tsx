import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import type { TournamentSummary } from '../../../domain/api/tournaments.ts';
import { FORMAT_LABEL } from '../../../domain/tournament/formats.ts';
import { displayState, type DisplayState } from '../../../domain/tournament/display-state.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';

const STATE_TONE: Record<DisplayState, BadgeTone> = { Live: 'live', Upcoming: 'primary', Completed: 'neutral' };

export function TournamentCard({ tournament: t }: { tournament: TournamentSummary }) {
  const state = displayState(t);
  return (
    <Link
      to={`/tournaments/${encodeURIComponent(t.uid)}`}
      data-testid="tournament-card"
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:border-primary/50 hover:shadow-md"
    >
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <FallbackImage
          src={t.imageUri}
          alt=""
          className="size-full object-cover transition-transform group-hover:scale-[1.02]"
          fallback={
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/25 via-primary/10 to-transparent">
              <Trophy aria-hidden="true" className="size-10 text-primary/70" />
            </div>
          }
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          <Badge tone={STATE_TONE[state]} data-testid="tournament-state">
            {state === 'Live' && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
            {state}
          </Badge>
          <Badge>{FORMAT_LABEL[t.format]}</Badge>
        </div>
        <h3 className="font-semibold leading-snug group-hover:text-primary">{t.name}</h3>
        {t.subtitle && <p className="line-clamp-2 text-sm text-muted-foreground">{t.subtitle}</p>}
      </div>
    </Link>
  );
}
