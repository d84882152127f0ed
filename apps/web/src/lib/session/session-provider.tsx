import type { FirmSession, PortalProfile, PortalSession, Profile } from '@matterhorn/shared';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, isNoConnection, onUnauthorized, type ApiEnvelope } from '../api-client.ts';
import { clearStoredSession, readStoredSession, storeClientSession, storeFirmToken } from '../session-storage.ts';
import { toast } from '../toasts.ts';
import { keepFirmSession, keptFirmSession } from './kept-firm-session.ts';
import { resetSessionData } from './session-reset.ts';
import { SessionContext, type SessionValue } from './session-context.ts';
import { workingUserOf } from './working-user.ts';

/** SPEC.md §9: storage is cleared 500 ms after logout. */
export const LOGOUT_CLEAR_DELAY_MS = 500;

type SessionState = {
  token: string | null;
  clientToken: string | null;
  clientId: string | null;
  company: string | null;
  profile: Profile | null;
  permissions: readonly string[];
  portalProfile: PortalProfile | null;
  /** True once the user logged out in this tab, so guards send them to plain /login. */
  hasLoggedOut: boolean;
};

const EMPTY: SessionState = {
  token: null,
  clientToken: null,
  clientId: null,
  company: null,
  profile: null,
  permissions: [],
  portalProfile: null,
  hasLoggedOut: false,
};

async function loadFirm(token: string): Promise<Pick<SessionState, 'profile' | 'permissions'>> {
  let profile: Profile | null = null;
  try {
    const envelope = await apiRequest<ApiEnvelope<Profile[]>>('/users/get-user-profile', { auth: 'firm', silent: true });
    profile = envelope.data[0] ?? null;
  } catch (error) {
    return (isNoConnection(error) && keptFirmSession(token)) || { profile: null, permissions: [] };
  }
  if (!profile) return { profile: null, permissions: [] };
  if (profile.businesses.length === 0) toast.error(SPEC_MESSAGES.noBusinesses);
  const user = workingUserOf(profile);
  try {
    const answer = await apiRequest<string[]>('/me/permissions', {
      auth: 'firm',
      raw: true,
      silent: true,
      query: { AdminUserId: user.id, BusinessId: user.businessId },
    });
    const permissions = Array.isArray(answer) ? answer : [];
    keepFirmSession(token, profile, permissions);
    return { profile, permissions };
  } catch (error) {
    return { profile, permissions: (isNoConnection(error) && keptFirmSession(token)?.permissions) || [] };
  }
}

/**
 * The portal profile's call by its path, not its contract (portalProfileRoute): every page, /login
 * included, loads this provider, and the contract would bring the portal's schemas with it. A test
 * checks the path against the contract.
 */
export const PORTAL_PROFILE_PATH = '/client-portal/get-client-portal-profileinfo';

async function loadPortal(company: string, clientId: string): Promise<PortalProfile | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<PortalProfile[]>>(PORTAL_PROFILE_PATH, {
      auth: 'client',
      silent: true,
      query: { Slug: company, ClientId: clientId },
    });
    return envelope.data[0] ?? null;
  } catch {
    return null;
  }
}

async function loadStoredSession(): Promise<SessionState> {
  const stored = readStoredSession();
  if (stored.token) return { ...EMPTY, ...stored, ...(await loadFirm(stored.token)) };
  if (stored.clientToken && stored.company && stored.clientId) {
    return { ...EMPTY, ...stored, portalProfile: await loadPortal(stored.company, stored.clientId) };
  }
  return { ...EMPTY, ...stored };
}

let startedSession: { promise: Promise<SessionState>; loaded?: SessionState } | null = null;

/**
 * Asks for the stored session's profile as the app starts, while the first page's code is still
 * downloading; otherwise the request waits for that code, and the page for the answer.
 */
export function startLoadingSession(): void {
  const started = { promise: loadStoredSession() } as NonNullable<typeof startedSession>;
  void started.promise.then((state) => (started.loaded = state));
  startedSession = started;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [started] = useState(() => startedSession);
  const [state, setState] = useState<SessionState>(() => started?.loaded ?? { ...EMPTY, ...readStoredSession() });
  const [isLoading, setIsLoading] = useState(!started?.loaded);
  const hasLoaded = useRef(!!started?.loaded);

  const load = useCallback(async (): Promise<Profile | null> => {
    const next = await loadStoredSession();
    setState(next);
    return next.profile;
  }, []);

  useEffect(() => {
    // Used once: a later provider (after sign-in or in a test) asks again.
    if (startedSession === started) startedSession = null;
    if (hasLoaded.current) return;
    hasLoaded.current = true;
    if (started) {
      void started.promise.then(setState).finally(() => setIsLoading(false));
    } else {
      void load().finally(() => setIsLoading(false));
    }
  }, [load, started]);

  useEffect(() => {
    onUnauthorized(() => {
      clearStoredSession();
      resetSessionData();
      setState(EMPTY);
    });
    return () => onUnauthorized(null);
  }, []);

  const signInFirm = useCallback(
    async (session: FirmSession) => {
      storeFirmToken(session.token);
      resetSessionData();
      await load();
    },
    [load],
  );

  const signInClient = useCallback(
    async (session: PortalSession) => {
      storeClientSession(session.token, session.clientId, session.company);
      resetSessionData();
      await load();
    },
    [load],
  );

  const logout = useCallback(async () => {
    const isPortal = !state.token && !!state.clientToken;
    const company = state.company;
    try {
      await apiRequest('/auth/logout', { method: 'POST', auth: isPortal ? 'client' : 'firm', silent: true, raw: true });
    } catch {
      // The session ends here whatever the server says.
    }
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_CLEAR_DELAY_MS));
    // Leave the guarded page first, so its guard does not turn this into a "come back here" redirect.
    await navigate(isPortal && company ? `/portal/${company}/login` : '/login', { replace: true });
    clearStoredSession();
    resetSessionData();
    setState({ ...EMPTY, hasLoggedOut: true });
  }, [navigate, state.clientToken, state.company, state.token]);

  const value = useMemo<SessionValue>(
    () => ({
      isLoading,
      isFirmSignedIn: !!state.token,
      hasLoggedOut: state.hasLoggedOut,
      isClientSignedIn: !!state.clientToken,
      clientId: state.clientId,
      company: state.company,
      profile: state.profile,
      workingUser: state.profile ? workingUserOf(state.profile) : null,
      permissions: state.permissions,
      portalProfile: state.portalProfile,
      signInFirm,
      signInClient,
      reloadProfile: load,
      logout,
    }),
    [isLoading, state, signInFirm, signInClient, load, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
