import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar, useMobileMenu } from './nav-bar.tsx';
import { PageLoading } from './page-loading.tsx';

/** Header on every route; pages load lazily inside main. */
export function AppShell() {
  const menu = useMobileMenu();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <NavBar menu={menu} />
      {/* inert while the mobile menu is open, so Tab stays in the menu. */}
      <main id="main" inert={menu.open} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 mobile:py-6">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer inert={menu.open} className="border-t py-6 text-center text-sm text-muted-foreground">
        Format Hub · a community site for an EDOPro duel format
      </footer>
    </div>
  );
}
