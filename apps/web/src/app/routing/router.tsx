import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/loading-spinner.tsx';
import { FirmShell } from '../shell/firm-shell.tsx';
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
        element: <FirmShell />,
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('../../features/dashboard/pages/dashboard-page.tsx')).DashboardPage }),
          },
          comingSoon('clients/list', 'Clients'),
          comingSoon('clients/add-new-client', 'Add New Client'),
          comingSoon('matter/matter-list', 'Matters'),
          comingSoon('matter/add-new-matter', 'Add New Matter'),
          comingSoon('time-entries', 'Time Entries'),
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
