import type { FirmSession, PortalProfile, PortalSession, Profile } from '@matterhorn/shared';
import { createContext, useContext } from 'react';
import type { WorkingUser } from './working-user.ts';

export type SessionValue = {
  isLoading: boolean;
  /** A non-blank firm token is held. */
  isFirmSignedIn: boolean;
  /** The user ended the session here: no "come back to this page" redirect. */
  hasLoggedOut: boolean;
  /** A portal client token is held (for `company`). */
  isClientSignedIn: boolean;
  clientId: string | null;
  company: string | null;
  profile: Profile | null;
  workingUser: WorkingUser | null;
  permissions: readonly string[];
  portalProfile: PortalProfile | null;
  signInFirm: (session: FirmSession) => Promise<void>;
  signInClient: (session: PortalSession) => Promise<void>;
  /** Reloads the session from storage; answers the firm profile when there is one. */
  reloadProfile: () => Promise<Profile | null>;
  logout: () => Promise<void>;
};

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
