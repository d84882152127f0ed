import { isPortalSession, type PortalSecondFactor, type PortalSession, type PortalSignInResult } from '@matterhorn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { portalOverviewPath } from '../../../lib/redirects.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/**
 * What every portal sign-in does with the server's answer: a session is stored as SPEC.md says
 * (clientToken, clientId, company) and opens the overview; a second-factor challenge is kept for
 * the authenticator step.
 */
export function useFinishPortalSignIn() {
  const session = useSession();
  const navigate = useNavigate();
  const [secondFactor, setSecondFactor] = useState<PortalSecondFactor | null>(null);

  const signIn = async (portalSession: PortalSession) => {
    await session.signInClient(portalSession);
    navigate(portalOverviewPath(portalSession.company, portalSession.clientId), { replace: true });
  };
  const finish = async (result: PortalSignInResult) => {
    if (isPortalSession(result)) await signIn(result);
    else setSecondFactor(result);
  };
  return { secondFactor, finish, signIn };
}
