import { useState, type FormEvent } from 'react';
import { CalendarCog, LoaderCircle } from 'lucide-react';
import type { EventSettingsBody } from '../../../../domain/api/event-night.ts';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { eventStage, settingEditable, type EventSettingField } from '../../../../domain/tournaments/event-settings.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useSiteBanlists } from '../../series/site-banlists.ts';
import { EventBanlistField } from '../hosting/event-banlist-field.tsx';
import { banlistChange, banlistChoiceOf } from '../hosting/event-banlist.ts';
import { EventFields, type EventField, type EventState } from '../hosting/event-fields.tsx';
import { useEventSettings } from './host-tools-api.ts';
import { eventBody, hostServerErrors, isoToLocal } from '../hosting/host-form-state.ts';
import { failureSentence } from '../tournament-view.ts';

const SAVE_FAILED = 'Failed to save the event settings. Please try again.';

/** The tournament's event settings as the form types them. */
export function eventStateOf(t: Tournament): EventState {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    startsAt: isoToLocal(t.startsAt), checkIn: t.checkIn, topCut: text(t.topCut), swissRounds: text(t.swissRounds),
    roundMinutes: String(t.roundMinutes), topCutRoundMinutes: String(t.topCutRoundMinutes), lateEntryRounds: String(t.lateEntryRounds),
    discordWebhookUrl: t.discordWebhookUrl ?? '', deckPrivacy: t.deckPrivacy, seedByRating: t.seedByRating,
  };
}

/** Only what the host changed goes to the server: a setting fixed since the start is never resent. */
export function changedSettings(before: EventState, after: EventState): EventSettingsBody {
  const a = eventBody(before) as Record<EventSettingField, unknown>;
  const b = eventBody(after) as Record<EventSettingField, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== a[k as EventSettingField])) as EventSettingsBody;
}

/** Admin Tools' 'Event settings': the Event tab of the host form as a dialog, editable as the stage allows. */
export function EventSettingsButton({ tournament: t }: { tournament: Tournament }) {
  const [open, setOpen] = useState(false);
  const stage = eventStage(t);
  if (stage === 'over') return null;
  return (
    <>
      <Button variant="secondary" size="sm" className="mobile:h-11 mobile:w-full" onClick={() => setOpen(true)} data-testid="event-settings-open">
        <CalendarCog aria-hidden="true" />
        Event settings
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <EventSettingsForm tournament={t} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function EventSettingsForm({ tournament: t, onDone }: { tournament: Tournament; onDone: () => void }) {
  const save = useEventSettings(t.uid);
  const [initial] = useState(() => eventStateOf(t));
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<EventField | 'banlistDate', string>>>({});
  const lists = useSiteBanlists();
  // the event's list among the site's is known once they load; untouched, the choice follows it
  const initialBanlist = banlistChoiceOf(t, lists.data);
  const [banlist, setBanlist] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const stage = eventStage(t);
  const formId = 'event-settings-form';

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const body = { ...changedSettings(initial, state), ...banlistChange(initialBanlist, banlist ?? initialBanlist) };
    if (Object.keys(body).length === 0) return onDone();
    save.mutate(body, {
      onSuccess: onDone,
      onError: (err) => {
        const status = (err as { status?: number }).status ?? 0;
        const { fields, form } = status === 400 || status === 409 ? hostServerErrors(err.message) : { fields: {}, form: undefined };
        setErrors(fields as Partial<Record<EventField | 'banlistDate', string>>);
        setFormError(form ?? (Object.keys(fields).length ? 'Please fix the highlighted fields.' : failureSentence(err, SAVE_FAILED)));
      },
    });
  }

  return (
    <DialogContent
      title="Event settings"
      description={
        stage === 'before'
          ? 'Every setting, the banlist included, may change until the start.'
          : 'The event has started: the clocks and the webhook still change (the running round’s clock follows), late entry may be shortened.'
      }
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4" aria-label="Event settings">
        {formError && <Alert>{formError}</Alert>}
        <EventBanlistField
          tournament={t}
          lists={lists.data}
          value={banlist ?? initialBanlist}
          onChange={(choice) => {
            setBanlist(choice);
            setErrors((x) => ({ ...x, banlistDate: undefined }));
          }}
          error={errors.banlistDate}
          locked={settingEditable('banlistDate', stage) ? null : 'Fixed once the event has started: the decks were checked against it.'}
        />
        <EventFields
          values={state}
          onChange={(key, value) => {
            setState((s) => ({ ...s, [key]: value }));
            setErrors((x) => ({ ...x, [key]: undefined }));
          }}
          errors={errors}
          format={t.format}
          teams={t.teams.filter((x) => !x.dropped).length}
          locked={(f) => (settingEditable(f, stage) ? null : 'Fixed once the event has started.')}
        />
      </form>
    </DialogContent>
  );
}
