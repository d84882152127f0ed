import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';

/**
 * The client in a portal address is only ever the signed-in one: another id (a shared or old
 * link) is replaced by theirs, keeping the tab. The API answers from the token alone either way;
 * another firm's address is the guard's (its login). Here, in the portal's own page, so the code
 * every page loads does not grow.
 */
export function PortalClientUrl() {
  const session = useSession();
  const location = useLocation();
  const [, , company = '', clientId = ''] = location.pathname.split('/');
  if (!session.clientId || clientId === session.clientId) return null;
  return <Navigate to={{ pathname: `/portal/${company}/${encodeURIComponent(session.clientId)}`, search: location.search }} replace />;
}
