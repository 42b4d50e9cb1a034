import { useState } from 'react';
import { UserMinus } from 'lucide-react';
import type { Team, Tournament } from '../../../../domain/api/tournaments.ts';
import { lateEntryAtStart } from '../../../../domain/tournaments/late-entry.ts';
import { swissRoundsOf } from '../../../../domain/tournaments/engine/round-count.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { DROP_TEAM_FAILED, failureSentence, teamName, teamsWithoutApprovedDeck } from '../tournament-view.ts';
import { useDropTeam } from '../playing/play-api.ts';
import { useTeams } from '../tournaments-api.ts';
import { useAdminAction } from './host-tools-api.ts';

const START_FAILED = 'Failed to start the tournament. Please try again.';

/**
 * Start asks first (issue 18): it locks sign-ups for good and pairs every active team, those without an
 * approved deck too. Start is the first button and has the focus (issue 39: Enter starts, it never drops
 * anyone); the teams without an approved deck are named, and dropping them is a choice of its own that
 * asks again (one team drop each, as the Drop button does).
 */
export function StartDialog({ tournament: t, open, onClose }: { tournament: Tournament; open: boolean; onClose: () => void }) {
  const read = useTeams(t.uid, open);
  const teams = read.data ?? t.teams;
  const act = useAdminAction(t.uid);
  const drop = useDropTeam(t.uid);
  const [dropping, setDropping] = useState(false);
  const [askDrop, setAskDrop] = useState(false);
  const [dropError, setDropError] = useState<string>();
  // with check-in, Start drops the teams that did not check in (issue 19): they are named here
  const noShows = t.checkIn ? teams.filter((x) => !x.dropped && !x.checkedIn) : [];
  const active = teams.filter((x) => !x.dropped).length - noShows.length;
  // the late entry the start will keep (decision 016), as the server works it out
  const lateThrough = lateEntryAtStart(t.format, t.lateEntryRounds, t.signupsOpen, swissRoundsOf(active, t));
  const missing = teamsWithoutApprovedDeck(teams).filter((x) => !noShows.includes(x));
  const busy = dropping || act.isPending;

  async function dropMissing() {
    setDropping(true);
    setDropError(undefined);
    try {
      for (const team of missing) await drop.mutateAsync(team.uid);
    } catch (e) {
      setDropError(failureSentence(e, DROP_TEAM_FAILED));
    } finally {
      // the new count before the buttons come back: a second press would drop nobody twice
      await read.refetch();
      setDropping(false);
      setAskDrop(false);
    }
  }

  const close = () => {
    if (busy) return;
    setDropError(undefined);
    setAskDrop(false);
    act.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Start tournament"
      description={
        <>
          {lateThrough > 0 ? (
            <span data-testid="start-signups">
              Sign-ups stay open as late entries through round {lateThrough}; after that nobody can join.{' '}
            </span>
          ) : (
            <span data-testid="start-signups">Sign-ups lock for good: nobody can join after this. </span>
          )}
          <span data-testid="start-team-count">
            {active === 1 ? '1 team is' : `${active} teams are`} paired for round 1.
          </span>
        </>
      }
      confirmLabel="Start Tournament"
      pendingLabel="Starting…"
      pending={busy}
      recommended
      confirmDisabled={active < 2}
      onConfirm={() => act.mutate({ kind: 'start' }, { onSuccess: onClose })}
      error={
        act.isError || dropError ? <Alert>{dropError ?? failureSentence(act.error, START_FAILED)}</Alert> : undefined
      }
    >
      {active < 2 && (
        <p className="text-sm font-medium">
          {t.checkIn ? 'A tournament needs at least 2 checked-in teams to start.' : 'A tournament needs at least 2 active teams to start.'}
        </p>
      )}
      {noShows.length > 0 && (
        <div className="space-y-2 rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm" data-testid="start-no-shows">
          <p className="font-medium">
            {noShows.length === 1 ? '1 team has' : `${noShows.length} teams have`} not checked in and {noShows.length === 1 ? 'is' : 'are'} dropped
            when the tournament starts:
          </p>
          <TeamNames label="Teams that have not checked in" teams={noShows} />
        </div>
      )}
      {missing.length > 0 && (
        <div className="space-y-2 rounded-lg border border-limited/50 bg-limited/10 p-3 text-sm" data-testid="teams-without-deck">
          <p className="font-medium">
            {missing.length === 1 ? '1 team has' : `${missing.length} teams have`} no approved deck
            {t.manualDeckChecking ? ' (decks are checked by hand here)' : ''} and would play without one:
          </p>
          <TeamNames label="Teams without an approved deck" teams={missing} />
          <p className="text-muted-foreground">
            {t.manualDeckChecking ? 'Check their decks from Needs attention first, or ' : 'You may '}drop them before the start: they cannot come back in.
          </p>
          {askDrop ? (
            <div className="space-y-2" role="group" aria-label="Drop the teams without an approved deck">
              <p className="font-medium">Drop {missing.length === 1 ? 'this team' : `these ${missing.length} teams`} for good?</p>
              <div className="flex flex-wrap gap-2 mobile:flex-col mobile:[&>*]:w-full">
                <Button size="sm" className="bg-danger text-white hover:bg-danger/90 mobile:h-11" onClick={() => void dropMissing()} disabled={busy}>
                  <UserMinus aria-hidden="true" />
                  {dropping ? 'Dropping…' : `Drop ${missing.length === 1 ? '1 team' : `${missing.length} teams`}`}
                </Button>
                <Button variant="secondary" size="sm" className="mobile:h-11" onClick={() => setAskDrop(false)} disabled={busy}>
                  Keep them
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" size="sm" className="text-danger mobile:h-11 mobile:w-full" onClick={() => setAskDrop(true)} disabled={busy}>
              <UserMinus aria-hidden="true" />
              {`Drop ${missing.length === 1 ? 'this team' : `these ${missing.length} teams`}…`}
            </Button>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}

/** The teams a Start confirmation names: a long list scrolls, and a keyboard can scroll it. */
function TeamNames({ label, teams }: { label: string; teams: readonly Pick<Team, 'uid' | 'name'>[] }) {
  return (
    <ul aria-label={label} tabIndex={teams.length > 6 ? 0 : undefined} className="max-h-36 list-disc space-y-0.5 overflow-y-auto pl-5">
      {teams.map((team) => (
        <li key={team.uid} className="break-words">
          {teamName(team)}
        </li>
      ))}
    </ul>
  );
}
