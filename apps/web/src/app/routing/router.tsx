import { isFirmPage } from '@matterhorn/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from '../../components/loading-spinner.tsx';
import { readStoredSession } from '../../lib/session-storage.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RouteErrorPage } from '../pages/route-error-page.tsx';
import { RequireFirmToken, RequirePortalClient } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** A route whose page reads data: the query cache comes with it (the sign-in page has none). */
async function withQueries(Page: ComponentType): Promise<Pick<RouteObject, 'Component'>> {
  const { QueryProvider } = await import('../../lib/query-client.tsx');
  return {
    Component: () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    ),
  };
}

const FIRM_SHELL_ROUTE_ID = 'firm-shell';

/**
 * The portal overview's data, asked for as its address matches: React Router runs a route's loader
 * beside its lazy code, so the requests go out while the page downloads (prefetchPortalOverview).
 * Only for the stored client of that portal; the guard sends anyone else to sign in.
 */
async function askForPortalOverview({ params }: LoaderFunctionArgs): Promise<null> {
  const stored = readStoredSession();
  if (!stored.clientToken || !stored.clientId || stored.company !== params.company) return null;
  const [{ appQueryClient }, { prefetchPortalOverview }] = await Promise.all([
    import('../../lib/query-client.tsx'),
    import('../../features/portal/api/portal-api.ts'),
  ]);
  prefetchPortalOverview(appQueryClient, stored.clientId);
  return null;
}

/** The signing page's details, the PDF and PDF.js, asked for as its address matches (startSigningDownloads), beside the page's code. */
async function askForSigning({ params }: LoaderFunctionArgs): Promise<null> {
  const { startSigningDownloads } = await import('../../features/signature-requests/api/signing-early.ts');
  startSigningDownloads(params.token ?? '');
  return null;
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
        path: 'trust-browser',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/trust-browser-page.tsx')).TrustBrowserPage }),
      },
      {
        path: 'verification',
        lazy: async () => ({ Component: (await import('../../features/auth/pages/verification-page.tsx')).VerificationPage }),
      },
      // The links of an email change (My account): sent to the new address, and to the old one to undo it.
      {
        path: 'confirm-email-change',
        lazy: async () => ({
          Component: (await import('../../features/my-account/pages/confirm-email-change-page.tsx')).ConfirmEmailChangePage,
        }),
      },
      {
        path: 'undo-email-change',
        lazy: async () => ({ Component: (await import('../../features/my-account/pages/undo-email-change-page.tsx')).UndoEmailChangePage }),
      },
      {
        path: 'join-team/:id',
        lazy: async () => withQueries((await import('../../features/auth/pages/join-team-page.tsx')).JoinTeamPage),
      },
      {
        path: 'billing/invoice/:slug',
        lazy: async () => withQueries((await import('../../features/invoices/pages/public-invoice-page.tsx')).PublicInvoicePage),
      },
      {
        path: 'book/:token',
        lazy: async () => withQueries((await import('../../features/consultations/pages/booking-page.tsx')).ConsultationBookingPage),
      },
      {
        path: 'billing/trust-accounting/:slug',
        lazy: async () =>
          withQueries((await import('../../features/trust-requests/pages/public-trust-request-page.tsx')).PublicTrustRequestPage),
      },
      // A signer's emailed link (no sign-in): read, consent, adopt a signature and sign, or decline.
      {
        path: 'sign/:token',
        loader: askForSigning,
        shouldRevalidate: () => false,
        lazy: async () => withQueries((await import('../../features/signature-requests/pages/signing-page.tsx')).SigningPage),
      },
      {
        path: 'setup-firm',
        element: <RequireFirmToken />,
        children: [
          {
            index: true,
            lazy: async () => withQueries((await import('../../features/firm-setup/pages/setup-firm-page.tsx')).SetupFirmPage),
          },
        ],
      },

      // Client portal.
      {
        path: 'portal/:company',
        lazy: async () => withQueries(Outlet),
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
            path: 'sign-in/:token',
            lazy: async () => ({
              Component: (await import('../../features/portal/pages/portal-link-sign-in-page.tsx')).PortalLinkSignInPage,
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
                loader: askForPortalOverview,
                // Once, as the portal opens: switching tabs changes only the search and asks for nothing.
                shouldRevalidate: () => false,
                lazy: async () => {
                  const [{ PortalOverviewPage }, { PortalSignaturesCard }] = await Promise.all([
                    import('../../features/portal/pages/portal-overview-page.tsx'),
                    import('./portal-signatures-card.tsx'),
                  ]);
                  return { Component: () => <PortalOverviewPage signaturesCard={PortalSignaturesCard} /> };
                },
              },
            ],
          },
        ],
      },

      // Firm side: signed in, inside the shell; its pages (firm-routes.tsx) are added by addFirmPages.
      {
        id: FIRM_SHELL_ROUTE_ID,
        lazy: async () => {
          const { FirmShell, QueryProvider, firmPages } = await import('./firm-app.tsx');
          return {
            element: (
              <QueryProvider>
                <FirmShell pages={firmPages} />
              </QueryProvider>
            ),
          };
        },
        children: [],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Makes the app's router. It asks `patchRoutesOnNavigation` when an address matched nothing but the
 * not-found page, or matched only by a parameter (/billing/invoice/invoice-empty is a firm page the
 * public invoice link's route also matches): a firm address adds the firm's routes under the shell,
 * once, and the router matches again. Sign-in, the portal and the public links never load them.
 */
export function createAppRouter() {
  let firmPagesAdded = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (firmPagesAdded || !isFirmPage(path)) return;
      const { firmRoutes } = await import('./firm-app.tsx');
      if (firmPagesAdded) return;
      patch(FIRM_SHELL_ROUTE_ID, firmRoutes);
      firmPagesAdded = true;
    },
  });
}
