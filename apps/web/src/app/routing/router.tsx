import type { MatterView } from '@matterhorn/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/loading-spinner.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { RequireFirmToken, RequirePortalClient } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** A firm page of a later module: title and 'coming soon' inside the real shell and guard. */
function comingSoon(path: string, title: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { ComingSoonPage } = await import('../pages/coming-soon-page.tsx');
      return { Component: () => <ComingSoonPage title={title} /> };
    },
  };
}

function publicComingSoon(path: string, title: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { PublicComingSoonPage } = await import('../pages/coming-soon-page.tsx');
      return { Component: () => <PublicComingSoonPage title={title} /> };
    },
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: LoadingScreen,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },

      // Public pages (SPEC.md §2).
      { path: 'login', lazy: async () => ({ Component: (await import('../../features/auth/pages/login-page.tsx')).LoginPage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('../../features/auth/pages/signup-page.tsx')).SignupPage }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/forgot-password-page.tsx')).ForgotPasswordPage }),
      },
      {
        path: 'forgot-password/reset/:id',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage }),
      },
      {
        path: 'verification',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/verification-page.tsx')).VerificationPage }),
      },
      {
        path: 'join-team/:id',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/join-team-page.tsx')).JoinTeamPage }),
      },
      publicComingSoon('billing/invoice/:slug', 'Invoice'),
      publicComingSoon('billing/trust-accounting/:slug', 'Trust Request'),
      {
        path: 'setup-firm',
        element: <RequireFirmToken />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../../features/firm-setup/pages/setup-firm-page.tsx')).SetupFirmPage }),
          },
        ],
      },

      // Client portal.
      {
        path: 'portal/:company',
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../../features/portal/pages/portal-login-page.tsx')).PortalLoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('../../features/portal/pages/portal-signup-page.tsx')).PortalSignupPage }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../../features/portal/pages/portal-forgot-password-page.tsx')).PortalForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password/:slug',
            lazy: async () => ({
              Component: (await import('../../features/portal/pages/portal-reset-password-page.tsx')).PortalResetPasswordPage,
            }),
          },
          {
            path: ':clientId',
            element: <RequirePortalClient />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../../features/portal/pages/portal-overview-page.tsx')).PortalOverviewPage,
                }),
              },
            ],
          },
        ],
      },

      // Firm side: signed in, inside the shell, each page guarded by its permissions.
      {
        lazy: async () => ({ Component: (await import('../shell/firm-shell.tsx')).FirmShell }),
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('../../features/dashboard/pages/dashboard-page.tsx')).DashboardPage }),
          },
          {
            path: 'clients/list',
            lazy: async () => ({ Component: (await import('../../features/clients/pages/clients-list-page.tsx')).ClientsListPage }),
          },
          {
            path: 'clients/add-new-client',
            lazy: async () => ({ Component: (await import('../../features/clients/pages/add-client-page.tsx')).AddClientPage }),
          },
          {
            path: 'clients/:id',
            lazy: async () => ({ Component: (await import('../../features/clients/pages/client-view-page.tsx')).ClientViewPage }),
          },
          {
            path: 'clients/:id/edit',
            lazy: async () => ({ Component: (await import('../../features/clients/pages/edit-client-page.tsx')).EditClientPage }),
          },
          {
            path: 'conflict-check',
            lazy: async () => ({
              Component: (await import('../../features/conflict-checks/pages/conflict-check-page.tsx')).ConflictCheckPage,
            }),
          },
          {
            path: 'matter/matter-list',
            lazy: async () => ({ Component: (await import('../../features/matters/pages/matter-list-page.tsx')).MatterListPage }),
          },
          {
            path: 'matter/add-new-matter',
            lazy: async () => ({ Component: (await import('../../features/matters/pages/add-matter-page.tsx')).AddMatterPage }),
          },
          {
            path: 'matter/:id',
            // The time tab comes from the time-entries feature: composed here, as features never import each other.
            lazy: async () => {
              const [{ MatterViewPage }, { MatterTimeTab }] = await Promise.all([
                import('../../features/matters/pages/matter-view-page.tsx'),
                import('../../features/time-entries/components/matter-time-tab.tsx'),
              ]);
              const tabPanels = {
                time: (matter: MatterView) => (
                  <MatterTimeTab matterId={matter.id} clientId={matter.client.id} isMatterOpen={matter.status === 'Open'} />
                ),
              };
              return { Component: () => <MatterViewPage tabPanels={tabPanels} /> };
            },
          },
          {
            path: 'matter/:id/edit',
            lazy: async () => ({ Component: (await import('../../features/matters/pages/edit-matter-page.tsx')).EditMatterPage }),
          },
          {
            path: 'time-entries',
            lazy: async () => ({ Component: (await import('../../features/time-entries/pages/time-entries-page.tsx')).TimeEntriesPage }),
          },
          comingSoon('progress-update', 'Progress Update'),
          comingSoon('progress-update/add-progress-update', 'Add Progress Update'),
          comingSoon('expense-request/direct-expense', 'Direct Expenses'),
          comingSoon('expense-request/direct-expense/add-expense', 'Add Expense'),
          comingSoon('billing', 'Billing'),
          comingSoon('billing/flat-fees', 'Flat Fees'),
          comingSoon('billing/flat-fees/add-new-flat-fee', 'Add New Flat Fee'),
          comingSoon('billing/invoice/invoice-empty', 'New Invoice'),
          comingSoon('settings', 'Settings'),
          comingSoon('settings/plans-&-subscriptions/select-plan', 'Plans & Subscriptions'),
          {
            path: 'settings/team',
            lazy: async () => ({ Component: (await import('../../features/team/pages/team-page.tsx')).TeamPage }),
          },
          {
            path: 'settings/roles',
            lazy: async () => ({ Component: (await import('../../features/roles/pages/roles-page.tsx')).RolesPage }),
          },
          {
            path: 'settings/firm-profile',
            lazy: async () => ({ Component: (await import('../../features/reference-data/pages/firm-profile-page.tsx')).FirmProfilePage }),
          },
          {
            path: 'settings/activity-types',
            lazy: async () => ({
              Component: (await import('../../features/reference-data/pages/activity-types-page.tsx')).ActivityTypesPage,
            }),
          },
          {
            path: 'settings/practice-areas',
            lazy: async () => ({
              Component: (await import('../../features/reference-data/pages/practice-areas-page.tsx')).PracticeAreasPage,
            }),
          },
          {
            path: 'settings/currencies',
            lazy: async () => ({ Component: (await import('../../features/reference-data/pages/currencies-page.tsx')).CurrenciesPage }),
          },
          {
            path: 'settings/custom-fields',
            lazy: async () => ({
              Component: (await import('../../features/reference-data/pages/custom-fields-page.tsx')).CustomFieldsPage,
            }),
          },
          comingSoon('trust-account/:slug', 'Trust Account'),
          comingSoon('trust-account/record/:idx', 'Trust Account Record'),
          comingSoon('documents', 'Documents'),
          comingSoon('accounting', 'Accounting'),
          comingSoon('view/court-update', 'Court Update'),
          comingSoon('view/progress-note', 'Progress Note'),
        ],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
