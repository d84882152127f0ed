import type { MatterView } from '@matterhorn/shared';
import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';

/**
 * The matter view's tabs that other features fill (features never import each other). Loaded with
 * the matter's route, not with the app's entry; each tab's own code loads when the tab opens, so a
 * matter's first visit does not carry the expense, note, court, invoice and trust lists.
 */
const LazyMatterTimeTab = lazy(async () => ({
  default: (await import('../../features/time-entries/components/matter-time-tab.tsx')).MatterTimeTab,
}));
const LazyMatterCallsCard = lazy(async () => ({
  default: (await import('../../features/matter-calls/components/matter-calls-card.tsx')).MatterCallsCard,
}));
const LazyMatterExpensesTab = lazy(async () => ({ default: (await import('./matter-expenses-tab.tsx')).MatterExpensesTabPanel }));
const LazyMatterNotesTab = lazy(async () => ({
  default: (await import('../../features/progress-notes/components/matter-notes-tab.tsx')).MatterNotesTab,
}));
const LazyMatterCourtUpdatesTab = lazy(async () => ({
  default: (await import('../../features/court-updates/components/matter-court-updates-tab.tsx')).MatterCourtUpdatesTab,
}));
const LazyInvoiceListView = lazy(async () => ({
  default: (await import('../../features/invoices/components/invoice-list-view.tsx')).InvoiceListView,
}));
const LazyTrustLedgerTab = lazy(async () => ({
  default: (await import('../../features/trust/components/trust-ledger-tab.tsx')).TrustLedgerTab,
}));

const LazyDocumentsTab = lazy(async () => ({
  default: (await import('../../features/documents/components/documents-tab.tsx')).DocumentsTab,
}));

const LazyMatterMessagesTab = lazy(async () => ({
  default: (await import('../../features/portal-messages/components/matter-messages-tab.tsx')).MatterMessagesTab,
}));

const LazyMatterClientMessagesTab = lazy(async () => ({
  default: (await import('../../features/client-messages/components/matter-client-messages-tab.tsx')).MatterClientMessagesTab,
}));

const LazyMatterTasksTab = lazy(async () => ({
  default: (await import('../../features/tasks/components/matter-tasks-tab.tsx')).MatterTasksTab,
}));
const LazyApplyTaskListButton = lazy(async () => ({
  default: (await import('../../features/tasks/components/task-list-apply-modal.tsx')).ApplyTaskListButton,
}));

const matterOf = (matter: MatterView) => ({
  matterId: matter.id,
  clientId: matter.client.id,
  isMatterOpen: matter.status === 'Open',
});

export const matterTabPanels = {
  tasks: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterTasksTab
        matterId={matter.id}
        clientId={matter.client.id}
        applyTaskListButton={<LazyApplyTaskListButton matterId={matter.id} />}
      />
    </Suspense>
  ),
  time: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <Stack gap="md">
        <LazyMatterTimeTab {...matterOf(matter)} />
        <LazyMatterCallsCard matterId={matter.id} isMatterOpen={matter.status === 'Open'} />
      </Stack>
    </Suspense>
  ),
  expenses: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterExpensesTab matter={matter} />
    </Suspense>
  ),
  notes: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterNotesTab {...matterOf(matter)} />
    </Suspense>
  ),
  'court-updates': (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterCourtUpdatesTab {...matterOf(matter)} />
    </Suspense>
  ),
  invoices: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyInvoiceListView matterId={matter.id} />
    </Suspense>
  ),
  trust: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyTrustLedgerTab clientId={matter.client.id} matterId={matter.id} />
    </Suspense>
  ),
  documents: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyDocumentsTab matterId={matter.id} />
    </Suspense>
  ),
  messages: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterMessagesTab matterId={matter.id} clientName={matter.client.name} />
    </Suspense>
  ),
  texts: (matter: MatterView) => (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMatterClientMessagesTab matterId={matter.id} />
    </Suspense>
  ),
};
