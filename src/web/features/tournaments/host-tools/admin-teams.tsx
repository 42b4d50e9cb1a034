import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ArrowDownAZ, ArrowUpAZ, Archive, Check, ChevronDown, CircleCheck, CircleX, Eye, Flag, LoaderCircle, Undo2, UserMinus } from 'lucide-react';
import type { Member, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { SelectField } from '../../../components/form-fields.tsx';
import { DeckDialog, DeckReviewControls, DeckStatusPill, shownDeckOf } from '../decks/deck-dialog.tsx';
import {
  CLOSED_NOTE, DROP_TEAM_FAILED, captainName, failureSentence, hasApprovedDeck, playerName, sortTeams, teamName,
  unapprovedDecks, type SortDirection, type TeamSortKey,
} from '../tournament-view.ts';
import { useCheckIn } from '../playing/play-api.ts';
import { useTeamFocus } from '../team-focus.ts';
import { useTeamDecks } from '../decks/decks-api.ts';
import { useDropTeam } from '../playing/play-api.ts';
import { useTeams } from '../tournaments-api.ts';
import { SearchInput } from '../../../components/search-input.tsx';

/**
 * Admin Tools' Teams: the list of GET .../teams, which answers admins and the host the decks' own labels
 * (the tournament says 'Deck 1' to everyone); the tournament's teams until it has answered.
 */
export function TeamsSection({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const read = useTeams(t.uid, !t.closed);
  const teams = read.data ?? t.teams;
  const [sortKey, setSortKey] = useState<TeamSortKey>('joined');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [search, setSearch] = useState('');
  // a team named by the attention panel must be in the list to open
  const { request } = useTeamFocus();
  useEffect(() => {
    if (request) setSearch('');
  }, [request]);
  const shown = useMemo(() => sortTeams(teams, sortKey, direction, search), [teams, sortKey, direction, search]);
  const searchId = useId();

  if (t.closed) return <ClosedTeams tournament={t} />;
  const active = teams.filter((team) => !team.dropped).length;
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="team-count">
        <span className="font-semibold tabular-nums">{teams.length}</span> {teams.length === 1 ? 'team' : 'teams'}
        {active < teams.length && <span className="text-muted-foreground"> ({active} active)</span>}
      </p>
      <div className="flex items-end gap-2">
        <SelectField
          name="team-sort"
          label="Sort by"
          className="flex-1"
          value={sortKey}
          onChange={(v) => setSortKey(v as TeamSortKey)}
          options={[
            { value: 'name', label: 'Name' },
            { value: 'joined', label: 'Joined' },
          ]}
        />
        <Button
          variant="secondary"
          size="icon"
          onClick={() => setDirection((d) => (d === 'asc' ? 'desc' : 'asc'))}
          aria-label={direction === 'asc' ? 'Sort ascending (change to descending)' : 'Sort descending (change to ascending)'}
          title={direction === 'asc' ? 'Ascending' : 'Descending'}
        >
          {direction === 'asc' ? <ArrowDownAZ aria-hidden="true" /> : <ArrowUpAZ aria-hidden="true" />}
        </Button>
      </div>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search teams
        </label>
        <SearchInput
          id={searchId}
          value={search}
          onValueChange={setSearch}
          placeholder="Search teams..."
          className="h-9 w-full rounded-md border bg-background pr-3 pl-8 text-sm"
        />
      </div>
      {teams.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">No teams have joined yet</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No team matches the search.</p>
      ) : (
        // once matches fill the row under the panels (from 1280 px), a long list scrolls on its own
        // rather than pushing them down; before the start the desk takes the page's length
        <ul className={cn('space-y-2', (t.inProgress || t.completed) && 'min-[1280px]:max-h-[32rem] min-[1280px]:overflow-y-auto min-[1280px]:pr-1')} aria-label="Teams">
          {shown.map((team) => (
            <TeamRow key={team.uid} tournament={t} team={team} user={user} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** After Close the teams are gone: say so, with the number the final standings keep. */
function ClosedTeams({ tournament: t }: { tournament: Tournament }) {
  return (
    <div className="space-y-2" data-testid="closed-teams">
      <p className="text-sm" data-testid="team-count">
        <span className="font-semibold tabular-nums">{t.teamCount}</span> {t.teamCount === 1 ? 'team' : 'teams'} played
      </p>
      <p className="flex gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
        <Archive aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {CLOSED_NOTE}
      </p>
    </div>
  );
}

const CHECK_IN_FAILED = 'Failed to change the check-in. Please try again.';

/** The desk's focus after a check-in: the next team (in the list's order) not yet in, else this one. */
function focusDesk(button: HTMLButtonElement | null, where: 'self' | 'next') {
  if (!button) return;
  const desk = [...document.querySelectorAll<HTMLButtonElement>('[data-desk-check-in]')];
  const after = desk.slice(desk.indexOf(button) + 1).concat(desk.slice(0, desk.indexOf(button)));
  const next = where === 'next' ? after.find((b) => b.dataset.deskCheckIn === 'out' && !b.disabled && b.getClientRects().length > 0) : undefined;
  (next ?? button).focus();
}

function TeamRow({ tournament: t, team, user }: { tournament: Tournament; team: Team; user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [viewing, setViewing] = useState<{ member: Member; deckId: number } | null>(null);
  const drop = useDropTeam(t.uid);
  const panelId = useId();
  const memberIds = useMemo(() => team.members.map((m) => m.id), [team.members]);
  const decks = useTeamDecks(t.uid, memberIds, open);
  const name = teamName(team);
  // a completed (or cancelled) event takes no drop: the server refuses it
  const canDrop = !team.dropped && !t.completed && !t.cancelled;
  // before the start of an event with check-in: whether the team is in, and (once open) the host's
  // check-in for a player who cannot do it themselves
  const checkInShown = t.checkIn && !t.inProgress && !t.completed && !t.cancelled && !team.dropped;
  const checkIn = useCheckIn(t.uid);
  const deskButton = useRef<HTMLButtonElement>(null);
  /** the check-in state asked for, until the list shows it (it comes after the answer, by a refetch) */
  const refocus = useRef<boolean | null>(null);
  // the button is disabled while the check-in is sent (its focus then falls to the page body): once
  // shown, the desk moves on to the next team not yet in, or, after an undo or a failure, stays here
  useEffect(() => {
    const asked = refocus.current;
    if (asked === null || checkIn.isPending) return;
    if (!checkIn.isError && team.checkedIn !== asked) return;
    refocus.current = null;
    focusDesk(deskButton.current, asked && !checkIn.isError ? 'next' : 'self');
  }, [checkIn.isPending, checkIn.isError, team.checkedIn]);
  // named by the attention panel: open, in view, and the desk's button (else the row's) focused
  const row = useRef<HTMLLIElement>(null);
  const { request } = useTeamFocus();
  useEffect(() => {
    // a fresh request only: a row mounted again later (a tab shown again) does not take the focus back
    if (request?.uid !== team.uid || Date.now() - request.at > 2_000) return;
    setOpen(true);
    row.current?.scrollIntoView({ block: 'center' });
    (deskButton.current ?? row.current?.querySelector<HTMLButtonElement>('button[aria-expanded]'))?.focus({ preventScroll: true });
  }, [request, team.uid]);

  const viewedDeck = viewing ? decks.data?.[viewing.member.id]?.find((d) => d.id === viewing.deckId) : undefined;
  let viewError: string | undefined;
  if (viewing && decks.isError) {
    viewError = decks.error instanceof ApiError && decks.error.status === 404 ? 'Participant information not found' : `Failed to load deck data: ${decks.error.message}`;
  } else if (viewing && decks.data && !viewedDeck) viewError = "Couldn't find any decks for this participant";

  return (
    <li ref={row} className={cn('rounded-lg border', team.dropped && 'bg-muted/50')} data-testid="admin-team">
      <div className="flex items-center gap-2 p-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-left hover:bg-muted"
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold" data-testid="admin-team-name">
              {name}
            </span>
            <span className="block truncate text-xs text-muted-foreground">
              Captain: {captainName(team)} · {team.members.length} {team.members.length === 1 ? 'player' : 'players'}
            </span>
          </span>
          <Badge tone={team.dropped ? 'neutral' : 'unlimited'} data-testid="team-status">
            {team.dropped ? 'dropped' : 'active'}
          </Badge>
        </button>
        {canDrop && (
          <Button variant="ghost" size="sm" className="text-danger" onClick={() => setDropping(true)} aria-label={`Drop ${name}`}>
            <UserMinus aria-hidden="true" />
            Drop
          </Button>
        )}
      </div>
      {checkInShown && (
        <div className="flex flex-wrap items-center gap-2 border-t px-3 py-1.5">
          <Badge tone={team.checkedIn ? 'primary' : 'neutral'} data-testid="team-checked-in">
            {team.checkedIn ? 'checked in' : 'not checked in'}
          </Badge>
          {t.checkInStatus.open && (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              ref={deskButton}
              data-desk-check-in={team.checkedIn ? 'in' : 'out'}
              disabled={checkIn.isPending}
              onClick={() => {
                refocus.current = !team.checkedIn;
                checkIn.mutate({ teamUid: team.uid, checkedIn: !team.checkedIn });
              }}
              aria-label={team.checkedIn ? `Undo the check-in of ${name}` : `Check in ${name}`}
            >
              {checkIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : team.checkedIn ? <Undo2 aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
              {team.checkedIn ? 'Undo check-in' : 'Check in'}
            </Button>
          )}
          {checkIn.isError && (
            <div className="w-full">
              <Alert>{failureSentence(checkIn.error, CHECK_IN_FAILED)}</Alert>
            </div>
          )}
        </div>
      )}
      {open && (
        <ul id={panelId} className="space-y-2 border-t p-2" aria-label={`Players of ${name}`}>
          {team.members.map((m) => (
            <MemberRow key={m.id} member={m} captain={m.discordId === team.captainDiscordId} onView={(deckId) => setViewing({ member: m, deckId })} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={dropping}
        onOpenChange={(o) => {
          if (!o && !drop.isPending) {
            setDropping(false);
            drop.reset();
          }
        }}
        title="Drop team"
        description={`Drop the team ${name} from this tournament? This cannot be undone.`}
        confirmLabel="Drop Team"
        pendingLabel="Dropping…"
        pending={drop.isPending}
        onConfirm={() => drop.mutate(team.uid, { onSuccess: () => setDropping(false) })}
        error={drop.isError ? <Alert>{failureSentence(drop.error, DROP_TEAM_FAILED)}</Alert> : undefined}
      />
      <DeckDialog
        deck={viewedDeck && viewing ? shownDeckOf(viewedDeck, playerName(viewing.member)) : null}
        loading={!!viewing && decks.isPending}
        error={viewError}
        onClose={() => setViewing(null)}
        footer={undefined}
      >
        {viewedDeck && viewing && (
          <DeckReviewControls
            key={viewedDeck.id}
            uid={t.uid}
            participantId={viewing.member.id}
            deckId={viewedDeck.id}
            reviewerDiscordId={user.discordId}
            onDone={() => setViewing(null)}
          />
        )}
      </DeckDialog>
    </li>
  );
}

function MemberRow({ member: m, captain, onView }: { member: Member; captain: boolean; onView: (deckId: number) => void }) {
  const name = playerName(m);
  const ready = hasApprovedDeck(m);
  const toReview = unapprovedDecks(m);
  return (
    <li className="space-y-1.5 rounded-md bg-muted/40 p-2" data-testid="admin-player">
      <div className="flex items-center gap-2">
        <Avatar src={m.image} name={name} className="size-7" />
        <span className="min-w-0 flex-1">
          <PlayerLink discordId={m.discordId} name={name} className="block truncate text-sm font-medium" />
          {m.username && m.username !== name && <span className="block truncate text-xs text-muted-foreground">@{m.username}</span>}
        </span>
        {captain && (
          <Badge tone="primary" data-testid="captain-badge">
            <Flag aria-hidden="true" className="size-3" />
            Captain
          </Badge>
        )}
        <Badge tone={m.dropped ? 'neutral' : 'unlimited'}>{m.dropped ? 'dropped' : 'active'}</Badge>
      </div>
      <div className="flex items-center gap-1.5 pl-9 text-xs" data-testid="deck-count">
        {ready ? (
          <Check aria-label="Has an approved deck" role="img" className="size-4 text-unlimited" />
        ) : (
          <CircleX aria-label="No approved deck" role="img" className="size-4 text-danger" />
        )}
        <span className="tabular-nums">
          {m.submittedDecks.length} {m.submittedDecks.length === 1 ? 'deck' : 'decks'}
        </span>
      </div>
      {toReview.length > 0 && (
        <ul className="space-y-1 pl-9" aria-label={`Decks of ${name} to review`}>
          {toReview.map((d) => (
            <li key={d.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate" title={d.label} data-testid="review-deck-label">
                {d.label}
              </span>
              <DeckStatusPill status={d.status} />
              <Button variant="secondary" size="sm" onClick={() => onView(d.id)} aria-label={`View ${d.label} of ${name}`}>
                <Eye aria-hidden="true" />
                View
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
