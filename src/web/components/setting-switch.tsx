import { useId } from 'react';
import { Switch } from 'radix-ui';

/** A setting turned on or off at once: its label and hint on the left, the switch on the right (the host's tools, a league's rating). */
export function SettingSwitch({ label, checked, disabled, hint, onChange }: { label: string; checked: boolean; disabled: boolean; hint: string; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <label htmlFor={id} id={`${id}-label`} className="text-sm font-medium">
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
        // named by its label for checkers that do not follow a label to a button, too
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full border bg-muted transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[state=checked]:border-primary data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
      </Switch.Root>
    </div>
  );
}
