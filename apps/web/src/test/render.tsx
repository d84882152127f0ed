import { MantineProvider } from '@mantine/core';
import type { Profile } from '@matterhorn/shared';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SessionContext, type SessionValue } from '../lib/session/session-context.ts';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '../lib/toasts.ts';

type Business = Profile['businesses'][number];

/** A signed-in fee earner's profile of the firm 'Obi & Co' (NGN, single currency), as tests need it. */
export function fakeProfile(overrides: Partial<Omit<Profile, 'businesses'>> & { business?: Partial<Business> } = {}): Profile {
  const { business, ...profile } = overrides;
  return {
    id: 'p1',
    adminUserId: 'p1',
    name: 'Ada Obi',
    email: 'ada@example.com',
    isVerified: true,
    roleName: 'Fee earner',
    bareNumberUnit: 'hours',
    suggestsTime: false,
    ...profile,
    businesses: [
      {
        businessId: 'b1',
        adminUserId: 'owner-1',
        businessName: 'Obi & Co',
        currencySymbol: '₦',
        currencyId: 1,
        currencyISOCode: 'NGN',
        multicurrency: false,
        billingIncrement: '0.1',
        profilePhoto: null,
        portalSlug: 'obi',
        isSetupComplete: true,
        ...business,
      },
    ],
  };
}

export function fakeSession(overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    isLoading: false,
    isFirmSignedIn: true,
    hasLoggedOut: false,
    isClientSignedIn: false,
    clientId: null,
    company: null,
    profile: null,
    workingUser: null,
    permissions: [],
    portalProfile: null,
    signInFirm: async () => {},
    signInClient: async () => {},
    reloadProfile: async () => null,
    logout: async () => {},
    ...overrides,
  };
}

export function TestProviders({ children, session }: { children: ReactNode; session?: SessionValue }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session ?? fakeSession()}>{children}</SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Shows where the router is, so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function renderRoutes(routes: RouteObject[], options: { path?: string; history?: string[]; session?: SessionValue } = {}) {
  const entries = [...(options.history ?? []), options.path ?? '/'];
  const router = createMemoryRouter([...routes, { path: '*', element: <LocationProbe /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const result = render(
    <TestProviders session={options.session}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}

/** Renders one element at `path` with a location probe on every other path. */
export function renderAt(element: ReactNode, options: { path?: string; session?: SessionValue } = {}) {
  const path = options.path ?? '/';
  const pattern = path.split('?')[0] ?? '/';
  return renderRoutes([{ path: pattern, element }], { ...options, path });
}
