import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  /** where the magnifier sits: `left-2.5` beside a `pl-8` field, `left-3` beside `pl-9` */
  iconClassName?: string;
  onValueChange: (value: string) => void;
};

/** A search field's magnifier and input, for a `relative` box. */
export function SearchInput({ iconClassName = 'left-2.5', onValueChange, ...input }: SearchInputProps) {
  return (
    <>
      <Search aria-hidden="true" className={`pointer-events-none absolute top-1/2 ${iconClassName} size-4 -translate-y-1/2 text-muted-foreground`} />
      <input type="search" {...input} onChange={(e) => onValueChange(e.target.value)} />
    </>
  );
}
