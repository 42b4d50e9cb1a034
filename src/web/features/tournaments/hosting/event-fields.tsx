import { useState, type ReactNode } from 'react';
import { LATE_ENTRY_ROUNDS_MAX, SWISS_ROUNDS_MAX, TOP_CUT_SIZES } from '../../../../domain/api/event-night.ts';
import { DECK_PRIVACIES, DECK_PRIVACY_HINT, DECK_PRIVACY_LABEL, DEFAULT_DECK_PRIVACY, type DeckPrivacy } from '../../../../domain/api/records.ts';
import type { TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { recommended } from '../../../../domain/tournaments/engine/round-count.ts';
import { cn } from '../../../lib/cn.ts';
import { FieldMessage, SelectField, TextField, Toggle, describedBy, inputClasses } from '../../../components/form-fields.tsx';
import { HOST_FIELD_LABEL, viewerTimeZone, type HostFormState } from './host-form-state.ts';

/** The Event tab's fields (issue 19), typed as the host form keeps them. */
export type EventState = Pick<HostFormState, 'startsAt' | 'checkIn' | 'topCut' | 'swissRounds' | 'roundMinutes' | 'topCutRoundMinutes' | 'lateEntryRounds' | 'discordWebhookUrl' | 'deckPrivacy' | 'seedByRating'>;
export type EventField = keyof EventState;

/** Radix selects take no empty value: the rule's recommendation is 'rule' there, '' in the state. */
const RULE = 'rule';
const SWISS_ONLY = 'Swiss → Top Cut only: round robin and double elimination ignore it.';

export interface EventFieldsProps {
  values: EventState;
  onChange: <K extends EventField>(key: K, value: EventState[K]) => void;
  errors: Partial<Record<EventField, string>>;
  format: TournamentFormat;
  /** active teams now (the settings dialog); absent on the host form, which asks how many are expected */
  teams?: number;
  /** a field that cannot change now, with the reason shown under it */
  locked?: (field: EventField) => string | null;
}

/**
 * Start time, check-in, top cut and Swiss rounds (with the rule's recommendation), the round clocks,
 * late entry and the Discord webhook: the host form's Event tab and the settings dialog.
 */
export function EventFields({ values: v, onChange, errors, format, teams, locked = () => null }: EventFieldsProps) {
  const [expected, setExpected] = useState('16');
  const n = teams ?? (/^\d{1,5}$/.test(expected.trim()) ? Number(expected) : 0);
  const rec = recommended(Math.max(n, 2));
  const swiss = format === 'DEFAULT';
  const text = (key: 'roundMinutes' | 'topCutRoundMinutes' | 'discordWebhookUrl', hint: string) => (
    <Locked reason={locked(key)}>
      <TextField
        name={key}
        label={HOST_FIELD_LABEL[key]}
        value={v[key]}
        onChange={(x) => onChange(key, x)}
        error={errors[key]}
        inputMode={key === 'discordWebhookUrl' ? 'text' : 'numeric'}
        hint={hint}
      />
    </Locked>
  );
  const cutLabel = (c: number) => (c === 0 ? 'No cut' : `Top ${c}`);

  return (
    <div className="space-y-5" data-testid="event-fields">
      <Locked reason={locked('startsAt')}>
        <StartInput value={v.startsAt} onChange={(x) => onChange('startsAt', x)} error={errors.startsAt} />
      </Locked>
      <Locked reason={locked('checkIn')}>
        <Toggle
          name="checkIn"
          label="Check-in"
          checked={v.checkIn}
          onChange={(x) => onChange('checkIn', x)}
          error={errors.checkIn}
          hint="Teams check in before the start, once you open check-in; Start drops the teams that did not."
        />
      </Locked>

      <fieldset className="space-y-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">Swiss rounds and top cut</legend>
        <p className="text-sm text-muted-foreground" data-testid="event-recommendation">
          {teams === undefined ? 'For ' : 'With '}
          <span className="font-medium text-foreground">{n} team{n === 1 ? '' : 's'}</span> the rule plays {rec.swissRounds} Swiss
          rounds and {rec.topCut ? `a top cut of ${rec.topCut}` : 'no top cut'}. Left on Recommended, the count at the start decides.
        </p>
        {teams === undefined && (
          <TextField
            name="expectedTeams"
            label="Expected teams"
            value={expected}
            onChange={setExpected}
            inputMode="numeric"
            hint="Only for the recommendation above; nothing is stored."
            className="max-w-48"
          />
        )}
        {/* Swiss only: the selects are disabled for other formats (not a fieldset, which would need a legend) */}
        <div className="grid gap-4 sm:grid-cols-2">
          <Locked reason={locked('topCut')}>
            <SelectField
              disabled={!swiss}
              name="topCut"
              label={HOST_FIELD_LABEL.topCut}
              value={v.topCut === '' ? RULE : v.topCut}
              onChange={(x) => onChange('topCut', x === RULE ? '' : x)}
              options={[
                { value: RULE, label: `Recommended (${cutLabel(rec.topCut).toLowerCase()})` },
                ...TOP_CUT_SIZES.map((c) => ({ value: String(c), label: cutLabel(c) })),
              ]}
              hint={swiss ? 'At the start, a cut larger than the teams there is refused.' : SWISS_ONLY}
            />
            <FieldMessage name="topCut" error={errors.topCut} />
          </Locked>
          <Locked reason={locked('swissRounds')}>
            <SelectField
              disabled={!swiss}
              name="swissRounds"
              label={HOST_FIELD_LABEL.swissRounds}
              value={v.swissRounds === '' ? RULE : v.swissRounds}
              onChange={(x) => onChange('swissRounds', x === RULE ? '' : x)}
              options={[
                { value: RULE, label: `Recommended (${rec.swissRounds})` },
                ...Array.from({ length: SWISS_ROUNDS_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
              ]}
              hint={swiss ? undefined : SWISS_ONLY}
            />
            <FieldMessage name="swissRounds" error={errors.swissRounds} />
          </Locked>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {text('roundMinutes', '0 for untimed; at most 240. A running round’s clock follows a change.')}
        {text('topCutRoundMinutes', '0 for untimed.')}
      </div>

      <Locked reason={locked('lateEntryRounds')}>
        <SelectField
          disabled={!swiss}
          name="lateEntryRounds"
          label={HOST_FIELD_LABEL.lateEntryRounds}
          value={v.lateEntryRounds || '0'}
          onChange={(x) => onChange('lateEntryRounds', x)}
          options={Array.from({ length: LATE_ENTRY_ROUNDS_MAX + 1 }, (_, i) => ({
            value: String(i),
            label: i === 0 ? 'No late entry' : `Through round ${i}`,
          }))}
          hint={
            swiss
              ? 'Sign-ups stay open through that round; a late team plays from the next one, with a loss for each round it missed.'
              : SWISS_ONLY
          }
        />
        <FieldMessage name="lateEntryRounds" error={errors.lateEntryRounds} />
      </Locked>

      {text('discordWebhookUrl', 'Optional: an https://discord.com/api/webhooks/… address. Only admins and you see it.')}

      <Locked reason={locked('deckPrivacy')}>
        <SelectField
          name="deckPrivacy"
          label={HOST_FIELD_LABEL.deckPrivacy}
          value={v.deckPrivacy || DEFAULT_DECK_PRIVACY}
          onChange={(x) => onChange('deckPrivacy', x)}
          options={DECK_PRIVACIES.map((p) => ({ value: p, label: DECK_PRIVACY_LABEL[p] }))}
          hint={`${DECK_PRIVACY_HINT[(v.deckPrivacy || DEFAULT_DECK_PRIVACY) as DeckPrivacy]} During the event decks stay private.`}
        />
        <FieldMessage name="deckPrivacy" error={errors.deckPrivacy} />
      </Locked>
      <Locked reason={locked('seedByRating')}>
        <Toggle
          name="seedByRating"
          label={HOST_FIELD_LABEL.seedByRating}
          hint="Round 1 pairs the players by their rating in this event’s series instead of at random."
          checked={v.seedByRating}
          onChange={(x) => onChange('seedByRating', x)}
          error={errors.seedByRating}
        />
      </Locked>
    </div>
  );
}

/** A field that cannot change now: disabled, with the reason under it. */
function Locked({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (!reason) return <div className="min-w-0 space-y-1">{children}</div>;
  return (
    <fieldset disabled className="min-w-0 space-y-1 opacity-70">
      {children}
      <p className="text-xs text-muted-foreground">{reason}</p>
    </fieldset>
  );
}

/** A datetime-local input on the viewer's own clock, saying which one. */
function StartInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const hint = `In your time zone (${viewerTimeZone()}); everyone sees it in theirs. Empty: no start time.`;
  const aria = describedBy('startsAt', hint, error);
  return (
    <div className="space-y-1.5">
      <label htmlFor={aria.id} className="block text-sm font-medium">
        {HOST_FIELD_LABEL.startsAt}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          {...aria}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={cn(inputClasses(!!error), 'h-10 max-w-64 min-w-0 flex-1 tabular-nums')}
        />
        {value && (
          <button type="button" onClick={() => onChange('')} className="rounded text-sm font-medium text-primary underline">
            Clear
          </button>
        )}
      </div>
      <FieldMessage name="startsAt" hint={hint} error={error} />
    </div>
  );
}
