import { Box } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { hasPermissions } from '@matterhorn/shared';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { TimeEntryPopupHost } from '../../features/time-entries/components/time-entry-popup-host.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { UnauthorizedPage } from '../pages/unauthorized-page.tsx';
import { requiredPermissionsFor } from '../routing/page-permissions.ts';
import { loginRedirectFor } from '../../lib/redirects.ts';
import { usePrefetchBillableTimeEntries } from '../../features/time-entries/hooks/use-prefetch-billable-time-entries.ts';
import { secondaryNavFor } from './nav-items.ts';
import { SecondarySideNav, SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { topBarModeFor } from './top-bar-mode.ts';

/** Every firm page: signed in, verified, set up, and holding the page's permissions. */
export function FirmShell() {
  const session = useSession();
  const location = useLocation();
  const [isNavExpanded, setIsNavExpanded] = useLocalStorage({ key: 'sideNavExpanded', defaultValue: true });
  usePrefetchBillableTimeEntries();

  if (!session.isFirmSignedIn) {
    return <Navigate to={session.hasLoggedOut ? '/login' : loginRedirectFor(location.pathname, location.search)} replace />;
  }
  if (session.profile && !session.profile.isVerified) return <Navigate to="/verification" replace />;
  if (session.profile && session.profile.businesses[0] && !session.profile.businesses[0].isSetupComplete) {
    return <Navigate to="/setup-firm" replace />;
  }

  const mode = topBarModeFor(location.pathname);
  const secondaryNav = secondaryNavFor(location.pathname);
  const isAllowed = hasPermissions(session.permissions, requiredPermissionsFor(location.pathname, location.search));

  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <SideNav
        isExpanded={isNavExpanded}
        onToggle={() => setIsNavExpanded(!isNavExpanded)}
        onLogout={mode === 'shown' ? undefined : () => void session.logout()}
      />
      {secondaryNav && <SecondarySideNav nav={secondaryNav} />}
      <Box style={{ flex: 1, minWidth: 0 }}>
        {mode !== 'absent' && <TopBar isHidden={mode === 'hidden'} />}
        <Box component="main" p="lg">
          <Suspense fallback={<LoadingSpinner />}>{isAllowed ? <Outlet /> : <UnauthorizedPage />}</Suspense>
        </Box>
      </Box>
      <TimeEntryPopupHost />
    </Box>
  );
}
