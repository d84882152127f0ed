import { portalProfileRoute, SPEC_MESSAGES } from '@matterhorn/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { LocationProbe } from '../../test/render.tsx';
import { useSession } from './session-context.ts';
import { API_BASE } from '../api-client.ts';
import { LOGOUT_CLEAR_DELAY_MS, PORTAL_PROFILE_PATH, SessionProvider } from './session-provider.tsx';

function Probe() {
  const session = useSession();
  if (session.isLoading) return <p>loading</p>;
  return (
    <div>
      <p>name:{session.profile?.name ?? 'none'}</p>
      <p>permissions:{session.permissions.join(',')}</p>
      <button onClick={() => void session.logout()}>Logout</button>
    </div>
  );
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
        children: [
          { path: '/dashboard', element: <Probe /> },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('SessionProvider', () => {
  it("names the portal profile call by its contract's path", () => {
    expect(`${API_BASE}${PORTAL_PROFILE_PATH}`).toBe(portalProfileRoute.path);
  });

  it('ends loading at once without tokens', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await screen.findByText('name:none')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the profile then the permissions of the working user', async () => {
    localStorage.setItem('token', 't');
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/users/get-user-profile')) {
        return json({
          success: true,
          message: 'ok',
          data: [
            {
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
            },
          ],
        });
      }
      return json(['timeEntry', 'clientInfo']);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await screen.findByText('name:Ada')).toBeInTheDocument();
    expect(screen.getByText('permissions:timeEntry,clientInfo')).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/me/permissions?AdminUserId=owner&BusinessId=b1');
  });

  it("says 'No businesses found' for a profile without businesses", async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/users')
          ? json({
              success: true,
              message: 'ok',
              data: [{ id: 'p1', adminUserId: 'p1', name: 'Ada', email: 'a', isVerified: true, roleName: 'x', businesses: [] }],
            })
          : json([]),
      ),
    );
    renderSession();
    expect(await screen.findByText(SPEC_MESSAGES.noBusinesses)).toBeInTheDocument();
  });

  it('ends loading silently when the profile fails', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, message: 'Boom', data: null }, 500)),
    );
    renderSession();
    expect(await screen.findByText('name:none')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('logs out: clears storage after the delay and goes to /login', async () => {
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, message: 'ok', data: [] })),
    );
    const router = renderSession();
    await screen.findByText('name:none');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, LOGOUT_CLEAR_DELAY_MS + 50));
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
  });
});
