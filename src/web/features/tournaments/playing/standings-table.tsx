import { Fragment } from 'react';
import { Medal } from 'lucide-react';
import type { Champion, StandingRowBody, Standings } from '../../../../domain/api/standings.ts';
import { ordinal } from '../../../../domain/tournaments/standings/placements.ts';
import { didNotPlayLine, sharePercent, splitPlayed } from '../../../../domain/tournaments/standings/standings-display.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { UNKNOWN_PLAYER, UNNAMED_TEAM } from '../tournament-view.ts';

const record = (r: { wins: number; losses: number; ties: number }) => `${r.wins}-${r.losses}-${r.ties}`;
/** What the Swiss column says: rank and record of the Swiss rounds, e.g. '2nd · 3-1-0'. */
const swissText = (s: NonNullable<StandingRowBody['swissRecord']>) => `${ordinal(s.rank)} · ${record(s)}`;

/**
 * The leaderboard (spec 2 §2, rules.md): rank, team, points, W-L-T, and the tie-breakers by the names
 * players know, OMW % and OOMW % ('–' while nothing is behind one; Konami's XX YYY ZZZ number is the
 * exports' alone, issue 39); rows as the server ranks them (points first). Teams that never played
 * are listed apart under the table, unplaced. Final standings
 * (decision 014) show the placement instead of the rank, and after a top cut the Swiss rank and
 * record beside the record of every match (which is what the Champion block shows). During the Swiss
 * rounds of a Swiss → Top Cut event a line marks the cut (issue 30 §5), after the cut-th active team.
 * The columns follow the box, not the screen (issue 30 §8): below 42rem (a phone, or the 510 px
 * centre beside Admin Tools at 1280 px) the Swiss part and OMW · OOMW go under other cells.
 */
export function StandingsTable({
  standings, title, ownTeamUid, level = 3, cutLine,
}: {
  standings: Standings;
  title: string;
  ownTeamUid?: string;
  /** the top cut's line: after this team's row, for a cut of `size` (cut-line.ts) */
  cutLine?: { afterTeamId: string; size: number } | null;
  /** the heading's level in the page outline */
  level?: 2 | 3;
}) {
  if (standings.rows.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  const { placed: rows, didNotPlay } = splitPlayed(standings.rows);
  // standings Close stored before placements existed have none: they keep the rank
  const placed = rows.some((r) => r.placement !== null);
  const cut = rows.some((r) => r.swissRecord !== null);
  return (
    <section aria-labelledby="standings-title" className="@container rounded-xl border bg-card" data-testid="standings">
      <Heading id="standings-title" className="border-b px-4 py-3 font-semibold">
        {title}
      </Heading>
      {/* a region of its own so a keyboard can scroll the table sideways on a phone */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={`${title} table`}>
        <table className="w-full text-sm" aria-describedby={cut ? 'standings-cut-note' : undefined}>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-1 pl-3">
                {placed ? 'Placement' : '#'}
              </th>
              <th scope="col" className="px-2 py-2 @max-2xl:px-1.5">Team</th>
              <th scope="col" className="px-2 py-2 @max-2xl:px-1.5 text-right">Points</th>
              <th scope="col" className="px-2 py-2 @max-2xl:px-1.5 text-right whitespace-nowrap">
                W-L-T
                {cut && <span className="block font-normal @2xl:hidden">Swiss</span>}
              </th>
              {cut && (
                <th scope="col" className="px-2 py-2 text-right whitespace-nowrap @max-2xl:hidden">
                  Swiss
                  <span className="block font-normal">rank · W-L-T</span>
                </th>
              )}
              <th scope="col" className="px-2 py-2 text-right whitespace-nowrap @max-2xl:pr-3">
                <abbr title="Opponents' match-win percentage" className="no-underline">OMW %</abbr>
                {/* a narrow box: OOMW under OMW instead of in a column of its own */}
                <span className="block font-normal @2xl:hidden">
                  <abbr title="Opponents' opponents' match-win percentage" className="no-underline">OOMW %</abbr>
                </span>
              </th>
              <th scope="col" className="py-2 pr-3 pl-2 text-right whitespace-nowrap @max-2xl:hidden">
                <abbr title="Opponents' opponents' match-win percentage" className="no-underline">OOMW %</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.teamId}>
                <tr
                  data-testid="standing-row"
                  className={cn('border-t', r.dropped && 'text-muted-foreground', r.teamId === ownTeamUid && 'bg-primary/5')}
                >
                  <td className={cn('py-2 pr-1 pl-3 tabular-nums', placed && 'font-medium whitespace-nowrap')} data-testid={placed ? 'standing-placement' : undefined}>
                    {placed ? r.placement : r.rank}
                  </td>
                  <td className="px-2 py-2 @max-2xl:px-1.5">
                    <span className="flex items-center gap-1.5">
                      <span data-testid="standing-team">{r.teamName || UNNAMED_TEAM}</span>
                      {r.teamId === ownTeamUid && <Badge tone="primary">You</Badge>}
                      {r.dropped && <Badge>dropped</Badge>}
                    </span>
                  </td>
                  <td className="px-2 py-2 @max-2xl:px-1.5 text-right font-semibold tabular-nums" data-testid="standing-points">
                    {r.points}
                  </td>
                  <td className="px-2 py-2 @max-2xl:px-1.5 text-right whitespace-nowrap tabular-nums">
                    <span data-testid="standing-record">{record(r)}</span>
                    {/* a narrow box (a phone, or beside Admin Tools): the Swiss part under the record instead of in a column of its own */}
                    {r.swissRecord && (
                      <span className="block text-[0.6875rem] text-muted-foreground @2xl:hidden" data-testid="standing-swiss">
                        <span className="sr-only">Swiss </span>
                        {swissText(r.swissRecord)}
                      </span>
                    )}
                  </td>
                  {cut && (
                    <td className="px-2 py-2 text-right whitespace-nowrap text-muted-foreground tabular-nums @max-2xl:hidden" data-testid="standing-swiss">
                      {r.swissRecord ? swissText(r.swissRecord) : '–'}
                    </td>
                  )}
                  <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums @max-2xl:pr-3">
                    <span data-testid="standing-omw">{sharePercent(r.omw)}</span>
                    <span className="block text-[0.6875rem] text-muted-foreground @2xl:hidden">
                      <span className="sr-only">OOMW </span>
                      {sharePercent(r.oomw)}
                    </span>
                  </td>
                  <td className="py-2 pr-3 pl-2 text-right tabular-nums @max-2xl:hidden" data-testid="standing-oomw">{sharePercent(r.oomw)}</td>
                </tr>
                {cutLine?.afterTeamId === r.teamId && (
                  <tr data-testid="cut-line">
                    <td colSpan={cut ? 7 : 6} className="border-t-2 border-dashed border-primary px-3 py-1 text-xs font-medium text-primary">
                      Top {cutLine.size} cut: the teams above make it
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
      {didNotPlay.length > 0 && (
        <p className="border-t px-4 py-2 text-sm text-muted-foreground" data-testid="standings-did-not-play">
          {didNotPlayLine(didNotPlay.map((r) => r.teamName || UNNAMED_TEAM), 12)}: not placed.
        </p>
      )}
      {cut && (
        <p id="standings-cut-note" className="border-t px-4 py-2 text-xs text-muted-foreground">
          Points and W-L-T count every match, top cut included. Swiss, OMW % and OOMW % count the Swiss rounds.
        </p>
      )}
    </section>
  );
}

/** Spec 2 §2 Completed: the champion's team, record W-L-T, points, and members with avatars and names. */
export function ChampionBlock({ champion: c, usernameOf }: { champion: Champion; usernameOf?: (discordId: string) => string | null | undefined }) {
  return (
    <section aria-labelledby="champion-title" className="space-y-3 rounded-xl border border-limited/40 bg-limited/10 p-5" data-testid="champion">
      <p id="champion-title" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Medal aria-hidden="true" className="size-4" />
        Champion
      </p>
      <p className="text-2xl font-bold" data-testid="champion-name">
        {c.teamName || UNNAMED_TEAM}
      </p>
      <p className="text-sm tabular-nums" data-testid="champion-record">
        {c.wins}-{c.losses}-{c.ties} · {c.points} {c.points === 1 ? 'point' : 'points'}
      </p>
      {c.members.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Champion team members">
          {c.members.map((m) => (
            <li key={m.discordId} className="flex items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm" data-testid="champion-member">
              <Avatar src={m.avatarUrl} name={m.displayName || UNKNOWN_PLAYER} />
              <span>
                <PlayerLink discordId={m.discordId} name={m.displayName || UNKNOWN_PLAYER} />
                {usernameOf?.(m.discordId) && usernameOf(m.discordId) !== m.displayName && (
                  <span className="ml-1 text-muted-foreground">@{usernameOf(m.discordId)}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
