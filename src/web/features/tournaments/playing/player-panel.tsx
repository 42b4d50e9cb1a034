import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, LogOut, UserPlus, Users } from 'lucide-react';
import type { Member, Team, Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { inputClasses } from '../../../components/form-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { isOneVsOne, personName } from '../../../../domain/tournaments/signup-name.ts';
import { DeckUploadForm } from '../decks/deck-upload-form.tsx';
import { OwnDecks } from '../decks/own-decks.tsx';
import { DROP_SELF_FAILED, DROP_TEAM_FAILED, NO_PARTICIPANT_ID, SIGNUP_FAILED, failureSentence, teamName } from '../tournament-view.ts';
import { useDropParticipant, useDropTeam, useSignup } from './play-api.ts';

/** Spec 2 §2 centre panel before the start, for a signed-in user: sign up, or play. */
export function PlayerPanel({ tournament: t, user, entry }: { tournament: Tournament; user: CurrentUser; entry?: { team: Team; member: Member } }) {
  if (!entry) {
    if (!t.signupsOpen) {
      return (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground" data-testid="signups-closed">
          Sign-ups are closed.
        </p>
      );
    }
    return <SignupForm tournament={t} user={user} />;
  }
  return <PlayerArea tournament={t} user={user} team={entry.team} member={entry.member} />;
}

export function SignupForm({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const signup = useSignup(t.uid);
  const id = useId();
  const [name, setName] = useState('');
  const [blank, setBlank] = useState(false);
  // one player a side: the team is the player, under their own name unless they type another (issue 39 §2)
  const solo = isOneVsOne(t);
  const own = personName(user);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() && !solo) {
      setBlank(true);
      return;
    }
    signup.mutate({
      name: name.trim() || undefined,
      captainDiscordId: user.discordId,
      members: [{ discordId: user.discordId, image: user.avatarUrl, dropped: false, submittedDecks: [] }],
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <UserPlus aria-hidden="true" className="size-5 text-primary" />
          Sign Up
        </h2>
        <p className="text-sm text-muted-foreground">
          {solo ? 'You play under your own name, or a team name you choose; then submit your deck.' : 'You sign up as a team with yourself as captain; then submit your deck.'}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          Team name{solo && <span className="font-normal text-muted-foreground"> (optional)</span>}
        </label>
        <input
          id={id}
          type="text"
          value={name}
          autoComplete="off"
          placeholder={solo ? own : `e.g. ${own}'s team`}
          aria-invalid={blank || undefined}
          aria-describedby={blank ? `${id}-error` : solo ? `${id}-hint` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setBlank(false);
          }}
          className={cn(inputClasses(blank, { mutedPlaceholder: false }), 'h-10')}
        />
        {solo && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Left empty, you play as {own}.
          </p>
        )}
        {blank && (
          <p id={`${id}-error`} className="text-sm font-medium text-danger">
            Team name is required
          </p>
        )}
      </div>
      {signup.isError && <Alert>{failureSentence(signup.error, SIGNUP_FAILED)}</Alert>}
      <Button type="submit" disabled={signup.isPending}>
        {signup.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <UserPlus aria-hidden="true" />}
        Sign Up
      </Button>
    </form>
  );
}

function PlayerArea({ tournament: t, user, team, member }: { tournament: Tournament; user: CurrentUser; team: Team; member: Member }) {
  const submitted = member.submittedDecks.length;
  const canUpload = submitted < t.decksAllowedPerPlayer;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <Users aria-hidden="true" className="size-5 text-primary" />
        <p className="min-w-0 flex-1 text-sm">
          You're signed up as <span className="font-semibold" data-testid="own-team">{teamName(team)}</span>
          {team.captainDiscordId === user.discordId && <span className="text-muted-foreground"> (captain)</span>}
        </p>
      </div>

      {!t.deckSubmissionOpen ? (
        <p className="rounded-xl border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid="deck-submission-closed">
          Deck submission is closed.
        </p>
      ) : canUpload ? (
        <DeckUploadForm tournament={t} user={user} submitted={submitted} />
      ) : (
        <p className="rounded-xl border border-dashed p-4 text-center text-sm text-muted-foreground">
          You have submitted {t.decksAllowedPerPlayer === 1 ? 'the one deck' : `all ${t.decksAllowedPerPlayer} decks`} this tournament
          allows; delete one to submit another.
        </p>
      )}

      <OwnDecks tournament={t} user={user} team={team} member={member} />

      <DropControls tournament={t} user={user} team={team} member={member} />
    </div>
  );
}

/**
 * Drop from the tournament (yourself; the last member leaving drops the team), and for admins the whole
 * team. During the event `wait` says why not now (round-view.ts dropWait): the buttons wait with it.
 */
export function DropControls({ tournament: t, user, team, member, wait }: { tournament: Tournament; user: CurrentUser; team: Team; member: Member; wait?: string | null }) {
  const dropSelf = useDropParticipant(t.uid);
  const dropTeam = useDropTeam(t.uid);
  const [asking, setAsking] = useState<'self' | 'team' | null>(null);
  const [selfError, setSelfError] = useState<string>();
  const isAdmin = user.auth >= 2;
  // the server refuses every drop once the event is over (or called off)
  if (t.completed || t.cancelled) return null;

  const close = () => {
    if (dropSelf.isPending || dropTeam.isPending) return;
    setAsking(null);
    setSelfError(undefined);
    dropSelf.reset();
    dropTeam.reset();
  };

  return (
    <div className="flex flex-wrap gap-2 border-t pt-4 mobile:flex-col mobile:[&>*]:w-full" data-testid="drop-controls">
      {wait && (
        <p id={`drop-wait-${member.id}`} className="w-full text-sm text-muted-foreground" data-testid="drop-wait">
          {wait}
        </p>
      )}
      <Button variant="secondary" className="text-danger" disabled={!!wait} aria-describedby={wait ? `drop-wait-${member.id}` : undefined} onClick={() => setAsking('self')}>
        <LogOut aria-hidden="true" />
        Drop from Tournament
      </Button>
      {isAdmin && (
        <Button variant="secondary" className="text-danger" disabled={!!wait} onClick={() => setAsking('team')}>
          <Users aria-hidden="true" />
          Drop Team from Tournament
        </Button>
      )}
      <ConfirmDialog
        open={asking === 'self'}
        onOpenChange={(o) => !o && close()}
        title="Drop from tournament"
        description={
          t.inProgress
            ? 'Drop from this tournament? You will not be paired again; your results so far stay in the standings. This cannot be undone.'
            : 'Drop from this tournament? You will not be paired again, and this cannot be undone.'
        }
        confirmLabel="Drop"
        pendingLabel="Dropping…"
        pending={dropSelf.isPending}
        onConfirm={() => {
          if (typeof member.id !== 'number') return setSelfError(NO_PARTICIPANT_ID);
          dropSelf.mutate(member.id, { onSuccess: () => setAsking(null) });
        }}
        error={selfError || dropSelf.isError ? <Alert>{selfError ?? failureSentence(dropSelf.error, DROP_SELF_FAILED)}</Alert> : undefined}
      />
      <ConfirmDialog
        open={asking === 'team'}
        onOpenChange={(o) => !o && close()}
        title="Drop team"
        description={`Drop the team ${teamName(team)} from this tournament? This cannot be undone.`}
        confirmLabel="Drop Team"
        pendingLabel="Dropping…"
        pending={dropTeam.isPending}
        onConfirm={() => dropTeam.mutate(team.uid, { onSuccess: () => setAsking(null) })}
        error={dropTeam.isError ? <Alert>{failureSentence(dropTeam.error, DROP_TEAM_FAILED)}</Alert> : undefined}
      />
    </div>
  );
}
