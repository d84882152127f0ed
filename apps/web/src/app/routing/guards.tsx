import { Navigate, Outlet, useParams } from 'react-router';
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

/** Portal pages need a client token for that company, else its portal login. */
export function RequirePortalClient() {
  const session = useSession();
  const { company = '' } = useParams();
  if (!session.isClientSignedIn || session.company !== company) {
    return <Navigate to={portalLoginPath(company)} replace />;
  }
  return <Outlet />;
}
