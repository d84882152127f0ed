import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-spinner.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { portalLoginPath } from '../../lib/redirects.ts';

/** Holds every page behind the full-screen loading screen until the session has loaded (SPEC.md §4). */
export function SessionGate() {
  const session = useSession();
  if (session.isLoading) return <LoadingScreen />;
  return <Outlet />;
}

/** /setup-firm is public in the route list but needs a firm token. */
export function RequireFirmToken() {
  const session = useSession();
  if (!session.isFirmSignedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * Portal pages need a client token for that company, else its portal login (another firm's portal
 * is another sign-in). The client in the URL is only ever the signed-in one: any other id is
 * replaced by theirs, keeping the tab (the API answers from the token alone either way).
 */
export function RequirePortalClient() {
  const session = useSession();
  const location = useLocation();
  const { company = '', clientId = '' } = useParams();
  if (!session.isClientSignedIn || session.company !== company) {
    return <Navigate to={portalLoginPath(company)} replace />;
  }
  if (session.clientId && clientId !== session.clientId) {
    return (
      <Navigate
        to={{ pathname: `/portal/${encodeURIComponent(company)}/${encodeURIComponent(session.clientId)}`, search: location.search }}
        replace
      />
    );
  }
  return <Outlet />;
}
