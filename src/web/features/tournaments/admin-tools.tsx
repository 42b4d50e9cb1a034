import { useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Switch, Tabs } from 'radix-ui';
import {
  ArrowDownAZ, ArrowUpAZ, Ban, Check, ChevronDown, CircleX, Download, Eye, FlaskConical, Flag, LoaderCircle, Lock, Play, Search,
  SkipForward, Trophy, UserMinus,
} from 'lucide-react';
import type { Member, Team, Tournament } from '../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { FORMAT_LABEL, TOURNAMENT_FORMATS, type TournamentFormat } from '../../../domain/tournament/formats.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { SelectField } from '../series/series-form-fields.tsx';
import { DeckDialog, DeckReviewControls, DeckStatusPill, shownDeckOf } from './deck-dialog.tsx';
import {
  captainName, hasApprovedDeck, playerName, sortTeams, teamName, unapprovedDecks, type SortDirection, type TeamSortKey,
} from './tournament-view.ts';
import {
  downloadFile, useAdminAction, useAudit, useDropTeam, useScoreboard, useTeamDecks, type AdminAction,
} from './tournaments-api.ts';

const SECTIONS = [
  { id: 'actions', label: 'Actions' },
  { id: 'settings', label: 'Settings' },
  { id: 'teams', label: 'Teams' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** Spec 2 §2 'Admin Tools' (privileged users): Actions, Settings, Teams; tabs below 768 px. */
export function AdminTools({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [tab, setTab] = useState<SectionId>('actions');
  const content: Record<SectionId, ReactNode> = {
    actions: <ActionsSection tournament={t} />,
    settings: <SettingsSection tournament={t} />,
    teams: <TeamsSection tournament={t} user={user} />,
  };

  return (
    <section aria-labelledby="admin-tools-title" className="rounded-xl border bg-card shadow-sm" data-testid="admin-tools">
      <h2 id="admin-tools-title" className="border-b px-4 py-3 text-lg font-semibold">
        Admin Tools
      </h2>
      {isMobile ? (
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as SectionId)}>
          <Tabs.List aria-label="Admin Tools" className="grid grid-cols-3 border-b">
            {SECTIONS.map((s) => (
              <Tabs.Trigger
                key={s.id}
                value={s.id}
                className="border-b-2 border-transparent px-2 py-2.5 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-primary"
              >
                {s.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SECTIONS.map((s) => (
            <Tabs.Content key={s.id} value={s.id} className="p-4">
              {content[s.id]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <div className="divide-y">
          {SECTIONS.map((s) => (
            <section key={s.id} aria-labelledby={`admin-${s.id}`} className="space-y-3 p-4">
              <h3 id={`admin-${s.id}`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {s.label}
              </h3>
              {content[s.id]}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

// ---- Actions -----------------------------------------------------------------------------------

type Confirming = { action: AdminAction; title: string; description: string; confirm: string } | null;

function ActionsSection({ tournament: t }: { tournament: Tournament }) {
  const navigate = useNavigate();
  const act = useAdminAction(t.uid);
  const scoreboard = useScoreboard(t.uid, t.inProgress && !t.completed);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState<string>();
  const [zipBusy, setZipBusy] = useState(false);

  const started = t.inProgress || t.completed;
  // the scoreboard's state says whether the round is complete and whether the engine has a champion
  const state = scoreboard.data?.state;
  const roundComplete = !!state && state.currentRound === t.currentRound && state.roundComplete;
  const championUid = state?.championTeamUid ?? t.championTeamUid;
  // the last round, or a double elimination decided early (no grand-final reset needed)
  const finishing = t.roundCount > 0 && (t.currentRound >= t.roundCount || !!championUid);
  const championName = championUid ? t.teams.find((team) => team.uid === championUid)?.name : undefined;
  const pending = act.isPending;
  const roundMatches = scoreboard.data?.matches.filter((m) => m.roundNumber === t.currentRound) ?? [];
  const openMatches = roundMatches.filter((m) => !m.complete).length;
  const flagged = roundMatches.filter((m) => m.flaggedForReview).length;

  const run = (action: AdminAction, after?: () => void) => {
    setNotice(undefined);
    act.mutate(action, {
      onSuccess: () => {
        setConfirming(null);
        after?.();
      },
    });
  };

  async function downloadDecks() {
    setNotice(undefined);
    if (!t.winnerTeamUid) {
      setNotice('Deck download is available after the tournament has a winner.');
      return;
    }
    setZipBusy(true);
    try {
      await downloadFile(t.uid, '/decks.zip', `${t.name}-decks.zip`);
    } catch {
      setNotice('Failed to download decks. Please try again.');
    } finally {
      setZipBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-2">
        <Button onClick={() => run({ kind: 'start' })} disabled={pending || started || t.cancelled}>
          <Play aria-hidden="true" />
          Start Tournament
        </Button>
        {finishing && t.inProgress ? (
          <Button
            variant="secondary"
            disabled={pending || t.completed || !(roundComplete || championUid)}
            onClick={() =>
              setConfirming({
                action: { kind: 'winner' },
                title: 'Mark winner',
                description: championName
                  ? `Mark ${championName} as the winner and complete this tournament? Matches cannot be changed afterwards.`
                  : 'Mark the winner and complete this tournament? The team with the most points wins, more wins breaking a tie.',
                confirm: 'Mark Winner',
              })
            }
          >
            <Trophy aria-hidden="true" />
            Mark Winner
          </Button>
        ) : (
          <Button variant="secondary" disabled={pending || !t.inProgress || t.completed || !roundComplete} onClick={() => run({ kind: 'next-round' })}>
            <SkipForward aria-hidden="true" />
            Next Round ({t.currentRound}/{t.roundCount})
          </Button>
        )}
        {t.inProgress && !t.completed && state && !roundComplete && !championUid && (
          <p className="text-xs text-muted-foreground" data-testid="round-progress">
            {openMatches === 1 ? '1 match' : `${openMatches} matches`} of round {t.currentRound} still to finish
            {flagged > 0 && `, ${flagged} flagged`}.
          </p>
        )}
        <Button
          variant="secondary"
          disabled={pending || !t.completed || t.closed}
          onClick={() =>
            setConfirming({
              action: { kind: 'close' },
              title: 'Close tournament',
              description: 'Close this tournament? Its teams, matches and decks are deleted for good; the final standings stay.',
              confirm: 'Close Tournament',
            })
          }
        >
          <Lock aria-hidden="true" />
          Close Tournament
        </Button>
        <Button variant="secondary" onClick={() => void downloadDecks()} disabled={zipBusy}>
          {zipBusy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
          Download All Decks (.zip)
        </Button>
        <Button
          variant="secondary"
          className="text-danger"
          disabled={pending || t.completed || t.cancelled}
          onClick={() =>
            setConfirming({
              action: { kind: 'cancel' },
              title: 'Cancel tournament',
              description: 'Cancel this tournament? It disappears from the lists, and this cannot be undone.',
              confirm: 'Cancel Tournament',
            })
          }
        >
          <Ban aria-hidden="true" />
          Cancel Tournament
        </Button>
        <Button variant="ghost" onClick={() => run({ kind: 'seed-test' })} disabled={pending || started || t.cancelled}>
          <FlaskConical aria-hidden="true" />
          Seed Test Data
        </Button>
      </div>
      {notice && (
        <p role="alert" className="text-sm font-medium text-danger">
          {notice}
        </p>
      )}
      {act.isError && !confirming && <Alert>{act.error.message}</Alert>}
      <AuditLog uid={t.uid} />
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => {
          if (!o && !pending) {
            setConfirming(null);
            act.reset();
          }
        }}
        title={confirming?.title ?? ''}
        description={confirming?.description ?? ''}
        confirmLabel={confirming?.confirm ?? ''}
        pendingLabel="Working…"
        pending={pending}
        onConfirm={() =>
          confirming &&
          run(confirming.action, confirming.action.kind === 'cancel' ? () => void navigate('/tournaments', { replace: true }) : undefined)
        }
        error={act.isError ? <Alert>{act.error.message}</Alert> : undefined}
      />
    </div>
  );
}

/** Who did what (rules.md: every privileged action is logged; the host may read it); loads when opened. */
function AuditLog({ uid }: { uid: string }) {
  const [open, setOpen] = useState(false);
  const audit = useAudit(uid, open);
  return (
    <details className="rounded-lg border text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium">Audit log</summary>
      <div className="border-t px-3 py-2">
        {audit.isPending ? (
          <p className="text-muted-foreground">Loading…</p>
        ) : audit.isError ? (
          <p className="text-danger">Failed to load the audit log</p>
        ) : audit.data.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="max-h-64 space-y-1.5 overflow-y-auto" aria-label="Audit log entries">
            {[...audit.data].reverse().map((e) => (
              <li key={e.id} className="leading-snug">
                <span className="font-medium">{e.action}</span> by {e.actorName || 'Unknown User'}
                <time dateTime={e.at} className="block text-xs text-muted-foreground">
                  {new Date(e.at).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

// ---- Settings ----------------------------------------------------------------------------------

function SettingsSection({ tournament: t }: { tournament: Tournament }) {
  const act = useAdminAction(t.uid);
  const [format, setFormat] = useState<TournamentFormat | null>(null);
  const started = t.inProgress || t.completed;
  const formatLocked = started || t.currentRound > 0 || t.cancelled;

  return (
    <div className="space-y-4">
      <SettingSwitch
        label="Signups Open"
        checked={t.signupsOpen && !started}
        disabled={act.isPending || !t.signupsOpen || started || t.cancelled}
        hint={t.signupsOpen && !started ? 'Turning sign-ups off is final: they never reopen.' : 'Sign-ups are closed for good.'}
        onChange={(open) => !open && act.mutate({ kind: 'toggle-signups', open: false })}
      />
      <SettingSwitch
        label="Deck Submission Open"
        checked={t.deckSubmissionOpen && !t.completed}
        disabled={act.isPending || !t.deckSubmissionOpen || t.completed || t.cancelled}
        hint={t.deckSubmissionOpen && !t.completed ? 'Turning deck submission off is final.' : 'Deck submission is closed for good.'}
        onChange={(open) => !open && act.mutate({ kind: 'toggle-deck-submission', open: false })}
      />
      <div className="space-y-1">
        {/* the select only asks; the confirmation changes the format */}
        <FormatSelect value={t.format} disabled={formatLocked || act.isPending} onChange={(f) => f !== t.format && setFormat(f)} />
        {formatLocked && <p className="text-xs text-muted-foreground">The format can only change before the start.</p>}
      </div>
      {act.isError && !format && <Alert>{act.error.message}</Alert>}
      <ConfirmDialog
        open={!!format}
        onOpenChange={(o) => {
          if (!o && !act.isPending) {
            setFormat(null);
            act.reset();
          }
        }}
        title="Change format"
        description={format ? `Change the format from ${FORMAT_LABEL[t.format]} to ${FORMAT_LABEL[format]}?` : ''}
        confirmLabel="Change Format"
        pendingLabel="Changing…"
        pending={act.isPending}
        onConfirm={() => format && act.mutate({ kind: 'format', format }, { onSuccess: () => setFormat(null) })}
        error={act.isError ? <Alert>{act.error.message}</Alert> : undefined}
      />
    </div>
  );
}

function FormatSelect({ value, disabled, onChange }: { value: TournamentFormat; disabled: boolean; onChange: (f: TournamentFormat) => void }) {
  const options = TOURNAMENT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f], disabled }));
  return (
    <fieldset disabled={disabled} className="disabled:opacity-70">
      <SelectField name="admin-format" label="Format" value={value} onChange={(v) => onChange(v as TournamentFormat)} options={options} />
    </fieldset>
  );
}

function SettingSwitch({ label, checked, disabled, hint, onChange }: { label: string; checked: boolean; disabled: boolean; hint: string; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full border bg-muted transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[state=checked]:border-primary data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
      </Switch.Root>
    </div>
  );
}

// ---- Teams -------------------------------------------------------------------------------------

function TeamsSection({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const [sortKey, setSortKey] = useState<TeamSortKey>('joined');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => sortTeams(t.teams, sortKey, direction, search), [t.teams, sortKey, direction, search]);
  const searchId = useId();

  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="team-count">
        <span className="font-semibold tabular-nums">{t.teams.length}</span> {t.teams.length === 1 ? 'team' : 'teams'}
        {t.teams.some((team) => team.dropped) && (
          <span className="text-muted-foreground"> ({t.teams.filter((team) => !team.dropped).length} active)</span>
        )}
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
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search teams..."
          className="h-9 w-full rounded-md border bg-background pr-3 pl-8 text-sm"
        />
      </div>
      {t.teams.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">No teams have joined yet</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No team matches the search.</p>
      ) : (
        <ul className="space-y-2" aria-label="Teams">
          {shown.map((team) => (
            <TeamRow key={team.uid} tournament={t} team={team} user={user} />
          ))}
        </ul>
      )}
    </div>
  );
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

  const viewedDeck = viewing ? decks.data?.[viewing.member.id]?.find((d) => d.id === viewing.deckId) : undefined;
  let viewError: string | undefined;
  if (viewing && decks.isError) {
    viewError = decks.error instanceof ApiError && decks.error.status === 404 ? 'Participant information not found' : `Failed to load deck data: ${decks.error.message}`;
  }
  else if (viewing && decks.data && !viewedDeck) viewError = "Couldn't find any decks for this participant";

  return (
    <li className={cn('rounded-lg border', team.dropped && 'bg-muted/50')} data-testid="admin-team">
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
        {!team.dropped && (
          <Button variant="ghost" size="sm" className="text-danger" onClick={() => setDropping(true)} aria-label={`Drop ${name}`}>
            <UserMinus aria-hidden="true" />
            Drop
          </Button>
        )}
      </div>
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
        error={drop.isError ? <Alert>Failed to drop team. Please try again or contact an admin.</Alert> : undefined}
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
          <span className="block truncate text-sm font-medium">{name}</span>
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
              <span className="min-w-0 flex-1 truncate" title={d.label}>
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
