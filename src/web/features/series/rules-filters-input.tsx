import { useMemo } from 'react';
import { PRESETS, CUSTOM_PRESET, detectPreset, presetByName } from '../../../domain/series/presets.ts';
import { FILTER_CODES, FILTER_LABELS, RULE_CODES, RULE_LABELS, type FilterCode, type RuleCode } from '../../../domain/series/rules.ts';
import { edoproNumbers } from '../../../domain/series/edopro-numbers.ts';
import { cn } from '../../lib/cn.ts';
import { EdoproNumbersCard } from './edopro-numbers-card.tsx';
import { FieldMessage, SelectField } from '../../components/form-fields.tsx';

export interface RulesFiltersInputProps {
  rules: RuleCode[];
  filters: FilterCode[];
  onChange: (rules: RuleCode[], filters: FilterCode[]) => void;
  room: { relay: boolean; dontShuffleDeck: boolean; tcgSegocRulings: boolean };
  rulesError?: string;
  filtersError?: string;
}

const PRESET_OPTIONS = [
  ...PRESETS.map((p) => ({ value: p.name, label: p.name })),
  { value: CUSTOM_PRESET, label: CUSTOM_PRESET, disabled: true },
];

/** Preset selector plus the 32 rules and 5 filters; the preset shown is always re-detected from the sets. */
export function RulesFiltersInput({ rules, filters, onChange, room, rulesError, filtersError }: RulesFiltersInputProps) {
  const preset = detectPreset(rules, filters);
  const numbers = useMemo(() => edoproNumbers({ ruleOptions: rules, cardTypeFilters: filters, ...room }), [rules, filters, room]);
  const toggle = <T extends string>(list: T[], code: T, on: boolean) => (on ? [...list, code] : list.filter((c) => c !== code));

  return (
    <div className="space-y-6">
      <SelectField
        name="preset"
        label="Preset"
        value={preset}
        onChange={(name) => {
          const p = presetByName(name);
          if (p) onChange([...p.rules], [...p.filters]); // a preset replaces both sets
        }}
        options={PRESET_OPTIONS}
        hint="Choosing a preset replaces the rules and the filters. Any other combination is Custom."
        className="max-w-sm"
      />

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">Rules</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {RULE_CODES.map((code) => (
            <CodeBox key={code} code={code} label={RULE_LABELS[code]} checked={rules.includes(code)} onChange={(on) => onChange(toggle(rules, code, on), filters)} />
          ))}
        </div>
        <FieldMessage name="ruleOptions" error={rulesError} />
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">Card type filters</legend>
        <div className="grid gap-1.5 sm:grid-cols-3">
          {FILTER_CODES.map((code) => (
            <CodeBox key={code} code={code} label={FILTER_LABELS[code]} checked={filters.includes(code)} onChange={(on) => onChange(rules, toggle(filters, code, on))} />
          ))}
        </div>
        <FieldMessage name="cardTypeFilters" error={filtersError} />
      </fieldset>

      <EdoproNumbersCard titleAs="h2" duelFlags={numbers.duelFlags} roomDuelFlags={numbers.roomDuelFlags} forbiddenTypes={numbers.forbiddenTypes} />
    </div>
  );
}

function CodeBox({ code, label, checked, onChange }: { code: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2 text-sm hover:bg-muted/60',
        checked && 'border-primary/50 bg-primary/5',
      )}
      title={code}
    >
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]" />
      <span>{label}</span>
    </label>
  );
}
