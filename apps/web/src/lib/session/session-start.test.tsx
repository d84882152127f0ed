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
