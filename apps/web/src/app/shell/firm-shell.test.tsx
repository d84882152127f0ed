import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { workingUserOf } from '../../lib/session/working-user.ts';
import { subscriptionInfo } from '../../test/msw/contract-answers.ts';
import { mockApi } from '../../test/msw/routes.ts';
import { stubApi } from '../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderRoutes } from '../../test/render.tsx';
import { needs } from '../routing/page-permissions.ts';
import { firmPages } from '../routing/firm-routes.tsx';
import { FirmShell } from './firm-shell.tsx';

const profile = fakeProfile();

const routes = [
  {
    element: <FirmShell />,
    children: [
      { path: '/time-entries', handle: needs('timeEntry'), element: <h1>Time entries page</h1> },
      { path: '/dashboard', handle: needs(), element: <h1>Dashboard page</h1> },
      { path: '/forgotten-declaration', element: <h1>Undeclared page</h1> },
    ],
  },
];

beforeEach(() => {
  // The top bar asks for the plan; answer "no subscription" without a network.
  mockApi([]);
});

describe('FirmShell guard', () => {
  it('sends visitors without a session to /login with redirectUrl and redirectParams', () => {
    const { router } = renderRoutes(routes, {
      path: '/time-entries?search=acme',
      session: fakeSession({ isFirmSignedIn: false }),
    });
    const location = router.state.location;
    expect(location.pathname).toBe('/login');
    const params = new URLSearchParams(location.search);
    expect(params.get('redirectUrl')).toBe('/time-entries');
    expect(params.get('redirectParams')).toBe('search=acme');
  });

  it('sends a user who just logged out to plain /login, without a way back', () => {
    const { router } = renderRoutes(routes, {
      path: '/time-entries?search=acme',
      session: fakeSession({ isFirmSignedIn: false, hasLoggedOut: true }),
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('shows the Unauthorized page when the permissions are missing', () => {
    renderRoutes(routes, {
      path: '/time-entries',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['clientInfo'] }),
    });
    expect(screen.getByText('Unauthorized Error!')).toBeInTheDocument();
    expect(screen.queryByText('Time entries page')).not.toBeInTheDocument();
  });

  it('shows the page and the shell when the permissions are held', () => {
    renderRoutes(routes, {
      path: '/time-entries',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['timeEntry'] }),
    });
    expect(screen.getByText('Time entries page')).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('sends a firm not yet set up to /setup-firm', () => {
    const notSetUp = { ...profile, businesses: [{ ...profile.businesses[0]!, isSetupComplete: false }] };
    const { router } = renderRoutes(routes, {
      path: '/dashboard',
      session: fakeSession({ profile: notSetUp, workingUser: workingUserOf(notSetUp), permissions: ['administrator'] }),
    });
    expect(router.state.location.pathname).toBe('/setup-firm');
  });

  it('puts the plan banner after the page, held to the bottom of the screen, where its coming moves nothing', async () => {
    stubApi({
      'GET /admin/sub-scription-master/get-subscription-info': {
        data: subscriptionInfo({ planName: 'Free', subscriptionEndDate: '31/12/2099' }),
      },
    });
    renderRoutes(routes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] }),
    });
    const banner = await screen.findByRole('alert', { name: 'Plan status' });
    expect(banner).toHaveTextContent("You're on free plan");
    expect(screen.getByRole('main').compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByRole('alert')).not.toBeInTheDocument();
    expect(banner.parentElement).toHaveStyle({ position: 'sticky', bottom: '0px' });
  });

  it('refuses a page whose route declares no permissions', () => {
    renderRoutes(routes, {
      path: '/forgotten-declaration',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] }),
    });
    expect(screen.getByText('Unauthorized Error!')).toBeInTheDocument();
    expect(screen.queryByText('Undeclared page')).not.toBeInTheDocument();
  });
});

describe('FirmShell menus', () => {
  const realRoutes = [
    { element: <FirmShell pages={firmPages} />, children: [{ path: '/dashboard', handle: needs(), element: <h1>Dashboard page</h1> }] },
  ];
  const menuLabels = () =>
    within(screen.getByRole('navigation', { name: 'Main navigation' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label') ?? link.textContent);

  it('shows a fee earner only the pages their role opens', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({
        profile,
        workingUser: workingUserOf(profile),
        permissions: ['clientInfo', 'matterMaster', 'timeEntry', 'timeEntry.create', 'progressNote'],
      }),
    });
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Clients',
      'Leads',
      'Conflict Check',
      'Matters',
      'Time Entries',
      'Tasks',
      'Progress Update',
      'Calendar',
      'Settings',
    ]);
  });

  it('offers Reports to a user who holds the Reports permission', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['Reports'] }),
    });
    expect(menuLabels()).toEqual(['Dashboard', 'Tasks', 'Calendar', 'Reports', 'Settings']);
  });

  it('offers Billing, landing on its invoices, to a user who may open them', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['invoice', 'flatFeePermission'] }),
    });
    expect(menuLabels()).toEqual(['Dashboard', 'Tasks', 'Calendar', 'Billing', 'Settings']);
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  it('offers Billing, landing on its flat fees, to a user who may open only them', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['flatFeePermission'] }),
    });
    expect(menuLabels()).toEqual(['Dashboard', 'Tasks', 'Calendar', 'Billing', 'Settings']);
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing/flat-fees');
  });

  it("offers Settings, landing on General, to a user who may change the firm's settings", () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['updateAccountSettings'] }),
    });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('offers Settings, landing on their own account, to a user who may not change the firm’s settings', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['timeEntry'] }),
    });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/my-account');
  });

  it('shows an administrator every page', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] }),
    });
    expect(menuLabels()).toHaveLength(16);
  });

  it('names every icon of the collapsed menu, each once', async () => {
    const user = userEvent.setup();
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] }),
    });
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    const labels = menuLabels();
    expect(labels).toEqual([
      'Dashboard',
      'Clients',
      'Leads',
      'Conflict Check',
      'Matters',
      'Time Entries',
      'Tasks',
      'Progress Update',
      'Calendar',
      'Expenses',
      'Billing',
      'Trust Account',
      'Documents',
      'Accounting',
      'Reports',
      'Settings',
    ]);
    // The tooltip's code arrives just after the menu collapses: pointing at the icon again shows it, as it would a user.
    await waitFor(
      async () => {
        await user.unhover(screen.getByRole('link', { name: 'Documents' }));
        await user.hover(screen.getByRole('link', { name: 'Documents' }));
        expect(screen.getByRole('tooltip')).toHaveTextContent('Documents');
      },
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: 'Expand navigation' }));
    // The whole shell's first render and the tooltip's lazy chunk: over the default 5 s when this runs first or the machine is busy.
  }, 20_000);

  it('offers a skip link to the page content', () => {
    renderRoutes(realRoutes, {
      path: '/dashboard',
      session: fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['administrator'] }),
    });
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
