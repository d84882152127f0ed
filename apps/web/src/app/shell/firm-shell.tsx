import { Box, Burger } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { hasPermissions } from '@matterhorn/shared';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { SubscriptionEndedContext } from '../../components/subscription-ended.ts';
import { useSubscriptionInfo } from '../../features/subscriptions/api/get-subscription-info.ts';
import { TimeEntryPopupHost } from '../../features/time-entries/components/time-entry-popup-host.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { UnauthorizedPage } from '../pages/unauthorized-page.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { permissionsOfHandle } from '../routing/page-permissions.ts';
import { PHONE_MEDIA_QUERY } from '../../lib/screen-size.ts';
import { loginRedirectFor } from '../../lib/redirects.ts';
import { firmScopeOf } from '../../lib/session/working-user.ts';
import classes from './firm-shell.module.css';
import { BillingStatePrefetchAfterPaint } from './billing-state-prefetch.tsx';
import { MAIN_NAV_ITEMS, openableItems, secondaryNavFor } from './nav-items.ts';
import { PlanBanner } from './plan-banner.tsx';
import { SecondarySideNav, SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useTrustAccountNav } from './trust-account-nav.ts';
import { topBarModeFor } from './top-bar-mode.ts';

/** Offline writes and the service worker: after the first paint, never in the way of a page (ADR 91). */
const LazyOfflineSupport = lazy(async () => ({ default: (await import('../installable/offline-support.tsx')).OfflineSupport }));
const LazyPhoneMenuDrawer = lazy(async () => ({ default: (await import('./phone-menu-drawer.tsx')).PhoneMenuDrawer }));

type FirmShellProps = {
  /** The firm pages with their declared permissions, which decide what the menus offer. */
  pages?: () => RouteObject[];
};

/** Every firm page: signed in, verified, set up, and holding the permissions its route declares. */
export function FirmShell({ pages = () => [] }: FirmShellProps) {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const [isNavExpanded, setIsNavExpanded] = useLocalStorage({ key: 'sideNavExpanded', defaultValue: true });
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // The drawer's code loads on the first open and stays, so it can animate closed.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  if (isDrawerOpen && !hasOpenedDrawer) setHasOpenedDrawer(true);
  const trustAccountNav = useTrustAccountNav(location.pathname, session.permissions);
  // The plan banner's own query (one request, cached): while it says the subscription has ended, saves are held.
  const isSubscriptionEnded = useSubscriptionInfo(firmScopeOf(session.workingUser)).data?.isReadOnly === true;

  if (!session.isFirmSignedIn) {
    return <Navigate to={session.hasLoggedOut ? '/login' : loginRedirectFor(location.pathname, location.search)} replace />;
  }
  if (session.profile && !session.profile.isVerified) return <Navigate to="/verification" replace />;
  if (session.profile && session.profile.businesses[0] && !session.profile.businesses[0].isSetupComplete) {
    return <Navigate to="/setup-firm" replace />;
  }

  const mode = topBarModeFor(location.pathname);
  const firmPages = pages();
  const navItems = openableItems(MAIN_NAV_ITEMS, firmPages, session.permissions);
  const secondaryNav = secondaryNavFor(location.pathname) ?? trustAccountNav;
  const openableSecondaryNav = secondaryNav && {
    ...secondaryNav,
    items: openableItems(secondaryNav.items, firmPages, session.permissions),
  };
  // A page that declares nothing is refused: a forgotten declaration must not open a page to everyone.
  const required = permissionsOfHandle(matches.at(-1)?.handle, location.search);
  const isAllowed = required !== null && hasPermissions(session.permissions, required);
  const menuButton = (
    <Burger
      opened={isDrawerOpen}
      onClick={drawer.toggle}
      size="sm"
      aria-label={isDrawerOpen ? 'Close menu' : 'Open menu'}
      aria-expanded={isDrawerOpen}
      aria-controls={isDrawerOpen ? 'main-navigation-drawer' : undefined}
    />
  );
  const onLogout = mode === 'shown' ? undefined : () => void session.logout();

  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      {isPhone ? (
        hasOpenedDrawer && (
          <Suspense fallback={null}>
            <LazyPhoneMenuDrawer isOpen={isDrawerOpen} onClose={drawer.close}>
              <SideNav items={navItems} isExpanded isInDrawer onLogout={onLogout} onNavigate={drawer.close} />
              {openableSecondaryNav && <SecondarySideNav nav={openableSecondaryNav} onNavigate={drawer.close} isInDrawer />}
            </LazyPhoneMenuDrawer>
          </Suspense>
        )
      ) : (
        <>
          <SideNav items={navItems} isExpanded={isNavExpanded} onToggle={() => setIsNavExpanded(!isNavExpanded)} onLogout={onLogout} />
          {openableSecondaryNav && <SecondarySideNav nav={openableSecondaryNav} />}
        </>
      )}
      {/* A column as tall as the screen at least, so the plan banner at its foot sits at the screen's bottom from the start. */}
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isPhone && mode !== 'shown' && (
          <Box px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {menuButton}
          </Box>
        )}
        {mode !== 'absent' && <TopBar isHidden={mode === 'hidden'} pages={firmPages} menuButton={isPhone ? menuButton : undefined} />}
        <OfflineBanner />
        <Box component="main" id="main-content" tabIndex={-1} className={classes.main} p={isPhone ? 'sm' : 'lg'}>
          <SubscriptionEndedContext.Provider value={isSubscriptionEnded}>
            <Suspense fallback={<LoadingSpinner />}>{isAllowed ? <Outlet /> : <UnauthorizedPage />}</Suspense>
          </SubscriptionEndedContext.Provider>
        </Box>
        {mode === 'shown' && <PlanBanner scope={firmScopeOf(session.workingUser)} />}
      </Box>
      <SubscriptionEndedContext.Provider value={isSubscriptionEnded}>
        <TimeEntryPopupHost />
      </SubscriptionEndedContext.Provider>
      <BillingStatePrefetchAfterPaint />
      <Suspense fallback={null}>
        <LazyOfflineSupport />
      </Suspense>
    </Box>
  );
}
