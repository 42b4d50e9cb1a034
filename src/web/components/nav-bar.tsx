import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogIn, LogOut, Menu, Settings, Swords, X } from 'lucide-react';
import type { CurrentUser } from '../../domain/api/users.ts';
import { nameOf } from '../../domain/users/display-name.ts';
import { cn } from '../lib/cn.ts';
import { useSession } from '../lib/session.tsx';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { AdminMenu } from './admin-menu.tsx';
import { Avatar } from './ui/avatar.tsx';
import { Button, buttonClasses } from './ui/button.tsx';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/banlist', label: 'Banlist' },
  { to: '/cards', label: 'Cards' },
  { to: '/series', label: 'Series' },
  { to: '/tournaments', label: 'Tournaments' },
  { to: '/leagues', label: 'Leagues' },
  { to: '/meta', label: 'Meta' },
  { to: '/players', label: 'Players' },
  { to: '/judgement', label: 'Judgement', minAuth: 2 },
] as const satisfies ReadonlyArray<{ to: string; label: string; end?: boolean; minAuth?: number }>;

export interface MobileMenu {
  isMobile: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * The links fold into the menu below 1,136 px, not only on phones: with Leagues (issue 41) a player's
 * eight links and the account need 999 px, 1,125 px with the longest name the header shows (160 px).
 */
const MENU_QUERY = '(width < 1136px)';
/** An admin's header holds Judgement and the Admin menu too (issue 39): 1,142 px, their name read but not shown. */
const ADMIN_MENU_QUERY = '(width < 1152px)';

/** Menu state for the shell; it closes itself on every route change. */
export function useMobileMenu(): MobileMenu {
  const { pathname } = useLocation();
  const { user } = useSession();
  const isMobile = useMediaQuery((user?.auth ?? 0) >= 2 ? ADMIN_MENU_QUERY : MENU_QUERY);
  const [open, setOpen] = useState(false);
  const [openPath, setOpenPath] = useState(pathname);
  // Adjusting state during render (not in an effect) so the old page never flashes with the menu.
  if (openPath !== pathname) {
    setOpenPath(pathname);
    setOpen(false);
  }
  return { isMobile, open: open && isMobile, setOpen };
}

function NavItems({ user, stacked, onNavigate }: { user: CurrentUser | null; stacked?: boolean; onNavigate?: () => void }) {
  const links = LINKS.filter((l) => !('minAuth' in l) || (user?.auth ?? -1) >= l.minAuth);
  return (
    <ul className={cn('flex gap-1', stacked ? 'flex-col' : 'items-center')}>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink
            to={l.to}
            end={'end' in l}
            onClick={onNavigate}
            className={cn(
              'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              'aria-[current=page]:bg-primary/10 aria-[current=page]:text-primary',
              stacked && 'py-3 text-base',
            )}
          >
            {l.label}
          </NavLink>
        </li>
      ))}
      {(user?.auth ?? 0) >= 2 && (
        <li>
          <AdminMenu stacked={stacked} onNavigate={onNavigate} />
        </li>
      )}
    </ul>
  );
}

function Account({ stacked, onDone }: { stacked?: boolean; onDone?: () => void }) {
  const { user, isLoading, login, logout } = useSession();
  // Nothing while the session loads, so a signed-in user never sees the login button flash.
  if (isLoading) return <div className="h-10" aria-hidden="true" />;
  if (!user) {
    return (
      <Button onClick={login} className={cn(stacked && 'w-full')}>
        <LogIn aria-hidden="true" />
        Login with Discord
      </Button>
    );
  }
  const name = nameOf(user);
  return (
    <div className={cn('flex items-center gap-3', stacked && 'justify-between')}>
      <span className="flex min-w-0 items-center gap-2">
        <Avatar src={user.avatarUrl} name={name} />
        {/* an admin's header also holds the Admin menu (issue 39): their name is read, not shown, beside the avatar */}
        <span data-testid="user-name" className={cn('max-w-40 truncate text-sm font-medium', user.auth >= 2 && !stacked && 'sr-only')}>
          {name}
        </span>
      </span>
      <span className="flex gap-2">
        {/* an icon in the header, where an admin's links leave little room; named in the menu */}
        <NavLink
          to="/settings"
          aria-label={stacked ? undefined : 'Settings'}
          title="Settings"
          className={buttonClasses(stacked ? 'secondary' : 'ghost', 'sm', cn(!stacked && 'w-8 px-0', 'aria-[current=page]:text-primary'))}
        >
          <Settings aria-hidden="true" />
          {stacked && 'Settings'}
        </NavLink>
        <Button variant="secondary" size="sm" onClick={() => {
            onDone?.();
            void logout();
          }}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
      </span>
    </div>
  );
}

/** Moves focus into the open panel, locks page scroll, closes on Escape; gives focus back on close. */
function useMenuPanel(open: boolean, close: () => void) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const toggle = toggleRef.current;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      toggle?.focus();
    };
  }, [open, close]);
  return { toggleRef, panelRef };
}

export function NavBar({ menu }: { menu: MobileMenu }) {
  const { user } = useSession();
  const { setOpen } = menu;
  const close = useCallback(() => setOpen(false), [setOpen]);
  const { toggleRef, panelRef } = useMenuPanel(menu.open, close);

  return (
    <>
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
            <Swords aria-hidden="true" className="size-6 text-primary" />
            Format Hub
          </Link>
          {menu.isMobile ? (
            <Button
              ref={toggleRef}
              variant="ghost"
              size="icon"
              className="ml-auto"
              aria-label={menu.open ? 'Close menu' : 'Open menu'}
              aria-expanded={menu.open}
              aria-controls="mobile-menu"
              onClick={() => setOpen(!menu.open)}
            >
              {menu.open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          ) : (
            <>
              <nav aria-label="Main">
                <NavItems user={user} />
              </nav>
              <div className="ml-auto">
                <Account />
              </div>
            </>
          )}
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would make it the containing block of `fixed`. */}
      {menu.isMobile && (
        <div
          id="mobile-menu"
          data-testid="mobile-menu"
          hidden={!menu.open}
          className="fixed inset-x-0 top-16 bottom-0 z-40 flex flex-col"
        >
          {menu.open && (
            <>
              <div ref={panelRef} className="max-h-full overflow-y-auto border-b bg-background px-4 pt-2 pb-4 shadow-lg">
                <nav aria-label="Main">
                  <NavItems user={user} stacked onNavigate={close} />
                </nav>
                <div className="mt-3 border-t pt-4">
                  <Account stacked onDone={close} />
                </div>
              </div>
              {/* The overlay fills only what the panel leaves, so a click on it never lands on a link. */}
              <div
                data-testid="menu-overlay"
                aria-hidden="true"
                className="min-h-8 flex-1 bg-black/50"
                onClick={close}
              />
            </>
          )}
        </div>
      )}
    </>
  );
}
