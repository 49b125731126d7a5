import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { CloseIcon, MenuIcon, SearchIcon } from '../../components/ui/shell-icons.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PROFILE_SETUP_PATH } from '../../features/auth/components/route-guards.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { usePrerendering } from '../../lib/prerendering.ts';
import { APP_NAME, BrandMark } from './brand-logo.tsx';
import { CountBadge, countFor, useSocialCounts } from './social-counts.tsx';

// The menu (Radix dropdown and positioning) is only needed once someone is signed in.
const ProfileMenu = lazy(() => import('./profile-menu.tsx').then((m) => ({ default: m.ProfileMenu })));
// The one search box (people, events, communities) loads after the first paint.
const SearchBox = lazy(() =>
  import('../../features/search/components/search-box.tsx').then((m) => ({ default: m.SearchBox })),
);
/** The search box in the header row or the phone menu, without a visible label. */
const HeaderSearch = ({ className, autoFocus }: { className: string; autoFocus?: boolean }) => (
  <div className={className}>
    <Suspense fallback={null}>
      <SearchBox compact autoFocus={autoFocus} />
    </Suspense>
  </div>
);
// So is the bell with its panel.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);

// `wide`: in the header row only on wide screens (2xl); below that the row has no room for them
// beside the search box in every language (German wrapped at 1280 px), and they stay in the phone
// menu and the footer.
const publicLinks = [
  { to: '/communities', label: 'nav.communities' },
  { to: '/features', label: 'nav.features' },
  { to: '/about', label: 'nav.about', wide: true },
  { to: '/guides', label: 'nav.guides', wide: true },
] as const;

const memberLinks = [
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/events', label: 'nav.events' },
  { to: '/communities', label: 'nav.communities' },
  { to: '/friends', label: 'nav.friends' },
  { to: '/messages', label: 'nav.messages' },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-full px-3.5 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-brand-100 text-brand-900' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  );
}

export function SiteHeader() {
  const t = useT();
  const prerendering = usePrerendering();
  const { user, status } = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The phone header's search button opens the menu with its search box focused.
  const [searchFirst, setSearchFirst] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the mobile menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    setMenuOpen(false);
    setSearchFirst(false);
  }, [location.pathname]);

  // Escape closes the open mobile menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // During profile setup every member page sends the user back to setup: show none of them.
  const inSetup = Boolean(user && !user.profileCompleted);
  const links = inSetup ? [] : user ? memberLinks : publicLinks;
  const counts = useSocialCounts(Boolean(user) && !inSetup);
  // Not on a pre-rendered page (the box could not answer before the app runs) nor during setup.
  const searching = !inSetup && !prerendering;

  function signOut() {
    setMenuOpen(false);
    // The browser's push subscription goes first, while the session can still delete it.
    void import('../../features/push/browser-push.ts')
      .then((push) => push.forgetPushOnSignOut())
      .catch(() => undefined)
      .finally(() => logout.mutate());
  }

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/75">
      <div className="container-page flex h-16 items-center gap-3">
        {/* Never squeezed: a long name in the account menu gives way instead (it truncates). */}
        <Link
          to={inSetup ? PROFILE_SETUP_PATH : user ? '/dashboard' : '/'}
          className="-ml-1 flex shrink-0 items-center gap-2.5 rounded-lg px-1 py-1 font-display text-xl font-semibold tracking-tight whitespace-nowrap text-stone-900"
        >
          <BrandMark />
          {/* On a phone the mark alone, so the account menu's name or "Sign in" fits beside it. */}
          <span className="max-sm:sr-only">{APP_NAME}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="ml-6 hidden shrink-0 items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={(s) =>
                cn(
                  navLinkClass(s),
                  'items-center gap-1.5 whitespace-nowrap',
                  'wide' in link && link.wide ? 'hidden 2xl:inline-flex' : 'inline-flex',
                )
              }
            >
              {t(link.label)}
              <CountBadge count={countFor(link.to, counts)} />
            </NavLink>
          ))}
        </nav>

        {/* The search box takes the room the row has left, up to a comfortable width. */}
        {searching ? <HeaderSearch className="ml-auto hidden min-w-44 max-w-md flex-1 lg:block" /> : null}

        <div className={cn('ml-auto flex min-w-0 items-center gap-2', searching && 'lg:ml-2')}>
          {searching ? (
            <Button
              variant="ghost"
              size="icon"
              // Signed out on the narrowest phones the row holds "Sign in" and "Get started" in
              // every language only without it (Spanish overlapped the menu button at 375 px);
              // the menu opens with the search box at its top.
              className={cn('lg:hidden', !user && 'max-[419px]:hidden')}
              aria-controls={menuId}
              onClick={() => {
                setSearchFirst(true);
                setMenuOpen(true);
              }}
            >
              <SearchIcon aria-hidden="true" />
              <span className="sr-only">{t('nav.search.label')}</span>
            </Button>
          ) : null}
          {status === 'loading' ? null : inSetup ? (
            <Button variant="ghost" size="sm" onClick={signOut}>
              {t('nav.signOut')}
            </Button>
          ) : user ? (
            <>
              <Suspense fallback={<span className="size-10" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="size-10 animate-pulse rounded-full bg-stone-200" />}>
                <ProfileMenu user={user} counts={counts} onSignOut={signOut} />
              </Suspense>
            </>
          ) : (
            <div className="flex items-center gap-2">
              <Button asChild variant="ghost" size="sm" className="max-sm:px-2.5">
                <Link to="/login">{t('nav.signIn')}</Link>
              </Button>
              <Button asChild size="sm" className="max-sm:px-3">
                <Link to="/register">{t('nav.getStarted')}</Link>
              </Button>
            </div>
          )}
          {inSetup ? null : (
            <Button
              ref={toggleRef}
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              // On a pre-rendered page, a click before the app runs is played again once it
              // has rendered (the page's boot script, apps/web/build/prerender.ts).
              onClick={() => {
                setSearchFirst(false);
                setMenuOpen((open) => !open);
              }}
            >
              {menuOpen ? <CloseIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
              <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
            </Button>
          )}
        </div>
      </div>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="animate-slide-down border-t border-stone-200 bg-cream lg:hidden"
      >
        <nav aria-label={t('nav.mobile')} className="container-page flex flex-col gap-1 py-3">
          {menuOpen && searching ? <HeaderSearch className="px-1 pb-2" autoFocus={searchFirst} /> : null}
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={(state) =>
                cn(
                  navLinkClass(state),
                  'flex items-center justify-between gap-2 rounded-xl px-4 py-3 text-base',
                )
              }
            >
              {t(link.label)}
              <CountBadge count={countFor(link.to, counts)} />
            </NavLink>
          ))}
          {user && !inSetup ? (
            <>
              <NavLink to="/profile" className={(s) => cn(navLinkClass(s), 'rounded-xl px-4 py-3 text-base')}>
                {t('nav.profile')}
              </NavLink>
              <NavLink
                to="/settings"
                className={(s) => cn(navLinkClass(s), 'rounded-xl px-4 py-3 text-base')}
              >
                {t('nav.settings')}
              </NavLink>
              {user.roles.includes('Sponsor') ? (
                <NavLink
                  to="/sponsor"
                  className={(s) => cn(navLinkClass(s), 'rounded-xl px-4 py-3 text-base')}
                >
                  {t('nav.sponsor')}
                </NavLink>
              ) : null}
              <NavLink
                to="/notifications"
                className={(s) => cn(navLinkClass(s), 'rounded-xl px-4 py-3 text-base')}
              >
                {t('nav.notifications')}
              </NavLink>
              <button
                type="button"
                onClick={signOut}
                className="cursor-pointer rounded-xl px-4 py-3 text-left text-base font-semibold text-red-800 hover:bg-red-50"
              >
                {t('nav.signOut')}
              </button>
            </>
          ) : status === 'anonymous' ? (
            <div className="mt-2 grid grid-cols-2 gap-2 border-t border-stone-200 pt-4">
              <Button asChild variant="secondary">
                <Link to="/login">{t('nav.signIn')}</Link>
              </Button>
              <Button asChild>
                <Link to="/register">{t('nav.getStarted')}</Link>
              </Button>
            </div>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
