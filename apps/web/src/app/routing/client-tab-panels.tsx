import type { ClientDetail } from '@matterhorn/shared';
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

/**
 * The client view's tabs that other features fill (features never import each other), loaded with
 * the client's route rather than the app's entry; each tab's own code loads when the tab opens.
 */
const LazyClientInvoicesTab = lazy(async () => ({
  default: (await import('../../features/invoices/components/client-invoices-tab.tsx')).ClientInvoicesTab,
}));
const LazyTrustLedgerTab = lazy(async () => ({
  default: (await import('../../features/trust/components/trust-ledger-tab.tsx')).TrustLedgerTab,
}));
const LazyDocumentsTab = lazy(async () => ({
  default: (await import('../../features/documents/components/documents-tab.tsx')).DocumentsTab,
}));

const LazyClientCreditSection = lazy(async () => ({
  default: (await import('../../features/client-credits/components/client-credit-section.tsx')).ClientCreditSection,
}));

const LazyClientReminderChoice = lazy(async () => ({
  default: (await import('../../features/invoices/components/client-reminder-choice.tsx')).ClientReminderChoice,
}));

const LazyClientOptInsCard = lazy(async () => ({
  default: (await import('../../features/client-messages/components/client-opt-ins-card.tsx')).ClientOptInsCard,
}));

const LazyClientWithholdingTaxCard = lazy(async () => ({
  default: (await import('../../features/withholding-tax/components/client-withholding-tax-card.tsx')).ClientWithholdingTaxCard,
}));

const LazyClientWhoLookedLink = lazy(async () => ({
  default: (await import('../../features/record-views/components/client-who-looked-link.tsx')).ClientWhoLookedLink,
}));

const LazyClientPaymentPlanCard = lazy(() => import('../../features/payment-plans/components/client-payment-plan-card.tsx'));

/**
 * Beside the client's portal access on its overview: its credit balance, when it has some (the
 * section shows nothing otherwise), whether invoice reminders go to it, the payment plan on its
 * balance (for those who see invoices; a chunk of its own, loaded with the overview), and its
 * contacts' SMS and WhatsApp opt-ins, how it is treated for withholding tax, and (for those who read
 * the audit trail) a link to who looked at its records.
 */
export const clientOverviewAside = (client: ClientDetail) => (
  <Suspense fallback={null}>
    <LazyClientCreditSection clientId={client.id} />
    <LazyClientReminderChoice clientId={client.id} />
    <LazyClientPaymentPlanCard clientId={client.id} />
    <LazyClientWithholdingTaxCard clientId={client.id} />
    <LazyClientOptInsCard clientId={client.id} />
    <LazyClientWhoLookedLink clientId={client.id} />
  </Suspense>
);

export const clientTabPanels = {
  invoices: (client: ClientDetail) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyClientInvoicesTab clientId={client.id} />
    </Suspense>
  ),
  trust: (client: ClientDetail) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyTrustLedgerTab clientId={client.id} />
    </Suspense>
  ),
  documents: (client: ClientDetail) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyDocumentsTab clientId={client.id} />
    </Suspense>
  ),
};
