import type { TrustAccount } from '@matterhorn/shared';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { needs, needsByQuery } from './page-permissions.ts';

/**
 * The firm's pages, inside the shell, each guarded by the permissions on its handle. Not in the
 * entry: the router adds them on the first navigation to a firm address (patchRoutesOnNavigation),
 * so the sign-in page and the public pages do not download the firm's route table; the server
 * names this chunk among a firm page's preloads, so a firm page's first visit does not wait on it.
 */

/** The trust account page's Requests tab (the trust-requests feature), loaded when the tab opens. */
const LazyTrustRequestsTab = lazy(async () => ({
  default: (await import('../../features/trust-requests/components/trust-requests-list.tsx')).TrustRequestsTab,
}));
/** Its Reconciliation tab (the trust-reconciliation feature), loaded when the tab opens. */
const LazyTrustReconciliationTab = lazy(async () => ({
  default: (await import('../../features/trust-reconciliation/components/trust-reconciliation-tab.tsx')).TrustReconciliationTab,
}));
/** The Suggested time tab of /time-entries (the time-suggestions feature), loaded when the tab opens. */
const LazySuggestedTimePanel = lazy(async () => ({
  default: (await import('../../features/time-suggestions/components/suggested-time-panel.tsx')).SuggestedTimePanel,
}));

export const firmRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    handle: needs(),
    // The missed instalments card and the backups notice come from their features, each in a chunk of its own loaded after the page.
    lazy: async () => {
      const { DashboardPage } = await import('../../features/dashboard/pages/dashboard-page.tsx');
      const MissedInstalmentsCard = lazy(() => import('../../features/payment-plans/components/missed-instalments-card.tsx'));
      const BackupNotice = lazy(() => import('../../features/backups/components/backup-overdue-notice.tsx'));
      return { Component: () => <DashboardPage missedInstalmentsCard={MissedInstalmentsCard} backupNotice={BackupNotice} /> };
    },
  },
  {
    path: 'clients/list',
    handle: needs('clientInfo'),
    lazy: async () => ({ Component: (await import('../../features/clients/pages/clients-list-page.tsx')).ClientsListPage }),
  },
  {
    path: 'clients/add-new-client',
    handle: needs('clientInfo.create'),
    lazy: async () => ({ Component: (await import('../../features/clients/pages/add-client-page.tsx')).AddClientPage }),
  },
  {
    path: 'clients/:id',
    handle: needs('clientInfo'),
    // The Invoices, Trust and Documents tabs and the credit balance come from their features (each shown with its permission).
    lazy: async () => {
      const [{ ClientViewPage }, { clientTabPanels, clientOverviewAside }] = await Promise.all([
        import('../../features/clients/pages/client-view-page.tsx'),
        import('./client-tab-panels.tsx'),
      ]);
      return { Component: () => <ClientViewPage tabPanels={clientTabPanels} overviewAside={clientOverviewAside} /> };
    },
  },
  {
    path: 'clients/:id/edit',
    handle: needs('clientInfo.edit'),
    lazy: async () => ({ Component: (await import('../../features/clients/pages/edit-client-page.tsx')).EditClientPage }),
  },
  {
    path: 'conflict-check',
    handle: needs('clientInfo'),
    lazy: async () => ({
      Component: (await import('../../features/conflict-checks/pages/conflict-check-page.tsx')).ConflictCheckPage,
    }),
  },
  {
    path: 'leads',
    handle: needs('clientInfo'),
    lazy: async () => ({ Component: (await import('../../features/leads/pages/leads-page.tsx')).LeadsPage }),
  },
  {
    path: 'leads/:id',
    handle: needs('clientInfo'),
    // The consultation and engagement cards come from their features, their code loaded after the page's own.
    lazy: async () => {
      const [{ LeadPage }, { LeadConsultationSlot }, { LeadEngagementSlot }] = await Promise.all([
        import('../../features/leads/pages/lead-page.tsx'),
        import('./lead-consultation-slot.tsx'),
        import('./lead-engagement-slot.tsx'),
      ]);
      const consultationCard = (leadId: string, canEdit: boolean) => <LeadConsultationSlot leadId={leadId} canEdit={canEdit} />;
      const engagementCard = (leadId: string, canEdit: boolean) => <LeadEngagementSlot leadId={leadId} canEdit={canEdit} />;
      return { Component: () => <LeadPage consultationCard={consultationCard} engagementCard={engagementCard} /> };
    },
  },
  {
    path: 'leads/intake-forms',
    handle: needs('clientInfo'),
    lazy: async () => ({ Component: (await import('../../features/intake-forms/pages/intake-forms-page.tsx')).IntakeFormsPage }),
  },
  {
    path: 'leads/intake-forms/new',
    handle: needs('clientInfo.edit'),
    lazy: async () => ({ Component: (await import('../../features/intake-forms/pages/intake-form-page.tsx')).IntakeFormPage }),
  },
  {
    path: 'leads/intake-forms/:id',
    handle: needs('clientInfo.edit'),
    lazy: async () => ({ Component: (await import('../../features/intake-forms/pages/intake-form-page.tsx')).IntakeFormPage }),
  },
  {
    path: 'matter/matter-list',
    handle: needs('matterMaster'),
    lazy: async () => ({ Component: (await import('../../features/matters/pages/matter-list-page.tsx')).MatterListPage }),
  },
  {
    path: 'matter/add-new-matter',
    handle: needs('matterMaster.create'),
    lazy: async () => ({ Component: (await import('../../features/matters/pages/add-matter-page.tsx')).AddMatterPage }),
  },
  {
    path: 'matter/:id',
    handle: needs('matterMaster'),
    // The time and expenses tabs come from their features: composed here, as features never import each other.
    lazy: async () => {
      const [{ MatterViewPage }, { matterTabPanels }] = await Promise.all([
        import('../../features/matters/pages/matter-view-page.tsx'),
        import('./matter-tab-panels.tsx'),
      ]);
      return { Component: () => <MatterViewPage tabPanels={matterTabPanels} /> };
    },
  },
  {
    path: 'matter/:id/edit',
    handle: needs('matterMaster.edit'),
    lazy: async () => ({ Component: (await import('../../features/matters/pages/edit-matter-page.tsx')).EditMatterPage }),
  },
  {
    path: 'time-entries',
    handle: needs('timeEntry'),
    lazy: async () => {
      const [{ TimeEntriesPage }, { SuggestionCountBadge }] = await Promise.all([
        import('../../features/time-entries/pages/time-entries-page.tsx'),
        import('../../features/time-suggestions/components/suggestion-count-badge.tsx'),
      ]);
      // The tab's own code loads when it opens; its count comes with the page.
      const suggestedTime = (
        <Suspense fallback={<LoadingSpinner />}>
          <LazySuggestedTimePanel />
        </Suspense>
      );
      return { Component: () => <TimeEntriesPage suggestedTime={suggestedTime} suggestionCount={<SuggestionCountBadge />} /> };
    },
  },
  {
    path: 'tasks',
    handle: needs(),
    lazy: async () => ({ Component: (await import('../../features/tasks/pages/tasks-page.tsx')).TasksPage }),
  },
  {
    path: 'progress-update',
    handle: needsByQuery((params) => [params.get('activeTab') === 'court-update' ? 'courtUpdate' : 'progressNote']),
    lazy: async () => ({ Component: (await import('./progress-update-routes.tsx')).ProgressUpdateRoute }),
  },
  {
    path: 'progress-update/add-progress-update',
    handle: needsByQuery((params) => [params.get('iscourtupdate') === 'true' ? 'courtUpdate.create' : 'progressNote.create']),
    lazy: async () => ({ Component: (await import('./progress-update-routes.tsx')).AddProgressUpdateRoute }),
  },
  {
    path: 'progress-update/edit-progress-note/:id',
    handle: needs('progressNote.edit'),
    lazy: async () => ({
      Component: (await import('./progress-update-routes.tsx')).EditProgressNoteRoute,
    }),
  },
  {
    path: 'progress-update/edit-court-update/:id',
    handle: needs('courtUpdate.edit'),
    lazy: async () => ({
      Component: (await import('./progress-update-routes.tsx')).EditCourtUpdateRoute,
    }),
  },
  {
    path: 'calendar',
    // Every member has a calendar of their own (events, tasks, their matters' court dates); the firm's needs courtUpdate.
    handle: needs(),
    lazy: async () => ({
      Component: (await import('./progress-update-routes.tsx')).CourtCalendarRoute,
    }),
  },
  {
    path: 'expense-request',
    handle: needs('expensePermission'),
    element: <Navigate to="/expense-request/direct-expense?activeTab=client" replace />,
  },
  {
    path: 'expense-request/direct-expense',
    handle: needs('expensePermission'),
    lazy: async () => ({ Component: (await import('../../features/expenses/pages/expenses-page.tsx')).ExpensesPage }),
  },
  {
    path: 'expense-request/direct-expense/add-expense',
    handle: needs('expensePermission.create'),
    lazy: async () => ({ Component: (await import('../../features/expenses/pages/add-expense-page.tsx')).AddExpensePage }),
  },
  {
    path: 'expense-request/direct-expense/edit-expense/:id',
    handle: needs('expensePermission'),
    lazy: async () => ({ Component: (await import('../../features/expenses/pages/edit-expense-page.tsx')).EditExpensePage }),
  },
  {
    path: 'expense-request/approvals',
    handle: needs('expensePermission.edit'),
    lazy: async () => ({
      Component: (await import('../../features/expenses/pages/expense-approvals-page.tsx')).ExpenseApprovalsPage,
    }),
  },
  {
    path: 'billing',
    handle: needs('invoice'),
    lazy: async () => ({ Component: (await import('../../features/invoices/pages/invoices-page.tsx')).InvoicesPage }),
  },
  {
    path: 'billing/pre-bill-review',
    handle: needs('invoice'),
    lazy: async () => ({ Component: (await import('../../features/pre-bill-review/pages/pre-bill-review-page.tsx')).PreBillReviewPage }),
  },
  {
    path: 'billing/pre-bill-review/:invoiceId',
    handle: needs('invoice'),
    lazy: async () => ({ Component: (await import('../../features/pre-bill-review/pages/review-draft-page.tsx')).ReviewDraftPage }),
  },
  {
    path: 'billing/bill-runs',
    handle: needs('invoice.create'),
    lazy: async () => ({ Component: (await import('../../features/bill-runs/pages/bill-runs-page.tsx')).BillRunsPage }),
  },
  {
    path: 'billing/bill-runs/:id',
    handle: needs('invoice.create'),
    lazy: async () => ({ Component: (await import('../../features/bill-runs/pages/bill-run-page.tsx')).BillRunPage }),
  },
  {
    path: 'billing/payment-reports',
    handle: needs('paymentInfo'),
    lazy: async () => ({ Component: (await import('../../features/invoices/pages/payment-reports-page.tsx')).PaymentReportsPage }),
  },
  {
    path: 'billing/withholding-tax',
    handle: needs('paymentInfo'),
    lazy: async () => ({ Component: (await import('../../features/withholding-tax/pages/withholding-tax-page.tsx')).WithholdingTaxPage }),
  },
  {
    path: 'billing/online-payments',
    handle: needs('paymentInfo'),
    lazy: async () => ({ Component: (await import('../../features/invoices/pages/online-payments-page.tsx')).OnlinePaymentsPage }),
  },
  {
    path: 'billing/flat-fees',
    handle: needs('flatFeePermission'),
    lazy: async () => ({ Component: (await import('../../features/flat-fees/pages/flat-fees-page.tsx')).FlatFeesPage }),
  },
  {
    path: 'billing/flat-fees/add-new-flat-fee',
    handle: needs('flatFeePermission.create'),
    lazy: async () => ({ Component: (await import('../../features/flat-fees/pages/add-flat-fee-page.tsx')).AddFlatFeePage }),
  },
  {
    path: 'billing/flat-fees/edit/:id',
    handle: needs('flatFeePermission.edit'),
    lazy: async () => ({ Component: (await import('../../features/flat-fees/pages/edit-flat-fee-page.tsx')).EditFlatFeePage }),
  },
  {
    path: 'billing/invoice/invoice-empty',
    handle: needs('invoice.create'),
    lazy: async () => ({
      Component: (await import('../../features/invoices/pages/invoice-builder-page.tsx')).InvoiceBuilderPage,
    }),
  },
  // The firm's view of one invoice: /billing/invoice/:slug is the public page (SPEC.md §2).
  {
    path: 'billing/invoices/:id',
    handle: needs('invoice'),
    // The payment plan card comes from its feature, loaded after the page's own code.
    lazy: async () => {
      const { InvoiceViewPage } = await import('../../features/invoices/pages/invoice-view-page.tsx');
      const PaymentPlanCard = lazy(() => import('../../features/payment-plans/components/payment-plan-card.tsx'));
      return { Component: () => <InvoiceViewPage paymentPlanCard={PaymentPlanCard} /> };
    },
  },
  {
    path: 'billing/invoices/:id/edit',
    handle: needs('invoice.edit'),
    lazy: async () => ({ Component: (await import('../../features/invoices/pages/invoice-edit-page.tsx')).InvoiceEditPage }),
  },
  {
    path: 'settings',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({ Component: (await import('../../features/firm/pages/firm-settings-page.tsx')).FirmSettingsPage }),
  },
  {
    path: 'settings/plans-&-subscriptions/select-plan',
    handle: needs('subscriptionPlan'),
    lazy: async () => ({ Component: (await import('../../features/subscriptions/pages/select-plan-page.tsx')).SelectPlanPage }),
  },
  {
    path: 'settings/my-account',
    handle: needs(),
    lazy: async () => {
      const [{ MyAccountPage }, { TimeRecordingCard }] = await Promise.all([
        import('../../features/my-account/pages/my-account-page.tsx'),
        import('../../features/time-suggestions/components/time-recording-card.tsx'),
      ]);
      return { Component: () => <MyAccountPage moreCards={<TimeRecordingCard />} /> };
    },
  },
  {
    path: 'settings/team',
    handle: needs('adminUsers'),
    lazy: async () => ({ Component: (await import('../../features/team/pages/team-page.tsx')).TeamPage }),
  },
  {
    path: 'settings/roles',
    handle: needs('adminRoles'),
    lazy: async () => ({ Component: (await import('../../features/roles/pages/roles-page.tsx')).RolesPage }),
  },
  {
    path: 'settings/firm-profile',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({ Component: (await import('../../features/reference-data/pages/firm-profile-page.tsx')).FirmProfilePage }),
  },
  {
    path: 'settings/activity-types',
    handle: needs(),
    lazy: async () => ({
      Component: (await import('../../features/reference-data/pages/activity-types-page.tsx')).ActivityTypesPage,
    }),
  },
  {
    path: 'settings/task-lists',
    handle: needs(),
    lazy: async () => ({ Component: (await import('../../features/tasks/pages/task-lists-page.tsx')).TaskListsPage }),
  },
  {
    path: 'settings/practice-areas',
    handle: needs(),
    lazy: async () => ({
      Component: (await import('../../features/reference-data/pages/practice-areas-page.tsx')).PracticeAreasPage,
    }),
  },
  {
    path: 'settings/invoices',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({
      Component: (await import('../../features/invoices/pages/invoice-settings-page.tsx')).InvoiceSettingsPage,
    }),
  },
  {
    path: 'settings/consultations',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({
      Component: (await import('../../features/consultations/pages/consultation-settings-page.tsx')).ConsultationSettingsPage,
    }),
  },
  {
    path: 'settings/client-messages',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({
      Component: (await import('../../features/client-messages/pages/client-message-templates-page.tsx')).ClientMessageTemplatesPage,
    }),
  },
  {
    path: 'settings/invoice-reminders',
    // Read by whoever sees invoices; saved by whoever approves them (the page says so).
    handle: needs('invoice'),
    lazy: async () => ({
      Component: (await import('../../features/invoices/pages/reminder-schedule-page.tsx')).ReminderSchedulePage,
    }),
  },
  {
    path: 'settings/currencies',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({ Component: (await import('../../features/reference-data/pages/currencies-page.tsx')).CurrenciesPage }),
  },
  {
    path: 'settings/expense-categories',
    handle: needs(),
    lazy: async () => ({
      Component: (await import('../../features/reference-data/pages/expense-categories-page.tsx')).ExpenseCategoriesPage,
    }),
  },
  {
    path: 'settings/custom-fields',
    handle: needs('updateAccountSettings'),
    lazy: async () => ({
      Component: (await import('../../features/reference-data/pages/custom-fields-page.tsx')).CustomFieldsPage,
    }),
  },
  {
    path: 'settings/recycle-bin',
    handle: needs('recycleBin'),
    lazy: async () => ({ Component: (await import('../../features/recycle-bin/pages/recycle-bin-page.tsx')).RecycleBinPage }),
  },
  {
    path: 'settings/export',
    handle: needs('administrator'),
    lazy: async () => ({ Component: (await import('../../features/data-export/pages/data-export-page.tsx')).DataExportPage }),
  },
  {
    path: 'settings/backups',
    handle: needs('administrator'),
    lazy: async () => ({ Component: (await import('../../features/backups/pages/backups-page.tsx')).BackupsPage }),
  },
  {
    path: 'settings/data-protection',
    handle: needs('administrator'),
    lazy: async () => ({
      Component: (await import('../../features/data-protection/pages/data-protection-page.tsx')).DataProtectionPage,
    }),
  },
  {
    path: 'settings/import',
    handle: needs('bulkImport'),
    lazy: async () => ({ Component: (await import('../../features/bulk-import/pages/bulk-import-page.tsx')).BulkImportPage }),
  },
  {
    path: 'trust-account/accounts',
    handle: needs('trustAccountRequest'),
    lazy: async () => ({ Component: (await import('../../features/trust/pages/trust-accounts-page.tsx')).TrustAccountsPage }),
  },
  {
    path: 'trust-account/:slug',
    handle: needs('trustAccountRequest'),
    // The Requests and Reconciliation tabs come from their features (tabPanels.requests / .reconciliation).
    lazy: async () => {
      const { TrustAccountPage } = await import('../../features/trust/pages/trust-account-page.tsx');
      const tabPanels = {
        requests: (account: TrustAccount) => (
          <Suspense fallback={<LoadingSpinner />}>
            <LazyTrustRequestsTab trustAccountId={account.id} />
          </Suspense>
        ),
        reconciliation: (account: TrustAccount) => (
          <Suspense fallback={<LoadingSpinner />}>
            <LazyTrustReconciliationTab trustAccountId={account.id} />
          </Suspense>
        ),
      };
      return { Component: () => <TrustAccountPage tabPanels={tabPanels} /> };
    },
  },
  {
    path: 'trust-account/record/:idx',
    handle: needs('trustAccountRequest'),
    lazy: async () => ({ Component: (await import('../../features/trust/pages/trust-record-page.tsx')).TrustRecordPage }),
  },
  {
    path: 'documents/*',
    handle: needs('document'),
    lazy: async () => ({ Component: (await import('./documents-routes.tsx')).DocumentsRoutes }),
  },
  {
    path: 'reports/audit-trail/who-looked',
    handle: needs('viewReportsAuditTrail'),
    lazy: async () => ({ Component: (await import('../../features/record-views/pages/who-looked-page.tsx')).WhoLookedPage }),
  },
  {
    path: 'reports/:name?',
    handle: needs('Reports'),
    lazy: async () => ({ Component: (await import('../../features/reports/pages/reports-page.tsx')).ReportsPage }),
  },
  {
    path: 'accounting/*',
    handle: needs('chartofAccount'),
    lazy: async () => ({ Component: (await import('./accounting-routes.tsx')).AccountingRoutes }),
  },
  {
    path: 'view/court-update',
    handle: needs('courtUpdate'),
    lazy: async () => ({
      Component: (await import('./progress-update-routes.tsx')).ViewCourtUpdateRoute,
    }),
  },
  {
    path: 'view/progress-note',
    handle: needs('progressNote'),
    lazy: async () => ({
      Component: (await import('./progress-update-routes.tsx')).ViewProgressNoteRoute,
    }),
  },
];

/** The firm pages, whose declared permissions the shell's menus, guard and Create New read. */
export function firmPages(): RouteObject[] {
  return firmRoutes;
}
