// /players/{discordId} (issue 20): a player's name and avatar, ratings per series, every completed
// event with its report and the deck where it was published, their leagues (issue 41: the runs, the
// matches won and lost, the best run), and head-to-head records.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Star, Trophy } from 'lucide-react';
import type { PlayerProfile } from '../../../domain/api/players.ts';
import { ordinal } from '../../../domain/tournaments/standings/placements.ts';
import { BackLink, PageFailure, StatusLine } from '../../components/page-states.tsx';
import { PlayerLink } from '../../components/player-link.tsx';
import { ScrollTable, type Column } from '../../components/scroll-table.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { dateText, recordText, usePlayerProfile } from './players-api.ts';

/** Opponents shown before "Show all" (a long career meets hundreds). */
const HEAD_TO_HEAD_SHOWN = 12;

export function PlayerPage() {
  const { discordId = '' } = useParams();
  const profile = usePlayerProfile(discordId);
  useDocumentTitle(profile.data ? profile.data.displayName : 'Player');
  const status = profile.error instanceof ApiError ? profile.error.status : undefined;

  return (
    <section className="space-y-5" aria-label="Player profile">
      <BackLink to="/players">Leaderboard</BackLink>
      {profile.isPending ? (
        <StatusLine>Loading the profile…</StatusLine>
      ) : status === 404 || status === 400 ? (
        <PageFailure title="Player">Player not found: nobody with this id has signed in or played a recorded event.</PageFailure>
      ) : profile.isError ? (
        <PageFailure title="Player" onRetry={() => void profile.refetch()}>
          Failed to load the profile: {profile.error.message}
        </PageFailure>
      ) : (
        <ProfileView p={profile.data} />
      )}
    </section>
  );
}

function ProfileView({ p }: { p: PlayerProfile }) {
  const titles = p.events.filter((e) => e.champion).length;
  return (
    <>
      <header className="flex items-center gap-4">
        <Avatar src={p.avatarUrl} name={p.displayName} className="size-16 text-2xl" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold" data-testid="player-name">
            {p.displayName}
          </h1>
          <p className="text-sm text-muted-foreground" data-testid="player-summary">
            {p.events.length} {p.events.length === 1 ? 'event' : 'events'}
            {titles > 0 && ` · ${titles} ${titles === 1 ? 'title' : 'titles'}`}
            {p.leagueRecord.leagues > 0 && ` · ${p.leagueRecord.leagues} ${p.leagueRecord.leagues === 1 ? 'league' : 'leagues'}`}
          </p>
        </div>
      </header>
      <Ratings ratings={p.ratings} />
      <Events events={p.events} />
      <Leagues leagues={p.leagues} record={p.leagueRecord} />
      <HeadToHead rows={p.headToHead} />
    </>
  );
}

function Ratings({ ratings }: { ratings: PlayerProfile['ratings'] }) {
  return (
    <section aria-labelledby="ratings-title" className="space-y-2">
      <h2 id="ratings-title" className="text-lg font-semibold">
        Ratings
      </h2>
      {ratings.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rating yet: ratings come from rated matches of events and leagues in a series.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 mobile:grid-cols-1" data-testid="player-ratings">
          {ratings.map((r) => (
            <li key={r.seriesUid} className="rounded-xl border bg-card p-4" data-testid="player-rating">
              <Link to={`/players?series=${encodeURIComponent(r.seriesUid)}`} className="font-medium text-primary hover:underline">
                {r.seriesName}
              </Link>
              <p className="mt-1 flex items-baseline gap-2">
                <span className="text-2xl font-bold tabular-nums" data-testid="rating-value">
                  {Math.round(r.rating)}
                </span>
                <span className="text-sm text-muted-foreground tabular-nums" title="Rating deviation: how uncertain the rating still is">
                  ± {Math.round(r.rd)}
                </span>
              </p>
              <p className="text-sm text-muted-foreground">
                #{r.rank} on the leaderboard · {r.events} {r.events === 1 ? 'event' : 'events'}
                {r.leagues > 0 && ` · ${r.leagues} ${r.leagues === 1 ? 'league' : 'leagues'}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The events table's columns: their classes and headings. */
const EVENT_COLUMNS: readonly Column[] = [
  ['py-2 pr-2 pl-4', 'Event'], ['px-2 py-2 mobile:hidden', 'Date'], ['px-2 py-2', 'Placement'],
  ['px-2 py-2 text-right whitespace-nowrap', 'W-L-T'], ['py-2 pr-4 pl-2', 'Deck'],
];

function Events({ events }: { events: PlayerProfile['events'] }) {
  return (
    <section aria-labelledby="events-title" className="rounded-xl border bg-card">
      <h2 id="events-title" className="border-b px-4 py-3 font-semibold">
        Events
      </h2>
      {events.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted-foreground">No completed event yet.</p>
      ) : (
        <ScrollTable label="Events table" columns={EVENT_COLUMNS}>
          {events.map((e) => {
            const report = `/tournaments/${encodeURIComponent(e.tournamentUid)}/report`;
            return (
              <tr key={e.tournamentUid} className="border-t align-top" data-testid="player-event">
                <td className="py-2 pr-2 pl-4">
                  <Link to={report} className="font-medium text-primary hover:underline" data-testid="player-event-link">
                    {e.name}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    {e.seriesName && `${e.seriesName} · `}
                    <span data-testid="player-event-rated">{e.rated ? 'Rated' : 'Unrated'}</span>
                  </span>
                  <span className="block text-xs text-muted-foreground desktop:hidden">{dateText(e.date)}</span>
                </td>
                <td className="px-2 py-2 whitespace-nowrap text-muted-foreground mobile:hidden">{dateText(e.date)}</td>
                <td className="px-2 py-2 whitespace-nowrap">
                  <span className="inline-flex items-center gap-1 font-medium" data-testid="player-event-placement">
                    {e.champion && <Trophy aria-label="Champion" className="size-4 text-limited-ink" />}
                    {e.placement}
                  </span>
                  <span className="block text-xs text-muted-foreground">of {e.teams}</span>
                </td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{recordText(e)}</td>
                <td className="py-2 pr-4 pl-2">
                  {e.archetype && e.deckId !== null ? (
                    <Link to={`${report}#deck-${e.deckId}`} className="hover:underline" data-testid="player-event-deck">
                      <Badge tone="primary">{e.archetype}</Badge>
                    </Link>
                  ) : (
                    <span className="text-xs text-muted-foreground">Not published</span>
                  )}
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
    </section>
  );
}

const PHASE: Record<PlayerProfile['leagues'][number]['phase'], string> = { running: 'Running', deciding: 'Ended', final: 'Final' };
const runPath = (leagueId: string, runId: number) => `/leagues/${encodeURIComponent(leagueId)}/runs/${runId}`;

/** The leagues table's columns. */
const LEAGUE_COLUMNS: readonly Column[] = [
  ['py-2 pr-2 pl-4', 'League'], ['px-2 py-2', 'Place'], ['px-2 py-2 text-right', 'Runs'],
  ['px-2 py-2 text-right whitespace-nowrap', 'W–L'], ['py-2 pr-4 pl-2', 'Best run'],
];

/** The player's leagues (issue 41): the league record over all of them, then each league's runs, record, best run and place. */
function Leagues({ leagues, record: r }: { leagues: PlayerProfile['leagues']; record: PlayerProfile['leagueRecord'] }) {
  return (
    <section aria-labelledby="leagues-title" className="rounded-xl border bg-card" data-testid="player-leagues">
      <div className="space-y-1 border-b px-4 py-3">
        <h2 id="leagues-title" className="font-semibold">
          Leagues
        </h2>
        {r.leagues > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="league-record">
            {r.runs} {r.runs === 1 ? 'run' : 'runs'} · {r.wins}–{r.losses} in matches
            {r.perfectRuns > 0 && ` · ${r.perfectRuns} perfect`}
            {r.bestRun && (
              <>
                {' · best run '}
                <Link to={runPath(r.bestRun.leagueId, r.bestRun.runId)} className="font-medium text-primary underline underline-offset-2 tabular-nums" data-testid="league-best-run">
                  {r.bestRun.wins}–{r.bestRun.losses}
                </Link>
              </>
            )}
          </p>
        )}
      </div>
      {leagues.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted-foreground">No league run yet.</p>
      ) : (
        <ScrollTable label="Leagues table" columns={LEAGUE_COLUMNS}>
          {leagues.map((l) => (
            <tr key={l.leagueId} className="border-t align-top" data-testid="player-league">
              <td className="py-2 pr-2 pl-4">
                <Link to={l.phase === 'final' ? `/leagues/${encodeURIComponent(l.leagueId)}/report` : `/leagues/${encodeURIComponent(l.leagueId)}`} className="font-medium text-primary hover:underline">
                  {l.name}
                </Link>
                <span className="block text-xs text-muted-foreground">
                  {l.seriesName} · {PHASE[l.phase]} · {l.rated ? 'Rated' : 'Unrated'}
                </span>
                <span className="block text-xs text-muted-foreground">{dateText(l.startsAt)} – {dateText(l.endsAt)}</span>
              </td>
              <td className="px-2 py-2 whitespace-nowrap" data-testid="player-league-place">
                {l.place !== null ? (
                  <>
                    <span className="inline-flex items-center gap-1 font-medium">
                      {l.place === 1 && <Trophy aria-label="First place" className="size-4 text-limited-ink" />}
                      {ordinal(l.place)}
                    </span>
                    <span className="block text-xs text-muted-foreground">of {l.players}</span>
                  </>
                ) : (
                  <span className="text-xs text-muted-foreground">{l.phase === 'final' ? 'Not placed' : 'Not final yet'}</span>
                )}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {l.runs}
                {l.perfectRuns > 0 && (
                  <span className="ml-1 inline-flex items-center text-limited-ink">
                    <Star aria-hidden="true" className="size-3.5 fill-current" />
                    <span className="sr-only">, {l.perfectRuns} perfect</span>
                  </span>
                )}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums" data-testid="player-league-record">{l.wins}–{l.losses}</td>
              <td className="py-2 pr-4 pl-2">
                {l.bestRun ? (
                  <span className="flex flex-wrap items-center gap-1.5">
                    <Link to={runPath(l.leagueId, l.bestRun.runId)} className="font-medium text-primary underline underline-offset-2 tabular-nums" data-testid="player-league-best">
                      {l.bestRun.wins}–{l.bestRun.losses}
                    </Link>
                    {l.archetype && <Badge tone="primary">{l.archetype}</Badge>}
                  </span>
                ) : (
                  <span className="text-xs text-muted-foreground">No result yet</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

function HeadToHead({ rows }: { rows: PlayerProfile['headToHead'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, HEAD_TO_HEAD_SHOWN);
  return (
    <section aria-labelledby="h2h-title" className="rounded-xl border bg-card">
      <h2 id="h2h-title" className="border-b px-4 py-3 font-semibold">
        Head-to-head
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted-foreground">No rated match yet.</p>
      ) : (
        <>
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-4">Opponent</th>
                <th scope="col" className="px-2 py-2 text-right">Matches</th>
                <th scope="col" className="py-2 pr-4 pl-2 text-right whitespace-nowrap">W-L-T</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((h) => (
                <tr key={h.discordId} className="border-t" data-testid="head-to-head">
                  <td className="py-2 pr-2 pl-4">
                    <PlayerLink discordId={h.discordId} name={h.displayName} className="text-primary" />
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{h.wins + h.losses + h.ties}</td>
                  <td className="py-2 pr-4 pl-2 text-right tabular-nums">{recordText(h)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > HEAD_TO_HEAD_SHOWN && (
            <div className="border-t px-4 py-2">
              <Button variant="ghost" size="sm" onClick={() => setAll(!all)} aria-expanded={all}>
                {all ? 'Show fewer' : `Show all ${rows.length} opponents`}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
