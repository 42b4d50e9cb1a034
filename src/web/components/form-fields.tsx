import { useState, type ReactNode } from 'react';
import { Select, Tabs } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Alert } from './ui/alert.tsx';

// Small form primitives of the site's forms (series, hosting, the host's tools): a label, the control, a hint
// and the error at the field. The ids keep the 'series-' prefix they were born with: the pages' markup carries it.

export const fieldId = (name: string) => `series-${name}`;
const errorId = (name: string) => `series-${name}-error`;
const hintId = (name: string) => `series-${name}-hint`;

/**
 * A text control's classes. `mutedPlaceholder: false` leaves the placeholder in the browser's colour, as the
 * event's sign-up and deck upload have always drawn it.
 */
export const inputClasses = (invalid?: boolean, { mutedPlaceholder = true } = {}) =>
  cn(
    'w-full rounded-md border bg-background px-3 py-2 text-sm shadow-sm',
    mutedPlaceholder && 'placeholder:text-muted-foreground',
    invalid && 'border-danger ring-1 ring-danger',
  );

/** aria wiring of a control with its hint and error. */
export function describedBy(name: string, hint?: ReactNode, error?: string) {
  const ids = [hint ? hintId(name) : '', error ? errorId(name) : ''].filter(Boolean).join(' ');
  return { id: fieldId(name), 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export function FieldMessage({ name, hint, error }: { name: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId(name)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(name)} className="text-sm font-medium text-danger" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </>
  );
}

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  inputMode?: 'numeric' | 'text';
  className?: string;
  mono?: boolean;
}

export function TextField({ name, label, value, onChange, error, hint, multiline, rows = 4, inputMode, className, mono }: TextFieldProps) {
  const aria = describedBy(name, hint, error);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={aria.id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...aria}
          rows={rows}
          value={value}
          spellCheck={!mono}
          onChange={(e) => onChange(e.target.value)}
          className={cn(inputClasses(!!error), mono && 'font-mono text-xs')}
        />
      ) : (
        <input
          {...aria}
          type="text"
          inputMode={inputMode}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={cn(inputClasses(!!error), 'h-10', inputMode === 'numeric' && 'tabular-nums')}
        />
      )}
      <FieldMessage name={name} hint={hint} error={error} />
    </div>
  );
}

export interface ToggleProps {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
}

/** A checkbox with its label and hint; the whole row is clickable. */
export function Toggle({ name, label, checked, onChange, hint, error }: ToggleProps) {
  const aria = describedBy(name, hint, error);
  return (
    <div className="space-y-1">
      {/* the label holds its checkbox: no `for` needed (a redundant one is a validator's error) */}
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted/60">
        <input
          {...aria}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
        />
        <span className="text-sm">
          <span className="font-medium">{label}</span>
          {hint && <span className="mt-0.5 block text-xs text-muted-foreground">{hint}</span>}
        </span>
      </label>
      {error && <FieldMessage name={name} error={error} />}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * Inside a form Radix keeps a hidden native select whose empty <option> stands for "nothing chosen",
 * which HTML refuses (an empty option needs a label). A value that no option has keeps it out; the
 * placeholder is then shown as the value's text.
 */
const NOTHING_CHOSEN = '\u0000';

/** A Radix select with a visible label. */
export function SelectField({
  name, label, value, onChange, options, placeholder, hint, className, disabled,
}: {
  name: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const labelId = `${fieldId(name)}-label`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <span id={labelId} className="block text-sm font-medium">
        {label}
      </span>
      <Select.Root value={value || NOTHING_CHOSEN} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          id={fieldId(name)}
          aria-labelledby={labelId}
          className={cn(inputClasses(), 'flex h-10 items-center justify-between gap-2 text-left disabled:opacity-70')}
        >
          <Select.Value>{value ? undefined : placeholder}</Select.Value>
          <Select.Icon>
            <ChevronDown aria-hidden="true" className="size-4 opacity-60" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content position="popper" sideOffset={4} className="z-50 max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border bg-card shadow-lg">
            <Select.Viewport className="p-1">
              {options.map((o) => (
                <Select.Item
                  key={o.value}
                  value={o.value}
                  disabled={o.disabled}
                  className="relative flex cursor-pointer items-center rounded py-2 pr-3 pl-8 text-sm outline-none select-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-primary/10 data-[highlighted]:text-primary"
                >
                  <Select.ItemIndicator className="absolute left-2">
                    <Check aria-hidden="true" className="size-4" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{o.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

// ---- a tabbed form: its fields bound to state and errors, its error summary, its tabs' error marks -----------

type Setter<T> = (update: (previous: T) => T) => void;

/**
 * Binds a form's fields to its state and errors: `set(key)` changes a value and clears its error; `num(key)` and
 * `flag(key)` spread into a numeric TextField and a Toggle, labelled from `labels`.
 */
export function fieldBinders<S extends object, F extends string>(
  state: S,
  setState: Setter<S>,
  errors: Partial<Record<F, string>>,
  setErrors: Setter<Partial<Record<F, string>>>,
  labels: Record<F, string>,
) {
  const set = <K extends keyof S>(key: K) => (value: S[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };
  const field = (key: keyof S & F, hint?: string) => ({ name: key, label: labels[key], error: errors[key], hint });
  const num = (key: keyof S & F, hint?: string) => ({
    ...field(key, hint),
    value: state[key] as string,
    onChange: set(key) as (v: string) => void,
    inputMode: 'numeric' as const,
  });
  const flag = (key: keyof S & F, hint?: string) => ({ ...field(key, hint), checked: state[key] as boolean, onChange: set(key) as (v: boolean) => void });
  return { set, num, flag };
}

/**
 * A tabbed form's state: its values, the tab shown, each field's error and the form's own sentence; `showErrors`
 * sets the errors and shows the first field with one. The fields bind through `set`, `num` and `flag`.
 */
export function useTabbedForm<S extends object, F extends string, T>({ initial, firstTab, labels, tabOf, firstErrorTab }: {
  initial: () => S;
  firstTab: T;
  labels: Record<F, string>;
  tabOf: Record<F, T>;
  /** the first tab, in the form's order, that holds one of these errors */
  firstErrorTab: (errors: Partial<Record<F, string>>) => T | undefined;
}) {
  const [state, setState] = useState<S>(initial);
  const [tab, setTab] = useState<T>(firstTab);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<ReactNode>();
  const showErrors = (next: Partial<Record<F, string>>) => {
    setErrors(next);
    showFirstError(next, tabOf, firstErrorTab(next), setTab);
  };
  const errorTabs = tabsWithErrors(errors, tabOf);
  return { state, setState, tab, setTab, errors, setErrors, formError, setFormError, showErrors, errorTabs, ...fieldBinders(state, setState, errors, setErrors, labels) };
}

/** Moves the focus to a field once its tab has been drawn. */
export const focusField = (name: string) => setTimeout(() => document.getElementById(fieldId(name))?.focus(), 0);

/** Shows the first tab that holds an error (`first`, in the form's tab order) and focuses its first field with one. */
export function showFirstError<F extends string, T>(errors: Partial<Record<F, string>>, tabOf: Record<F, T>, first: T | undefined, showTab: (tab: T) => void) {
  if (!first) return;
  showTab(first);
  const field = (Object.keys(errors) as F[]).find((f) => errors[f] && tabOf[f] === first);
  if (field) focusField(field);
}

/** The tabs that hold a field with an error. */
export function tabsWithErrors<F extends string, T>(errors: Partial<Record<F, string>>, tabOf: Record<F, T>): Set<T> {
  return new Set((Object.entries(errors) as [F, string | undefined][]).filter(([, m]) => m).map(([f]) => tabOf[f]));
}

/** The form's sentence (a string is set as one line) and each field's error as a link to the field, on its tab. */
export function ErrorSummary<F extends string, T>({ formError, errors, labels, tabOf, showTab }: {
  formError?: ReactNode;
  errors: Partial<Record<F, string>>;
  labels: Record<F, string>;
  tabOf: Record<F, T>;
  showTab: (tab: T) => void;
}) {
  const listed = (Object.entries(errors) as [F, string | undefined][]).filter(([, m]) => m);
  if (!formError && listed.length === 0) return null;
  return (
    <Alert>
      {typeof formError === 'string' ? <p className="font-medium">{formError}</p> : formError}
      {listed.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {listed.map(([f, m]) => (
            <li key={f}>
              <button
                type="button"
                className="rounded underline"
                onClick={() => {
                  showTab(tabOf[f]);
                  focusField(f);
                }}
              >
                {labels[f]}
              </button>
              : {m}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** A tabbed form's tabs, each marked when one of its fields has an error. */
export function ErrorMarkedTabs<T extends string>({ tabs, errorTabs, className }: { tabs: readonly { id: T; label: string }[]; errorTabs: Set<T>; className: string }) {
  return tabs.map((t) => (
    <Tabs.Trigger key={t.id} value={t.id} className={className}>
      {t.label}
      <TabErrorMark shown={errorTabs.has(t.id)} />
    </Tabs.Trigger>
  ));
}

/** A tab's mark when one of its fields has an error. */
function TabErrorMark({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <>
      <span aria-hidden="true" className="ml-1.5 inline-block size-2 rounded-full bg-danger align-middle" />
      <span className="sr-only"> (has errors)</span>
    </>
  );
}
