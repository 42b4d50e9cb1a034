import { Trophy } from 'lucide-react';
import type { Placement, Report } from '../../../domain/api/records.ts';
import { PlayerLink } from '../../components/player-link.tsx';
import { ScrollTable, type Column } from '../../components/scroll-table.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';

type ReportMatch = Report['bracket'][number];

const record = (p: { wins: number; losses: number; ties: number }) => `${p.wins}-${p.losses}-${p.ties}`;
/** A tie-breaker share as the standings print it ('65.6%'); '–' where an older record kept none. */
export const tieBreakerPercent = (x: number | undefined) => (x === undefined ? '–' : `${(Math.round(x * 1000) / 10).toFixed(1)}%`);

/** The members of a team, each linked to their profile. */
function Members({ members }: { members: Placement['members'] }) {
  if (members.length === 0) return <span className="text-muted-foreground">–</span>;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5" aria-label="Players">
      {members.map((m, i) => (
        <li key={m.discordId}>
          <PlayerLink discordId={m.discordId} name={m.displayName || 'Unknown player'} className="text-primary" />
          {i < members.length - 1 && <span aria-hidden="true">,</span>}
        </li>
      ))}
    </ul>
  );
}

/** The placements table's columns: their classes and headings. */
const PLACEMENT_COLUMNS: readonly Column[] = [
  ['py-2 pr-1 pl-4 mobile:pl-3', 'Placement'], ['px-2 py-2', 'Team'], ['px-2 py-2 mobile:hidden', 'Players'],
  ['py-2 pr-4 pl-2 text-right mobile:pr-3', 'W-L-T'],
  // the Swiss tie-breakers by name, never the raw 'XX YYY ZZZ' number
  ['px-2 py-2 text-right whitespace-nowrap mobile:hidden', <abbr title="Opponents' match-win percentage">OMW %</abbr>],
  ['py-2 pr-4 pl-2 text-right whitespace-nowrap mobile:hidden', <abbr title="Opponents' opponents' match-win percentage">OOMW %</abbr>],
];

/** Every team with its placement, players and record (all matches, top cut included). */
export function PlacementsTable({ placements }: { placements: readonly Placement[] }) {
  return (
    <section aria-labelledby="placements-title" className="rounded-xl border bg-card" data-testid="placements">
      <h2 id="placements-title" className="border-b px-4 py-3 font-semibold">
        Placements
      </h2>
      <ScrollTable label="Placements table" columns={PLACEMENT_COLUMNS}>
        {placements.map((p) => (
          <tr key={p.teamId} className={cn('border-t align-top', p.dropped && 'text-muted-foreground')} data-testid="placement-row">
            <td className="py-2 pr-1 pl-4 font-medium whitespace-nowrap tabular-nums mobile:pl-3" data-testid="placement">
              {p.placement}
            </td>
            <td className="px-2 py-2">
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="font-medium" data-testid="placement-team">{p.teamName || 'Unnamed Team'}</span>
                {p.topCut && <Badge tone="primary">Top cut</Badge>}
                {p.dropped && <Badge>dropped</Badge>}
              </span>
              {/* phones: the players under the team instead of in a column of their own */}
              <div className="mt-0.5 text-xs desktop:hidden">
                <Members members={p.members} />
              </div>
            </td>
            <td className="px-2 py-2 mobile:hidden">
              <Members members={p.members} />
            </td>
            <td className="py-2 pr-4 pl-2 text-right whitespace-nowrap tabular-nums mobile:pr-3">
              <span data-testid="placement-record">{record(p)}</span>
              {/* phones: the tie-breakers under the record instead of in columns of their own */}
              <span className="block text-[0.6875rem] text-muted-foreground desktop:hidden" data-testid="placement-tie-breakers-mobile">
                OMW {tieBreakerPercent(p.omw)} · OOMW {tieBreakerPercent(p.oomw)}
              </span>
            </td>
            <td className="px-2 py-2 text-right tabular-nums mobile:hidden" data-testid="placement-omw">{tieBreakerPercent(p.omw)}</td>
            <td className="py-2 pr-4 pl-2 text-right tabular-nums mobile:hidden" data-testid="placement-oomw">{tieBreakerPercent(p.oomw)}</td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

const PART_TITLE: Record<string, string> = { top: 'Top Cut', winners: 'Winners Bracket', losers: 'Losers Bracket', grand: 'Grand Final' };

/** A top cut's round by what is left of it: Final, Semifinals, Quarterfinals, Top 16… */
function cutRoundTitle(matches: number, round: number): string {
  if (matches === 1) return `Final · Round ${round}`;
  if (matches === 2) return `Semifinals · Round ${round}`;
  if (matches === 4) return `Quarterfinals · Round ${round}`;
  return `Top ${matches * 2} · Round ${round}`;
}

/** The top cut (or the elimination brackets) as rounds side by side, scrolling sideways on a phone. */
export function ReportBracket({ matches, teamName }: { matches: readonly ReportMatch[]; teamName: (id: string | null) => string }) {
  if (matches.length === 0) return null;
  const parts = [...new Set(matches.map((m) => m.bracket))];
  return (
    <section aria-labelledby="bracket-title" className="space-y-3" data-testid="report-bracket">
      <h2 id="bracket-title" className="text-lg font-semibold">
        {parts.length === 1 && parts[0] === 'top' ? 'Top Cut' : 'Bracket'}
      </h2>
      {parts.map((part) => {
        const rounds = [...new Set(matches.filter((m) => m.bracket === part).map((m) => m.round))].sort((a, b) => a - b);
        const title = PART_TITLE[part] ?? part;
        return (
          <div key={part} className="space-y-1.5">
            {parts.length > 1 && <h3 className="text-sm font-semibold">{title}</h3>}
            <section className="flex snap-x gap-4 overflow-x-auto rounded-lg border bg-muted/30 p-2" tabIndex={0} aria-label={`${title}: scrolls sideways`}>
              {rounds.map((round) => {
                const column = matches.filter((m) => m.bracket === part && m.round === round);
                const heading = part === 'top' ? cutRoundTitle(column.length, round) : `Round ${round}`;
                return (
                  <div key={round} className="flex w-60 shrink-0 snap-start flex-col" data-testid="report-bracket-column">
                    <p className="mb-1 truncate px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p>
                    <ol className="flex flex-1 flex-col justify-around gap-2" aria-label={heading}>
                      {column.map((m, i) => (
                        <li key={i} className="divide-y rounded-lg border bg-card shadow-sm">
                          <Side match={m} side={1} name={teamName(m.team1)} />
                          <Side match={m} side={2} name={teamName(m.team2)} />
                        </li>
                      ))}
                    </ol>
                  </div>
                );
              })}
            </section>
          </div>
        );
      })}
    </section>
  );
}

function Side({ match: m, side, name }: { match: ReportMatch; side: 1 | 2; name: string }) {
  const id = side === 1 ? m.team1 : m.team2;
  const won = id !== null && m.winner === id;
  const wins = side === 1 ? m.team1Wins : m.team2Wins;
  return (
    <span className="flex items-center gap-2 px-2.5 py-1.5">
      <span className={cn('min-w-0 flex-1 truncate text-sm', won && 'font-semibold', id === null && 'text-muted-foreground italic')} title={name}>
        {name}
      </span>
      {won && <Trophy role="img" aria-label="Winner" className="size-3.5 shrink-0 text-limited-ink" />}
      <span className={cn('w-4 shrink-0 text-right text-sm tabular-nums', won ? 'font-bold' : 'text-muted-foreground')}>{wins ?? '–'}</span>
    </span>
  );
}
