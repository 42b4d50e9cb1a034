import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Tabs } from 'radix-ui';
import { CalendarClock, CircleCheck, DoorOpen, Network, Rows3, Swords } from 'lucide-react';
import type { Match, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { byeSentence } from '../../../../domain/tournaments/engine/byes.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { cn } from '../../../lib/cn.ts';
import { SelectField } from '../../../components/form-fields.tsx';
import { BracketSectionView, MatchList, type MatchOpener } from './bracket-view.tsx';
import { MatchDialog } from './match-dialog.tsx';
import {
  ALL_ROUNDS, bracketSections, byRoundThenPosition, defaultRound, matchPlace, matchesSearch, ownMatch, resetRound, roundsToLoad,
  selectableRounds, sideName, sideOf, statusBadge, type RoundChoice,
} from './match-view.ts';
import { StandingsTable } from './standings-table.tsx';
import { standingsCutLine } from './cut-line.ts';
import { ownEntry, playerName, teamName } from '../tournament-view.ts';
import { useMatches, useStandings } from '../tournaments-api.ts';
import { useWideSlot } from '../wide-slot.ts';
import { ALL_IN, allResultsIn, ownClock, roundClockState } from './clock-view.ts';
import { DropControls } from './player-panel.tsx';
import { DuelSettings } from './room-card.tsx';
import { RoundClock, useServerSecond } from './round-clock.tsx';
import { currentRoundName, currentTimeCalled, dropWait } from './round-view.ts';
import { SearchInput } from '../../../components/search-input.tsx';

/** Spec 2 §2 In progress: the round banner, the viewer's own match, the bracket and matches, the leaderboard. */
export function InProgressPanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser | null }) {
  const [choice, setChoice] = useState<RoundChoice | null>(null);
  const round = choice ?? defaultRound(t);
  const shown = useMatches(t.uid, roundsToLoad(t, round));
  const standings = useStandings(t.uid, true);
  const entry = user ? ownEntry(t, user.discordId) : undefined;
  const [openId, setOpenId] = useState<number | null>(null);
  const all = shown.matches;
  const open = openId === null ? undefined : all.find((m) => m.id === openId);
  const mine = entry ? ownMatch(all, t.currentRound, entry.team.uid) : undefined;
  // issue 39: on a phone the player's own match comes before the round's banner (it has its own clock)
  const phone = useMediaQuery(MOBILE_QUERY);
  const yourMatch = entry && (all.length > 0 || !shown.isPending) && <YourMatch tournament={t} team={entry.team} match={mine} onOpen={setOpenId} />;

  return (
    <div className="space-y-5">
      {phone && yourMatch}
      <RoundBanner tournament={t} matches={all} />
      {!phone && yourMatch}
      {entry && user && !shown.isPending && <DropControls tournament={t} user={user} team={entry.team} member={entry.member} wait={dropWait(t, mine)} />}
      {shown.isPending && all.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading matches…
        </p>
      ) : shown.error && all.length === 0 ? (
        <Alert>Failed to load the matches: {shown.error.message}</Alert>
      ) : (
        <MatchesSection tournament={t} matches={all} round={round} onRound={setChoice} onOpen={setOpenId} ownTeamUid={entry?.team.uid} />
      )}
      {standings.data && (
        <StandingsTable standings={standings.data} title="Leaderboard" level={2} ownTeamUid={entry?.team.uid} cutLine={standingsCutLine(t, standings.data.rows)} />
      )}
      {standings.isError && <Alert>Failed to load the standings: {standings.error.message}</Alert>}
      <MatchDialog tournament={t} match={open} user={user} ownTeamUid={entry?.team.uid} resetRound={resetRound(all)} onClose={() => setOpenId(null)} />
    </div>
  );
}

/**
 * Where the round stands (issue 30 §4): its name ('Swiss round 2 of 3', 'Top 4: semifinals', 'Final'),
 * and its clock: counting down (green), time called (amber, with the end-of-match line), or stopped
 * once every result is in. The state is said in words too, and announced once when it changes.
 */
export function RoundBanner({ tournament: t, matches }: { tournament: Tournament; matches: readonly Match[] }) {
  const started = t.roundStartDates[t.currentRound - 1];
  const state = roundClockState(t.roundEndsAt, useServerSecond(), allResultsIn(matches, t.currentRound));
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border p-4',
        state === 'time' ? 'border-semi-limited bg-semi-limited/10' : state === 'all-in' ? 'border-primary/40 bg-primary/5' : 'border-live/40 bg-live/10',
      )}
      data-testid="round-banner"
      data-state={state}
    >
      <CalendarClock aria-hidden="true" className={cn('size-5', state === 'time' ? 'text-semi-limited-ink' : state === 'all-in' ? 'text-primary' : 'text-live-ink')} />
      <p className="text-lg font-semibold" data-testid="round-label">
        {currentRoundName(t, matches)}
      </p>
      {started && (
        <p className="text-sm text-muted-foreground">
          started <time dateTime={started}>{new Date(started).toLocaleString()}</time>
        </p>
      )}
      {t.roundEndsAt && (state === 'running' || state === 'time') && <RoundTimer endsAt={t.roundEndsAt} round={t.currentRound} running={state === 'running'} />}
      {/* present from the start, so that a screen reader hears the change once (the timer itself is silent) */}
      <div role="status" className={cn(state === 'all-in' ? 'ml-auto' : 'basis-full empty:sr-only')}>
        {state === 'time' && (
          <p className="text-sm font-semibold text-semi-limited-ink" data-testid="time-called">
            {currentTimeCalled(t, matches)}
          </p>
        )}
        {state === 'all-in' && (
          <p className="flex items-center gap-1.5 text-base font-semibold text-primary" data-testid="round-all-in">
            <CircleCheck aria-hidden="true" className="size-5" />
            {ALL_IN}
          </p>
        )}
      </div>
    </div>
  );
}

/** The banner's clock: 'Time left' beside it while it runs; at zero the clock's own 'Time' says it all. */
function RoundTimer({ endsAt, round, running }: { endsAt: string; round: number; running: boolean }) {
  return (
    <p className="ml-auto flex items-center gap-2 text-sm text-muted-foreground" data-testid="round-timer">
      {running && <span className="mobile:sr-only">Time left</span>}
      <RoundClock endsAt={endsAt} what={`Round ${round}`} size="lg" />
    </p>
  );
}

/**
 * The signed-in player's match first: the opponent, and the EDOPro numbers to host the room (the same
 * the left panel shows), with a button to the Match modal to report the score.
 */
function YourMatch({ tournament: t, team, match: m, onOpen }: { tournament: Tournament; team: Team; match: Match | undefined; onOpen: (id: number) => void }) {
  const side = m ? sideOf(m, team.uid) : null;
  const opponentId = m && side ? (side === 1 ? m.team2Id : m.team1Id) : null;
  const opponent = opponentId ? t.teams.find((x) => x.uid === opponentId) : undefined;
  const later = m && m.roundNumber > t.currentRound;
  return (
    <section aria-labelledby="your-match-title" className="space-y-3 rounded-xl border border-primary/40 bg-primary/5 p-4" data-testid="your-match">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="your-match-title" className="flex items-center gap-2 text-lg font-semibold">
          <Swords aria-hidden="true" className="size-5 text-primary" />
          Your Match
        </h2>
        {m && (
          <span className="text-sm text-muted-foreground">
            Match #{m.id} · {matchPlace(m)}
          </span>
        )}
        {m && m.table !== null && (
          <Badge tone="primary" className="text-sm" data-testid="your-table">
            Table {m.table}
          </Badge>
        )}
        {m && ownClock(m) && <RoundClock endsAt={ownClock(m)} what={`Table ${m.table ?? m.id}`} size="sm" />}
        {m && !m.bye && (
          <Badge tone={statusBadge(m).tone} className="ml-auto">
            {statusBadge(m).label}
          </Badge>
        )}
      </div>
      {!m ? (
        <p className="text-sm text-muted-foreground">You have no match this round.</p>
      ) : m.bye ? (
        <p className="text-sm" data-testid="your-bye">
          You have a bye this round. {byeSentence(m.bracket)}
        </p>
      ) : (
        <>
          <p className="text-base">
            <span className="font-semibold">{teamName(team)}</span> <span className="text-muted-foreground">vs</span>{' '}
            <span className="font-semibold" data-testid="opponent">
              {side ? sideName(m, side === 1 ? 2 : 1) : 'TBD'}
            </span>
            {later && <span className="text-sm text-muted-foreground"> (Round {m.roundNumber}, once the bracket gets there)</span>}
          </p>
          {opponent && (
            <p className="text-sm text-muted-foreground" data-testid="opponent-players">
              Opponent:{' '}
              {opponent.members.filter((p) => !p.dropped).map((p, i) => (
                <span key={p.discordId}>
                  {i > 0 && ', '}
                  <PlayerLink discordId={p.discordId} name={playerName(p)} />
                </span>
              ))}
            </p>
          )}
          {m.table !== null && !m.complete && !later && (
            <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="room-link">
              <DoorOpen aria-hidden="true" className="size-4 text-primary" />
              Meet in your EDOPro room:
              <button type="button" className="font-medium text-primary underline underline-offset-2 mobile:min-h-11" onClick={() => onOpen(m.id)}>
                Room name and password
              </button>
            </p>
          )}
          <DuelSettings tournament={t} />
          <Button onClick={() => onOpen(m.id)} className="mobile:h-11 mobile:w-full">
            {m.complete ? 'View Match' : 'Report Score'}
          </Button>
        </>
      )}
    </section>
  );
}

type MatchView = 'bracket' | 'list';

/** The bracket or the match list, a round selector and a team search (spec 2 §2). */
export function MatchesSection({
  tournament: t, matches, round, onRound, onOpen, ownTeamUid,
}: {
  tournament: Tournament;
  matches: readonly Match[];
  round: RoundChoice;
  onRound: (round: RoundChoice) => void;
  onOpen: (id: number) => void;
  ownTeamUid?: string;
}) {
  const searchId = useId();
  const wide = useWideSlot();
  const [view, setView] = useState<MatchView>('bracket');
  const [search, setSearch] = useState('');
  const rounds = useMemo(() => selectableRounds(t.currentRound, matches), [t.currentRound, matches]);
  const sections = useMemo(() => bracketSections(t.format, matches), [t.format, matches]);
  const opener: MatchOpener = { onOpen, ownTeamUid, search };
  const selectedRound = round === ALL_ROUNDS ? undefined : round;
  const inRound = (m: Match) => round === ALL_ROUNDS || m.roundNumber === round;

  const listed = matches.filter((m) => inRound(m) && matchesSearch(m, search)).sort(byRoundThenPosition);
  const swiss = matches.filter((m) => m.bracket === 'swiss' && inRound(m) && matchesSearch(m, search)).sort(byRoundThenPosition);

  if (matches.length === 0) return null;
  const section = (
    <section aria-labelledby="matches-title" className="@container space-y-3 rounded-xl border bg-card p-4 shadow-sm mobile:p-3" data-testid="matches">
      <Tabs.Root value={view} onValueChange={(v) => setView(v as MatchView)} className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="matches-title" className="text-lg font-semibold">
            Matches
          </h2>
          <Tabs.List aria-label="Match view" className="ml-auto inline-flex rounded-lg border bg-muted p-0.5">
            <Tabs.Trigger
              value="bracket"
              className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm mobile:h-11"
            >
              <Network aria-hidden="true" className="size-4" />
              Bracket
            </Tabs.Trigger>
            <Tabs.Trigger
              value="list"
              className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm mobile:h-11"
            >
              <Rows3 aria-hidden="true" className="size-4" />
              Match List
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <div className="grid grid-cols-[12rem_minmax(0,1fr)] items-end gap-3 mobile:grid-cols-1">
          <SelectField
            name="match-round"
            label="Round"
            value={String(round)}
            onChange={(v) => onRound(v === ALL_ROUNDS ? ALL_ROUNDS : Number(v))}
            options={[
              { value: ALL_ROUNDS, label: 'All rounds' },
              ...rounds.map((r) => ({ value: String(r), label: r === t.currentRound && !t.completed ? `Round ${r} (current)` : `Round ${r}` })),
            ]}
          />
          <div className="space-y-1.5">
            <label htmlFor={searchId} className="block text-sm font-medium">
              Find a team
            </label>
            <div className="relative">
              <SearchInput
                id={searchId}
                value={search}
                onValueChange={setSearch}
                placeholder="Team name…"
                className="h-10 w-full rounded-md border bg-background pr-3 pl-8 text-sm shadow-sm mobile:h-11"
              />
            </div>
          </div>
        </div>

        <Tabs.Content value="bracket" className="space-y-5" data-testid="bracket-view">
          {sections.map((s) => (
            <BracketSectionView key={s.bracket} section={s} selectedRound={selectedRound} {...opener} />
          ))}
          {t.format === 'DEFAULT' && (
            <section aria-label="Swiss Rounds" className="space-y-2" data-testid="swiss-rounds">
              <h3 className="text-sm font-semibold">
                Swiss Rounds{round !== ALL_ROUNDS && ` · Round ${round}`}
              </h3>
              <MatchList matches={swiss} empty={search ? 'No Swiss match of such a team in this round.' : `No Swiss matches in round ${round}.`} {...opener} />
              {sections.length === 0 && !t.completed && (
                <p className="text-xs text-muted-foreground">The top cut bracket appears here after the last Swiss round, when there is one.</p>
              )}
            </section>
          )}
        </Tabs.Content>
        <Tabs.Content value="list" data-testid="list-view">
          <MatchList matches={listed} empty={search ? 'No match of such a team in this round.' : 'No matches in this round.'} {...opener} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
  return wide ? createPortal(section, wide) : section;
}
