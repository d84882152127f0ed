import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { useSession } from './session-context.ts';
import { SessionProvider, startLoadingSession } from './session-provider.tsx';

function Probe() {
  const session = useSession();
  if (session.isLoading) return <p>loading</p>;
  return <p>{session.isFirmSignedIn ? `signed in as ${session.profile?.name ?? 'nobody'}` : 'signed out'}</p>;
}

function renderSession() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/dashboard', element: <Probe /> }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const PROFILE = {
  id: 'p1',
  adminUserId: 'p1',
  name: 'Ada',
  email: 'a@x.com',
  isVerified: true,
  roleName: 'Admin',
  businesses: [
    {
      businessId: 'b1',
      adminUserId: 'owner',
      businessName: 'Firm',
      currencySymbol: '$',
      currencyId: 1,
      currencyISOCode: 'USD',
      multicurrency: false,
      profilePhoto: null,
      portalSlug: 'firm',
      isSetupComplete: true,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the session started with the app', () => {
  it('asks for the profile before any page has rendered, and the page opens without a loading screen', async () => {
    localStorage.setItem('token', 't');
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/users/get-user-profile') ? json({ success: true, message: 'ok', data: [PROFILE] }) : json(['timeEntry']),
    );
    vi.stubGlobal('fetch', fetchMock);

    startLoadingSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));

    renderSession();
    expect(screen.getByText('signed in as Ada')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is used once: the next provider asks again', async () => {
    localStorage.setItem('token', 't');
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/users/get-user-profile') ? json({ success: true, message: 'ok', data: [PROFILE] }) : json([]),
    );
    vi.stubGlobal('fetch', fetchMock);
    startLoadingSession();
    renderSession();
    expect(await screen.findByText('signed in as Ada')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    cleanup();
    renderSession();
    expect(await screen.findByText('signed in as Ada')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('ends the session when the stored token was refused before the provider listened', async () => {
    localStorage.setItem('token', 'lapsed');
    const fetchMock = vi.fn(async () => json({ success: false, message: 'You are unauthorized', data: null }, 401));
    vi.stubGlobal('fetch', fetchMock);

    startLoadingSession();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));

    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the session reopened with no signal', () => {
  const noSignal = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  const onlineAnswers = vi.fn(async (url: string) =>
    url.startsWith('/api/users/get-user-profile') ? json({ success: true, message: 'ok', data: [PROFILE] }) : json(['timeEntry']),
  );

  function PermissionsProbe() {
    const session = useSession();
    return (
      <p>{session.isLoading ? 'loading' : `${session.profile?.name ?? 'nobody'} may ${session.permissions.join(', ') || 'nothing'}`}</p>
    );
  }
  function renderPermissions() {
    const router = createMemoryRouter(
      [
        {
          element: (
            <SessionProvider>
              <Outlet />
            </SessionProvider>
          ),
          children: [{ path: '/dashboard', element: <PermissionsProbe /> }],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
  }

  it('is still the member last answered to this token, with their permissions: no signal is not a refusal', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', onlineAnswers);
    renderPermissions();
    expect(await screen.findByText('Ada may timeEntry')).toBeInTheDocument();
    cleanup();

    vi.stubGlobal('fetch', noSignal);
    renderPermissions();
    expect(await screen.findByText('Ada may timeEntry')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('never stands in for another token, and a real 401 still ends the session and forgets the copy', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal('fetch', onlineAnswers);
    renderPermissions();
    expect(await screen.findByText('Ada may timeEntry')).toBeInTheDocument();
    cleanup();

    localStorage.setItem('token', 'someone-else');
    vi.stubGlobal('fetch', noSignal);
    renderPermissions();
    expect(await screen.findByText('nobody may nothing')).toBeInTheDocument();
    cleanup();

    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, message: 'You are unauthorized', data: null }, 401)),
    );
    renderPermissions();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('keptFirmSession')).toBeNull();
  });
});
