import type { ReactNode } from 'react';
import type { FilterCode, RuleCode } from '../../../domain/series/rules.ts';
import { TextField, type TextFieldProps } from '../../components/form-fields.tsx';
import { RulesFiltersInput } from './rules-filters-input.tsx';

// The fields a series and a hosted event share (the host form copies a series): the rules and filters, and the
// deck size limits.

interface RulesState {
  ruleOptions: RuleCode[];
  cardTypeFilters: FilterCode[];
  relay: boolean;
  dontShuffleDeck: boolean;
  tcgSegocRulings: boolean;
}
interface RulesErrors {
  ruleOptions?: string;
  cardTypeFilters?: string;
}

/** The rules and filters of a form's state: a change sets both and clears their errors. */
export function RulesFiltersFields<S extends RulesState, E extends RulesErrors>({ state, setState, errors, setErrors }: {
  state: S;
  setState: (update: (s: S) => S) => void;
  errors: E;
  setErrors: (update: (e: E) => E) => void;
}) {
  return (
    <RulesFiltersInput
      rules={state.ruleOptions}
      filters={state.cardTypeFilters}
      onChange={(ruleOptions, cardTypeFilters) => {
        setState((s) => ({ ...s, ruleOptions, cardTypeFilters }));
        setErrors((e) => ({ ...e, ruleOptions: undefined, cardTypeFilters: undefined }));
      }}
      room={{ relay: state.relay, dontShuffleDeck: state.dontShuffleDeck, tcgSegocRulings: state.tcgSegocRulings }}
      rulesError={errors.ruleOptions}
      filtersError={errors.cardTypeFilters}
    />
  );
}

type DeckSizeField = `${'min' | 'max'}${'Main' | 'Extra' | 'Side'}DeckSize`;

/** Each deck's minimum and maximum, two numbers a row; `num` binds a field to the form (fieldBinders). */
export function DeckSizeLimits({ num, note }: { num: (key: DeckSizeField) => TextFieldProps; note?: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Deck size limits</legend>
      {note}
      {(['Main', 'Extra', 'Side'] as const).map((deck) => (
        <div key={deck} className="grid grid-cols-2 gap-4">
          <TextField {...num(`min${deck}DeckSize`)} />
          <TextField {...num(`max${deck}DeckSize`)} />
        </div>
      ))}
    </fieldset>
  );
}
