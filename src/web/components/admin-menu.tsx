// The admins' menu in the header (issue 39): the pages only admins use. On wide screens a disclosure
// (a button that shows a list of links: the pattern for site navigation, and no menu library in the
// first page's bundle); in the folded menu, a labelled group of links.
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export const ADMIN_LINKS = [
  { to: '/admin/people', label: 'People' },
  { to: '/admin/log', label: 'Admin log' },
  { to: '/admin/archetypes', label: 'Archetype signatures' },
] as const;

const linkClasses = cn(
  'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
  'aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary',
);

export function AdminMenu({ stacked, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const id = useId();
  if (stacked) {
    return (
      <div role="group" aria-labelledby={id} className="mt-1 border-t pt-2">
        <p id={id} className="px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Admin</p>
        <ul className="flex flex-col gap-1">
          {ADMIN_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} onClick={onNavigate} className={cn(linkClasses, 'py-3 text-base')}>{l.label}</NavLink>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <AdminDisclosure id={id} />;
}

/** Closes on Escape (focus back on the button), on a click elsewhere and when the page changes. */
function AdminDisclosure({ id }: { id: string }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openPath, setOpenPath] = useState(pathname);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  if (openPath !== pathname) {
    setOpenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div ref={box} className="relative">
      <button
        ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}
        className={cn(linkClasses, 'inline-flex items-center gap-1', pathname.startsWith('/admin/') && 'bg-primary/10 text-primary', open && 'bg-muted')}
      >
        Admin
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={id} hidden={!open} className="absolute right-0 z-50 mt-1.5 min-w-52 rounded-lg border bg-card p-1 shadow-lg">
        {ADMIN_LINKS.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={cn(linkClasses, 'text-foreground')}>{l.label}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
