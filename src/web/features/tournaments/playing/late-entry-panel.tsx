import { UserPlus } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { droppedAfterPlaying, REENTRY_REFUSED } from '../../../../domain/tournaments/late-entry.ts';
import { useSession } from '../../../lib/session.tsx';
import { DeckUploadForm } from '../decks/deck-upload-form.tsx';
import { SignupForm } from './player-panel.tsx';
import { ownEntry, teamName } from '../tournament-view.ts';
import { LoginButton } from '../../../components/sign-in-prompt.tsx';

/**
 * Late entry during the event (issue 19): while it is open the sign-up form stays on the page; a team
 * that entered during this round is told when it plays and may submit its deck until then.
 */
export function LateEntryPanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser | null }) {
  const { login } = useSession();
  const entry = user ? ownEntry(t, user.discordId) : undefined;
  const enteringNow = entry && entry.team.lateEntryRound > 0 && entry.team.lateEntryRound === t.currentRound;
  if (!t.lateEntryOpen && !enteringNow) return null;
  const next = t.currentRound + 1;
  // someone who played and dropped is not offered the form: the server refuses them
  const rejoining = !!user && !entry && droppedAfterPlaying(t.teams, user.discordId);
  const rounds = (n: number) => (n === 1 ? 'round 1' : `rounds 1 to ${n}`);

  if (entry) {
    if (!enteringNow || !user) return null;
    const submitted = entry.member.submittedDecks.length;
    return (
      <section aria-labelledby="late-entry-title" className="space-y-3" data-testid="late-entry-panel">
        <div className="space-y-1 rounded-xl border border-primary/40 bg-primary/5 p-4">
          <h2 id="late-entry-title" className="flex items-center gap-2 text-lg font-semibold">
            <UserPlus aria-hidden="true" className="size-5 text-primary" />
            You entered late
          </h2>
          <p className="text-sm break-words" data-testid="late-entry-note">
            {teamName(entry.team)} plays from round {next}, with a loss for {rounds(t.currentRound)}, which it missed.{' '}
            {submitted === 0
              ? `Submit your deck before round ${next} is paired.`
              : `Your deck is in: you may replace it until round ${next} is paired, then it is fixed.`}
          </p>
        </div>
        {submitted < t.decksAllowedPerPlayer && <DeckUploadForm tournament={t} user={user} submitted={submitted} />}
      </section>
    );
  }

  return (
    <section aria-labelledby="late-entry-title" className="space-y-3" data-testid="late-entry-panel">
      <div className="space-y-1 rounded-xl border border-primary/40 bg-primary/5 p-4">
        <h2 id="late-entry-title" className="flex items-center gap-2 text-lg font-semibold">
          <UserPlus aria-hidden="true" className="size-5 text-primary" />
          Late entry is open
        </h2>
        <p className="text-sm">
          Sign-ups stay open through round {t.lateEntryRounds}. A team that signs up now plays from round {next}, with a loss for{' '}
          {rounds(t.currentRound)}.
        </p>
        {rejoining && (
          <p className="text-sm font-medium" data-testid="late-entry-refused">
            {REENTRY_REFUSED}.
          </p>
        )}
        {!user && (
          <LoginButton className="mt-2" onLogin={login} />
        )}
      </div>
      {user && !rejoining && <SignupForm tournament={t} user={user} />}
    </section>
  );
}
