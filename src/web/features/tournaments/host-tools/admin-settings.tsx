import { useState } from 'react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { FORMAT_LABEL, TOURNAMENT_FORMATS, type TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/form-fields.tsx';
import { SettingSwitch } from '../../../components/setting-switch.tsx';
import { EventSettingsButton } from './event-settings-dialog.tsx';
import { failureSentence } from '../tournament-view.ts';
import { useAdminAction, useMarkRated } from './host-tools-api.ts';

const SETTING_FAILED = 'Failed to change the setting. Please try again.';

/** Admin Tools' Settings: the two one-way locks and the format (spec 2 §4 setting rules). */
export function SettingsSection({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const act = useAdminAction(t.uid);
  const [format, setFormat] = useState<TournamentFormat | null>(null);
  const started = t.inProgress || t.completed;
  const formatLocked = started || t.currentRound > 0 || t.cancelled;
  const failure = act.isError ? <Alert>{failureSentence(act.error, SETTING_FAILED)}</Alert> : undefined;

  return (
    <div className="space-y-4">
      <SettingSwitch
        label="Signups Open"
        checked={t.signupsOpen && !started}
        disabled={act.isPending || !t.signupsOpen || started || t.cancelled}
        hint={
          t.signupsOpen && !started
            ? 'Turning sign-ups off is final: they never reopen.'
            : t.lateEntryOpen
              ? `Late entry is open through round ${t.lateEntryRounds}; then sign-ups close for good.`
              : 'Sign-ups are closed for good.'
        }
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
      {!format && failure}
      <EventSettingsButton tournament={t} />
      <RatedSetting tournament={t} user={user} />
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
        error={failure}
      />
    </div>
  );
}

function FormatSelect({ value, disabled, onChange }: { value: TournamentFormat; disabled: boolean; onChange: (f: TournamentFormat) => void }) {
  const options = TOURNAMENT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f], disabled }));
  return (
    <SelectField name="admin-format" label="Format" value={value} onChange={(v) => onChange(v as TournamentFormat)} options={options} disabled={disabled} />
  );
}

/**
 * Rated (issue 29): only an admin (auth 2) marks an event rated, at any stage; the host sees the
 * state and who decides it.
 */
function RatedSetting({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const rate = useMarkRated(t.uid);
  if (user.auth < 2) {
    return (
      <p className="text-sm" data-testid="rated-setting">
        <span className="font-medium">{t.rated ? 'Rated' : 'Unrated'}</span>
        <span className="text-muted-foreground"> · an admin decides whether this event counts toward ratings.</span>
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="rated-setting">
      <SettingSwitch
        label="Rated"
        checked={t.rated}
        disabled={rate.isPending}
        hint={t.rated ? 'Counts toward its series’ ratings.' : 'Does not count toward ratings until you mark it rated.'}
        onChange={(on) => rate.mutate(on)}
      />
      {rate.isError && <Alert>{failureSentence(rate.error, SETTING_FAILED)}</Alert>}
    </div>
  );
}
