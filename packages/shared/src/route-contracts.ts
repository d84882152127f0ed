import type { RouteContract } from './common/route-contract.ts';
import { accountingContracts } from './accounting/accounting.contracts.ts';
import { periodLockContracts } from './accounting/period-lock.contracts.ts';
import { auditChainVerifyRoute, reportContracts, reportPresetContracts } from './reports/reports.contracts.ts';
import { twoStepContracts } from './auth/two-step.schemas.ts';
import { signedInDeviceContracts } from './auth/signed-in-devices.schemas.ts';
import { myAccountContracts } from './auth/my-account.schemas.ts';
import { passkeyContracts } from './auth/passkeys.schemas.ts';
import { billRunContracts } from './bill-runs/bill-run.schemas.ts';
import { clientContracts } from './clients/clients.contracts.ts';
import { clientCreditContracts } from './client-credits/client-credits.contracts.ts';
import { clientPortalContracts } from './client-portal/client-portal.contracts.ts';
import { portalBillingContracts } from './client-portal/portal-billing.contracts.ts';
import { portalAccessContracts } from './client-portal/portal-access.contracts.ts';
import { portalCalendarContracts } from './client-portal/portal-calendar.contracts.ts';
import { portalItemViewContracts } from './client-portal/portal-item-views.contracts.ts';
import { portalMessageContracts } from './client-portal/portal-messages.contracts.ts';
import { portalSignInSettingsContracts } from './client-portal/portal-sign-in-settings.contracts.ts';
import { portalSignInContracts } from './client-portal/portal-sign-in.contracts.ts';
import { conflictCheckContracts } from './conflict-checks/conflict-checks.contracts.ts';
import { courtUpdateContracts } from './court-updates/court-updates.contracts.ts';
import { dashboardContracts } from './dashboard/dashboard.contracts.ts';
import { courtContracts } from './court-updates/courts.contracts.ts';
import { courtCalendarContracts } from './court-calendar/court-calendar.contracts.ts';
import { documentContracts } from './documents/document.contracts.ts';
import { documentFileContracts } from './documents/document-files.contracts.ts';
import { documentFolderContracts } from './documents/document-folders.contracts.ts';
import { documentSearchContracts } from './documents/document-search.contracts.ts';
import { documentSharingContracts } from './documents/document-sharing.contracts.ts';
import { expenseContracts } from './expenses/expenses.contracts.ts';
import { expenseCategoryContracts } from './expenses/expense-categories.contracts.ts';
import { firmSetupContracts } from './firm/firm-setup.contracts.ts';
import { firmSettingsContracts } from './firm/firm-settings.schemas.ts';
import { flatFeeContracts } from './flat-fees/flat-fees.contracts.ts';
import { invoiceLinkContracts } from './invoices/invoice-links.contracts.ts';
import { invoiceReminderContracts } from './invoice-reminders/invoice-reminders.contracts.ts';
import { preBillReviewContracts } from './pre-bill-review/pre-bill-review.contracts.ts';
import { paymentPlanContracts } from './payment-plans/payment-plans.contracts.ts';
import { invoiceContracts } from './invoices/invoices.contracts.ts';
import { onlinePaymentContracts } from './invoices/online-payments.contracts.ts';
import { paymentReportContracts } from './invoices/payment-reports.contracts.ts';
import { progressNoteContracts } from './progress-notes/progress-notes.contracts.ts';
import { matterContracts } from './matters/matters.contracts.ts';
import { matterBudgetContracts } from './matters/matter-budget.contracts.ts';
import {
  activityTypeContracts,
  currencyContracts,
  customFieldContracts,
  exchangeRateContracts,
  firmProfileContracts,
  practiceAreaContracts,
} from './reference-data/reference-data.contracts.ts';
import { roleContracts } from './roles/roles.contracts.ts';
import { subscriptionContracts } from './subscriptions/subscription.contracts.ts';
import { teamContracts } from './team/team.contracts.ts';
import { recycleBinContracts } from './recycle-bin/recycle-bin.schemas.ts';
import { backupsContracts } from './backups/backups.schemas.ts';
import { dataExportContracts } from './data-export/data-export.schemas.ts';
import { dataProtectionContracts } from './data-protection/data-subject-requests.schemas.ts';
import { retentionContracts } from './data-protection/retention.schemas.ts';
import { breachContracts } from './data-protection/breaches.schemas.ts';
import { privacyNoticeContracts } from './data-protection/privacy-notice.schemas.ts';
import { recordViewContracts } from './record-views/record-views.schemas.ts';
import { bulkImportContracts } from './bulk-import/bulk-import.schemas.ts';
import { timeEntryContracts, timerContracts } from './time-entries/time-entries.contracts.ts';
import { timersContracts } from './time-entries/timers.contracts.ts';
import { quickLineContracts } from './time-entries/quick-line.contracts.ts';
import { trustContracts } from './trust/trust.contracts.ts';
import { trustLedgerContracts } from './trust/trust-ledger.contracts.ts';
import { trustReconciliationContracts } from './trust/trust-reconciliation.contracts.ts';
import { trustRequestContracts } from './trust/trust-requests.contracts.ts';
import { taskContracts } from './tasks/task.schemas.ts';
import { calendarContracts } from './calendar/calendar-event.schemas.ts';
import { timeSuggestionContracts } from './time-suggestions/time-suggestion.schemas.ts';
import { intakeFormContracts, publicIntakeContracts } from './intake-forms/intake-forms.contracts.ts';
import { leadContracts } from './leads/leads.contracts.ts';
import { engagementContracts } from './engagements/engagements.contracts.ts';
import { matterCallContracts } from './matter-calls/matter-call.schemas.ts';
import { clientMessageContracts } from './client-messages/client-messages.contracts.ts';
import {
  clientMessageTemplatesRoute,
  clientOptInsRoute,
  portalOptInsRoute,
  retryClientMessageRoute,
  saveClientMessageTemplateRoute,
  setClientOptInsRoute,
  setPortalOptInsRoute,
} from './client-messages/client-message-settings.contracts.ts';
import { withholdingTaxContracts } from './withholding-tax/withholding-tax.contracts.ts';
import { consultationContracts } from './consultations/consultations.contracts.ts';
import { signatureRequestContracts } from './signature-requests/signature-requests.contracts.ts';

/** Every module's contracts, for the checks that the server registers each one and the OpenAPI describes it. */
export const ROUTE_CONTRACTS: Record<string, Record<string, RouteContract>> = {
  timeEntries: timeEntryContracts,
  timer: timerContracts,
  timers: timersContracts,
  quickLine: quickLineContracts,
  timeSuggestions: timeSuggestionContracts,
  matterCalls: matterCallContracts,
  clients: clientContracts,
  billRuns: billRunContracts,
  clientCredits: clientCreditContracts,
  progressNotes: progressNoteContracts,
  courtUpdates: courtUpdateContracts,
  courts: courtContracts,
  courtCalendar: courtCalendarContracts,
  matters: matterContracts,
  matterBudgets: matterBudgetContracts,
  roles: roleContracts,
  team: teamContracts,
  recycleBin: recycleBinContracts,
  dataExport: dataExportContracts,
  backups: backupsContracts,
  dataProtection: dataProtectionContracts,
  retentionReviews: retentionContracts,
  breaches: breachContracts,
  privacyNotice: privacyNoticeContracts,
  recordViews: recordViewContracts,
  bulkImport: bulkImportContracts,
  currencies: currencyContracts,
  activityTypes: activityTypeContracts,
  practiceAreas: practiceAreaContracts,
  customFields: customFieldContracts,
  exchangeRates: exchangeRateContracts,
  firmProfile: firmProfileContracts,
  firmSettings: firmSettingsContracts,
  expenses: expenseContracts,
  expenseCategories: expenseCategoryContracts,
  dashboard: dashboardContracts,
  subscriptions: subscriptionContracts,
  flatFees: flatFeeContracts,
  invoices: invoiceContracts,
  invoiceLinks: invoiceLinkContracts,
  invoiceReminders: invoiceReminderContracts,
  preBillReview: preBillReviewContracts,
  paymentPlans: paymentPlanContracts,
  paymentReports: paymentReportContracts,
  onlinePayments: onlinePaymentContracts,
  documents: documentContracts,
  documentFiles: documentFileContracts,
  documentFolders: documentFolderContracts,
  documentSearch: documentSearchContracts,
  documentSharing: documentSharingContracts,
  accounting: accountingContracts,
  periodLock: periodLockContracts,
  reports: reportContracts,
  reportPresets: reportPresetContracts,
  auditTrail: { verify: auditChainVerifyRoute },
  twoStep: twoStepContracts,
  signedInDevices: signedInDeviceContracts,
  myAccount: myAccountContracts,
  passkeys: passkeyContracts,
  clientPortal: clientPortalContracts,
  portalSignIn: portalSignInContracts,
  portalCalendar: portalCalendarContracts,
  portalMessages: portalMessageContracts,
  portalAccess: portalAccessContracts,
  portalSignInSettings: portalSignInSettingsContracts,
  portalItemViews: portalItemViewContracts,
  portalBilling: portalBillingContracts,
  trust: trustContracts,
  trustLedger: trustLedgerContracts,
  trustRequests: trustRequestContracts,
  trustReconciliation: trustReconciliationContracts,
  conflictChecks: conflictCheckContracts,
  firmSetup: firmSetupContracts,
  tasks: taskContracts,
  calendar: calendarContracts,
  consultations: consultationContracts,
  intakeForms: intakeFormContracts,
  publicIntake: publicIntakeContracts,
  leads: leadContracts,
  engagements: engagementContracts,
  signatureRequests: signatureRequestContracts,
  clientMessages: clientMessageContracts,
  clientMessageSettings: {
    optIns: clientOptInsRoute,
    setOptIns: setClientOptInsRoute,
    templates: clientMessageTemplatesRoute,
    saveTemplate: saveClientMessageTemplateRoute,
    retry: retryClientMessageRoute,
    portalOptIns: portalOptInsRoute,
    setPortalOptIns: setPortalOptInsRoute,
  },
  withholdingTax: withholdingTaxContracts,
};
