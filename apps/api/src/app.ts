import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { isFirmPage } from '@matterhorn/shared';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { requestOriginOf, withRequestOrigin } from './db/request-origin.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createAfterResponse, type AfterResponse } from './lib/after-response.ts';
import { createOutbox, type Outbox, type QueuedMark } from './platform/outbox/outbox.ts';
import { createOutboxDelivery, type OutboxDelivery } from './platform/outbox/outbox-delivery.ts';
import { registerOutgoingEmailRoutes } from './platform/outbox/outgoing-email.routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPermissionsPolicy } from './plugins/permissions-policy.ts';
import { trackApiMethods } from './plugins/method-not-allowed.ts';
import { registerCaseInsensitiveQuery } from './plugins/query-names.ts';
import { registerStorableTextGuard } from './plugins/storable-text.ts';
import { registerIdempotency } from './platform/idempotency/idempotency.ts';
import { registerUploadReceiving } from './platform/files/upload-receiver.ts';
import { registerRequestTransactions, registerRouteAccess, type RegisteredRoute } from './plugins/route-access.ts';
import { firmPageHtml, isMissingAsset, registerWebApp, sendPage } from './plugins/web-app.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuthenticator } from './modules/auth/authenticator.ts';
import { registerPortalAuthRoutes } from './modules/auth/portal-auth.routes.ts';
import { createPortalAuthService } from './modules/auth/portal-auth.service.ts';
import { registerClientPortalRoutes } from './modules/client-portal/client-portal.routes.ts';
import { registerPortalViewRoutes } from './modules/portal-views/portal-views.routes.ts';
import { createPortalViews } from './modules/portal-views/portal-views.service.ts';
import { registerClientRoutes } from './modules/clients/clients.routes.ts';
import { registerClientCreditRoutes } from './modules/client-credits/client-credits.routes.ts';
import { registerWithholdingTaxRoutes } from './modules/withholding-tax/withholding-tax.routes.ts';
import { registerPortalAccessRoutes } from './modules/portal-access/portal-access.routes.ts';
import { createPortalAccessService } from './modules/portal-access/portal-access.service.ts';
import { createConflictGate } from './modules/conflict-checks/conflict-checks.api.ts';
import { registerConflictCheckRoutes } from './modules/conflict-checks/conflict-checks.routes.ts';
import { registerIntakeFormRoutes } from './modules/intake-forms/intake-forms.routes.ts';
import { registerPublicIntakeRoutes } from './modules/intake-forms/public-intake.routes.ts';
import { createPublicIntakeService } from './modules/intake-forms/public-intake.service.ts';
import { createLeadFiles } from './modules/leads/leads.api.ts';
import { registerLeadRoutes } from './modules/leads/leads.routes.ts';
import { registerCurrencyRoutes } from './modules/currencies/currencies.routes.ts';
import { registerCustomFieldRoutes } from './modules/custom-fields/custom-fields.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { registerFirmRoutes } from './modules/firm/firm.routes.ts';
import { createFirmService } from './modules/firm/firm.service.ts';
import { createFirmSettingsService } from './modules/firm/firm-settings.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerMatterRoutes } from './modules/matters/matters.routes.ts';
import { createMatterBudgetWatch } from './modules/matter-budgets/matter-budgets.api.ts';
import { registerMatterBudgetRoutes } from './modules/matter-budgets/matter-budgets.routes.ts';
import { registerPracticeAreaRoutes } from './modules/practice-areas/practice-areas.routes.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { registerReadOnlyGate } from './modules/subscriptions/read-only-gate.ts';
import { registerTwoStepRoutes } from './modules/auth/two-step.routes.ts';
import { registerMyAccountRoutes } from './modules/my-account/my-account.routes.ts';
import { createSignedInDevices } from './modules/my-account/signed-in-devices.service.ts';
import { createMyAccount } from './modules/my-account/my-account.service.ts';
import { registerRecycleBinRoutes } from './modules/recycle-bin/recycle-bin.routes.ts';
import { registerDataProtection } from './modules/data-protection/data-protection.module.ts';
import { registerRecordViews } from './modules/record-views/record-views.module.ts';
import { registerDataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { registerBackupRoutes } from './modules/backups/backups.routes.ts';
import { createBackups } from './modules/backups/backups.service.ts';
import { openBackupDestination } from './modules/backups/backup-destination.ts';
import type { BackupSetup } from './modules/backups/backup-setup.ts';
import { registerBulkImportRoutes } from './modules/bulk-import/bulk-import.routes.ts';
import { createBulkImport } from './modules/bulk-import/bulk-import.service.ts';
import { createDataExport, type DataExportService } from './modules/data-export/data-export.service.ts';
import { createRecycleBin, type RecycleBin } from './modules/recycle-bin/recycle-bin.service.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { createSubscriptionsService, type SubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { registerTimeEntryLogRoutes } from './modules/time-entries/time-entry-logs.routes.ts';
import { registerTeamRoutes } from './modules/team/team.routes.ts';
import { registerRolesRoutes } from './modules/roles/roles.routes.ts';
import { registerActivityTypeRoutes } from './modules/activity-types/activity-types.routes.ts';
import { registerExchangeRateRoutes } from './modules/exchange-rates/exchange-rates.routes.ts';
import { registerTimeEntryRoutes } from './modules/time-entries/time-entries.routes.ts';
import { createTimeEntryService } from './modules/time-entries/time-entries.api.ts';
import { registerTimeSuggestionRoutes } from './modules/time-suggestions/time-suggestions.routes.ts';
import { createTimeSuggestionService } from './modules/time-suggestions/time-suggestions.service.ts';
import { registerMatterCallRoutes } from './modules/matter-calls/matter-calls.routes.ts';
import { registerFlatFeeRoutes } from './modules/flat-fees/flat-fees.routes.ts';
import { registerCourtUpdateRoutes } from './modules/court-updates/court-updates.routes.ts';
import { registerProgressNoteRoutes } from './modules/progress-notes/progress-notes.routes.ts';
import { registerExpenseRoutes } from './modules/expenses/expenses.routes.ts';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { createBillRunService, registerBillRunRoutes, runWaitingBillRuns } from './modules/bill-runs/bill-runs.api.ts';
import { registerPreBillReviewRoutes } from './modules/pre-bill-review/pre-bill-review.routes.ts';
import { createInvoiceDocumentsService } from './modules/invoice-links/invoice-documents.service.ts';
import { registerInvoiceDocumentRoutes } from './modules/invoice-links/invoice-links.routes.ts';
import { registerTrustRequestRoutes } from './modules/trust-requests/trust-requests.routes.ts';
import { createTrustRequestService } from './modules/trust-requests/trust-requests.service.ts';
import { registerAccountingRoutes } from './modules/accounting/accounting.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerPeriodLockRoutes } from './modules/accounting/period-lock.routes.ts';
import { registerTrustReconciliationRoutes } from './modules/trust-reconciliation/trust-reconciliation.routes.ts';
import { registerTrustRoutes } from './modules/trust/trust.routes.ts';
import { registerCourtCalendarRoutes } from './modules/court-calendar/court-calendar.routes.ts';
import { registerTaskRoutes } from './modules/tasks/tasks.routes.ts';
import { registerInvoiceReminderRoutes } from './modules/invoice-reminders/invoice-reminders.routes.ts';
import { registerPaymentPlanRoutes } from './modules/payment-plans/payment-plans.routes.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { createTaskService } from './modules/tasks/tasks.service.ts';
import { registerPortalMessageRoutes } from './modules/portal-messages/portal-messages.routes.ts';
import { registerPortalCalendarRoutes } from './modules/portal-calendar/portal-calendar.routes.ts';
import { createPortalCalendarService } from './modules/portal-calendar/portal-calendar.service.ts';
import { registerPaymentReportRoutes } from './modules/payment-reports/payment-reports.routes.ts';
import { createPaymentReportService } from './modules/payment-reports/payment-reports.service.ts';
import { registerGatewayPaymentRoutes } from './modules/gateway-payments/gateway-payments.routes.ts';
import { createUnappliedCashService } from './modules/gateway-payments/unapplied-cash.ts';
import {
  createGatewayPaymentService,
  createGateways,
  type GatewayPaymentService,
} from './modules/gateway-payments/gateway-payments.service.ts';
import { createInvoiceLinkPayments } from './modules/gateway-payments/invoice-link-payments.ts';
import { registerInvoiceLinkPaymentRoutes } from './modules/gateway-payments/invoice-link-payments.routes.ts';
import { createCourtCalendarService } from './modules/court-calendar/court-calendar.service.ts';
import { createFileStore } from './platform/files/files.ts';
import { createClamdScanner } from './platform/scanning/clamd.ts';
import { createDocumentWork } from './modules/documents/document-work.ts';
import { createDocumentProcessing, type DocumentProcessing } from './modules/documents/document-processing.ts';
import { createDocumentsApi } from './modules/documents/documents.api.ts';
import { createDocumentModule } from './modules/documents/documents.module.ts';
import { registerDocumentRoutes } from './modules/documents/documents.routes.ts';
import { registerDocumentFolderRoutes } from './modules/documents/document-folders.routes.ts';
import { registerDocumentPortalRoutes } from './modules/documents/document-portal.routes.ts';
import { registerDocumentPreviewRoutes } from './modules/documents/document-preview.routes.ts';
import { registerDocumentTemplateRoutes } from './modules/documents/document-templates.routes.ts';
import { createConsultationModule } from './modules/consultations/consultations.api.ts';
import { createClientMessageModule } from './modules/client-messages/client-messages.api.ts';
import { registerSignatureRequests, type SigningDeps } from './modules/signature-requests/signature-requests.api.ts';
import { registerEngagements } from './modules/engagements/engagements.api.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, for the route-matrix test and the docs. */
    routeCatalog: RegisteredRoute[];
    afterResponse: AfterResponse;
    /** Where services write the emails they send (in their transaction), and the job that sends them after commit. */
    outbox: Outbox;
    outboxDelivery: OutboxDelivery;
    /** The firm's plan and its renewals, which the hourly clock charges (server.ts). */
    subscriptions: SubscriptionsService;
    /** Online payments, whose periodic job charges plans' instalments to the cards clients saved (server.ts). */
    gatewayPayments: GatewayPaymentService;
    /** An engagement letter signed and sealed converts its lead: the sealing job's follow-up (server.ts). */
    signatureCompleted: (firmId: string, requestId: string) => Promise<void>;
    /** The recycle bin, whose hourly job purges what stayed past each firm's retention (server.ts). */
    recycleBin: RecycleBin;
    /** Full exports, whose hourly job removes the zips past their 7 days (server.ts). */
    dataExport: DataExportService;
    /** The running app's backups (issue 65): the schedule's job in server.ts takes them with this. */
    backupSetup: BackupSetup;
  }
}

export type BuildOptions = {
  database: Database;
  mailer?: Mailer;
  /** Scanning and text extraction of new document versions, wired to the job queue by server.ts (tests: none, or their own). */
  documentProcessing?: DocumentProcessing;
  /** Asks the job queue for an outbox delivery run (server.ts); none (tests): delivered in this process after the answer. */
  requestOutboxDelivery?: () => Promise<void>;
  /** Asks the job queue for a bill-run job now (server.ts); none (tests): drafted in this process after the answer. */
  requestBillRun?: () => Promise<void>;
  /** Asks the job queue to seal what everyone has signed (server.ts); none (tests): sealed in this process after the answer. */
  requestSealing?: () => Promise<void>;
  /** Asks the job queue to hand queued client messages to their SMS/WhatsApp provider (server.ts); none (tests): after the answer. */
  requestClientMessageDelivery?: () => Promise<void>;
  /** The URL pg_dump reads for a backup when it is not DATABASE_URL (a test's own database). */
  databaseUrl?: string;
};

/** The composition root: wires plugins and feature modules. It never listens; server.ts does. */
export async function buildApp(
  config: AppConfig,
  {
    database,
    mailer,
    documentProcessing,
    requestOutboxDelivery,
    requestBillRun,
    requestSealing,
    requestClientMessageDelivery,
    databaseUrl = config.databaseUrl,
  }: BuildOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 262_144,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('routeCatalog', [] as RegisteredRoute[]);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Every transaction the request opens records where it came from, for the audit trail.
  app.addHook('onRequest', (request, _reply, done) => withRequestOrigin(requestOriginOf(request), done));
  // Emails are outbox rows written in the business transaction; once it has committed (the answer is
  // out, or work after it has finished), a delivery run sends them outside any transaction.
  const outgoingMail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: app.log });
  const outbox = createOutbox({ appSecret: config.appSecret });
  const outboxDelivery = createOutboxDelivery({
    database,
    mailer: outgoingMail,
    outbox,
    retry: config.emailRetry,
    logger: app.log,
    requestRun: requestOutboxDelivery,
  });
  const deliverWhatWasQueued = () => {
    if (outbox.takeQueuedHint()) outboxDelivery.deliverSoon();
  };
  app.decorate('outbox', outbox);
  app.decorate('outboxDelivery', outboxDelivery);
  // Each request knows whether it queued mail: another request's answer must not take its turn
  // (a delivery run then, before this one's commit, would not see its email).
  const queuedMarks = new WeakMap<FastifyRequest, QueuedMark>();
  app.addHook('onRequest', (request, _reply, done) => {
    const mark = { hasQueued: false };
    queuedMarks.set(request, mark);
    outbox.within(mark, done);
  });
  app.addHook('onResponse', async (request) => {
    if (queuedMarks.get(request)?.hasQueued) outboxDelivery.deliverSoon();
  });
  // Work started after an answer (the sign-in emails' lookups) finishes before the database closes.
  const afterResponse = createAfterResponse(app.log, deliverWhatWasQueued);
  app.decorate('afterResponse', afterResponse);
  // Client updates by SMS and WhatsApp (issue 46, ADR 89, 90): queued in the business transaction, handed to Termii or Twilio by the job after commit;
  // a request that queued a client update asks for a delivery run once its answer is out.
  const clientMessages = createClientMessageModule({
    database,
    settings: config.clientMessaging,
    appUrl: config.appUrl,
    logger: app.log,
    requestDelivery: (deliver) =>
      requestClientMessageDelivery
        ? void requestClientMessageDelivery().catch((error: unknown) =>
            app.log.error({ err: error }, 'client message delivery not queued (the next periodic run takes it)'),
          )
        : afterResponse.run(deliver),
  });
  const clientUpdates = clientMessages.updates;
  const clientUpdateMarks = new WeakMap<FastifyRequest, { hasQueued: boolean }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const mark = { hasQueued: false };
    clientUpdateMarks.set(request, mark);
    clientUpdates.within(mark, done);
  });
  app.addHook('onResponse', async (request) => {
    if (clientUpdateMarks.get(request)?.hasQueued) clientMessages.messages.requestDelivery();
  });
  app.addHook('onClose', async () => {
    await afterResponse.stop();
    await outboxDelivery.settled();
    await database.close();
  });
  registerPermissionsPolicy(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:'],
        'script-src': ["'self'"],
        // Over plain HTTP (a LAN address) the browser would rewrite every script to an https URL that answers nothing.
        'upgrade-insecure-requests': config.appUrl.startsWith('https:') ? [] : null,
      },
    },
  });
  await app.register(cors, { origin: false });
  await registerCompression(app);
  await app.register(rateLimit, { global: false });
  // Multipart bodies are left unread for the routes that take an upload (see upload-receiver.ts).
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  await registerOpenApi(app, config.appUrl);

  registerErrorHandler(app);
  registerCaseInsensitiveQuery(app);
  const apiMethods = trackApiMethods(app);
  registerStorableTextGuard(app);
  registerNoStore(app);
  const authenticator = createAuthenticator(database, config.appSecret);
  registerRouteAccess(app, authenticator, app.routeCatalog);
  // Before the routes: each upload route gets its receiving step (before its handler and any transaction).
  registerUploadReceiving(app, { directory: join(config.dataDir, 'incoming'), idleTimeoutMs: config.uploadIdleTimeoutMs });
  registerIdempotency(app, database);
  // A firm whose subscription has ended reads and exports; its writes answer 402 (issue 38).
  registerReadOnlyGate(app, database);
  // After idempotency, so its wrapper runs inside the request's transaction (ADR 38).
  registerRequestTransactions(app);

  const authLimit = { max: config.authRequestsPerMinutePerAddress, timeWindow: '1 minute' };
  const auth = createAuthService({ database, config, outbox, afterResponse });

  registerHealthRoutes(app, database);
  registerOutgoingEmailRoutes(app, { database, outbox });
  registerAuthRoutes(app, auth, authLimit);
  registerTwoStepRoutes(app, auth, { rateLimit: authLimit, appUrl: config.appUrl });
  registerMyAccountRoutes(app, {
    devices: createSignedInDevices(database, { outbox, appUrl: config.appUrl }),
    account: createMyAccount({ database, config, outbox }),
    afterResponse,
    rateLimit: authLimit,
  });
  registerPortalAuthRoutes(app, createPortalAuthService({ database, config, outbox, afterResponse }), authLimit);
  // What the client opens in the portal is recorded for the firm to see on each item.
  const portalViews = createPortalViews(database);
  registerPortalViewRoutes(app, portalViews);
  registerClientPortalRoutes(app, database, portalViews);
  registerProfileRoutes(app, createProfileService(database));
  const subscriptions = createSubscriptionsService({
    database,
    catalogue: config.planCatalogue,
    payments: config.subscriptionPayments,
    appUrl: config.appUrl,
    appSecret: config.appSecret,
    outbox,
  });
  app.decorate('subscriptions', subscriptions);
  registerSubscriptionRoutes(app, subscriptions);
  const firms = createFirmService(database);
  registerFirmRoutes(app, firms, createFirmSettingsService(database, firms));
  registerCurrencyRoutes(app, database);
  registerDashboardRoutes(app, database);
  // Module surfaces other modules depend on (their .api.ts), handed to them here.
  const conflictGate = createConflictGate();
  const portalAccess = createPortalAccessService({ database, config, outbox });
  registerPortalAccessRoutes(app, portalAccess);
  registerClientRoutes(app, { database, config, conflictGate, portalInvitations: portalAccess });
  registerConflictCheckRoutes(app, database);
  // Intake forms and leads (issue 45): a visitor's files are scanned like every document before anyone opens them.
  const leadFiles = createLeadFiles({
    database,
    files: createFileStore(config.files),
    scanner: config.documents.clamdUrl ? createClamdScanner(config.documents.clamdUrl) : null,
    logger: app.log,
  });
  registerLeadRoutes(app, { database, leadFiles });
  registerIntakeFormRoutes(app, { database, appUrl: config.appUrl });
  registerPublicIntakeRoutes(app, createPublicIntakeService({ database, outbox, appUrl: config.appUrl, leadFiles }), authLimit);
  registerCustomFieldRoutes(app, database);
  registerMatterRoutes(app, database, conflictGate);
  registerPracticeAreaRoutes(app, database);
  registerTeamRoutes(app, { database, config, outbox });
  registerRolesRoutes(app, database);
  registerActivityTypeRoutes(app, database);
  registerExchangeRateRoutes(app, database);
  const budgetWatch = createMatterBudgetWatch({ outbox, appUrl: config.appUrl });
  registerMatterBudgetRoutes(app, { database, outbox, appUrl: config.appUrl });
  registerTimeEntryRoutes(app, database, budgetWatch);
  // Suggested time records an accepted suggestion through the time-entry popup's own use case.
  registerTimeSuggestionRoutes(app, createTimeSuggestionService(database, createTimeEntryService(database, budgetWatch).create));
  registerMatterCallRoutes(app, database);
  registerFlatFeeRoutes(app, database);
  registerCourtUpdateRoutes(app, database, clientUpdates.queue);
  registerAccountingRoutes(app, {
    database,
    files: createFileStore(config.files),
    scanner: config.documents.clamdUrl ? createClamdScanner(config.documents.clamdUrl) : null,
  });
  registerPeriodLockRoutes(app, database);
  registerReportRoutes(app, { database, outbox, appUrl: config.appUrl });
  registerTrustReconciliationRoutes(app, database);
  registerExpenseRoutes(app, {
    database,
    files: createFileStore(config.files),
    outbox,
    appUrl: config.appUrl,
    logger: app.log,
    budgetWatch,
  });
  registerTimeEntryLogRoutes(app, database);
  registerProgressNoteRoutes(app, { database, files: createFileStore(config.files) });
  // The send hook (email with the PDF, public link) is the invoice-delivery module's.
  const invoiceDocuments = createInvoiceDocumentsService({
    database,
    outbox,
    appUrl: config.appUrl,
    appSecret: config.appSecret,
    clientUpdates: clientUpdates.queue,
  });
  registerInvoiceRoutes(app, { database, onSend: invoiceDocuments.onSend });
  registerPreBillReviewRoutes(app, database, { onSend: invoiceDocuments.onSend });
  const dataExport = createDataExport({
    database,
    appSecret: config.appSecret,
    files: createFileStore(config.files),
    invoiceFiles: invoiceDocuments,
    outbox,
    afterResponse,
    appUrl: config.appUrl,
    logger: app.log,
  });
  app.decorate('dataExport', dataExport);
  registerBulkImportRoutes(app, createBulkImport({ database, files: createFileStore(config.files), afterResponse, logger: app.log }));
  registerDataExportRoutes(app, dataExport, async (principal) => (await firms.profileOf(principal)).firmName);
  const backupSetup: BackupSetup = {
    sources: { database, databaseUrl, fileStore: createFileStore(config.files), dataDir: config.dataDir },
    destination: openBackupDestination(config.backups.destination),
    settings: config.backups,
    outbox,
    appUrl: config.appUrl,
    logger: app.log,
  };
  app.decorate('backupSetup', backupSetup);
  registerBackupRoutes(app, createBackups(backupSetup, afterResponse));
  registerClientCreditRoutes(app, database);
  registerWithholdingTaxRoutes(app, { database, files: createFileStore(config.files) });
  registerInvoiceDocumentRoutes(app, invoiceDocuments, portalViews);
  registerInvoiceReminderRoutes(app, database, { appUrl: config.appUrl, appSecret: config.appSecret });
  const requestBillRunJob = requestBillRun
    ? () =>
        void requestBillRun().catch((error: unknown) =>
          app.log.error({ err: error }, 'bill run not queued (the next periodic run takes it)'),
        )
    : () => afterResponse.run(() => runWaitingBillRuns({ database, logger: app.log }));
  registerBillRunRoutes(app, createBillRunService({ database, requestRun: requestBillRunJob }));
  registerPaymentPlanRoutes(app, database);
  registerTrustRoutes(app, database);
  registerTrustRequestRoutes(
    app,
    createTrustRequestService({ database, outbox, appUrl: config.appUrl, clientUpdates: clientUpdates.queue }),
  );
  registerCourtCalendarRoutes(app, createCourtCalendarService({ database, appUrl: config.appUrl }));
  registerTaskRoutes(app, createTaskService({ database }));
  registerCalendarRoutes(app, createCalendarService({ database, outbox, appUrl: config.appUrl }));
  registerPortalCalendarRoutes(app, createPortalCalendarService({ database, appUrl: config.appUrl }));
  registerPaymentReportRoutes(app, createPaymentReportService({ database, files: createFileStore(config.files) }));
  const gateways = createGateways(config.payments);
  // Consultation fees go through the same gateways; the payments webhook hands their references to the module.
  const consultations = createConsultationModule({ database, outbox, appUrl: config.appUrl, payments: config.payments, gateways });
  const gatewayPayments = createGatewayPaymentService({
    database,
    settings: config.payments,
    appUrl: config.appUrl,
    appSecret: config.appSecret,
    outbox,
    gateways,
    otherPayments: consultations.payments,
  });
  app.decorate('gatewayPayments', gatewayPayments);
  await registerGatewayPaymentRoutes(app, gatewayPayments, createUnappliedCashService(database));
  // The invoice's public page pays through the same gateways; their webhooks (above) record it.
  registerInvoiceLinkPaymentRoutes(
    app,
    createInvoiceLinkPayments({ database, settings: config.payments, appUrl: config.appUrl, gateways }),
    authLimit,
  );
  consultations.register(app, authLimit);
  await clientMessages.register(app);
  // Documents: their processing (scan, text extraction) comes from server.ts, which gives it the job
  // queue; without one (tests) versions wait. Templates save through the module's public surface.
  const documentDeps = {
    database,
    files: createFileStore(config.files),
    processing: documentProcessing ?? createDocumentProcessing({ config, logger: app.log }),
    maxUploadBytes: config.documents.maxUploadBytes,
    appSecret: config.appSecret,
  };
  const documentModule = createDocumentModule(documentDeps);
  registerDocumentRoutes(app, documentModule);
  const recycleBin = createRecycleBin({
    database,
    files: documentDeps.files,
    afterResponse,
    documents: { restoreDocument: documentModule.documents.restore, restoreFolder: documentModule.folders.restore },
  });
  app.decorate('recycleBin', recycleBin);
  registerRecycleBinRoutes(app, recycleBin);
  registerDataProtection(app, { database, files: createFileStore(config.files) });
  registerRecordViews(app, { database });
  registerDocumentFolderRoutes(app, documentModule);
  registerDocumentPortalRoutes(app, documentModule);
  const documentsApi = createDocumentsApi(documentDeps);
  // Templates are parsed and merged in the document worker, under its memory and time limits.
  const documentWork = createDocumentWork(config.documentWorker);
  app.addHook('onClose', () => documentWork.close());
  registerDocumentTemplateRoutes(app, { database, documents: documentsApi, work: documentWork });
  registerDocumentPreviewRoutes(app, { documents: documentsApi, work: documentWork });
  // A message's attachments are filed as the matter's documents, through the documents module's surface.
  registerPortalMessageRoutes(app, { database, files: documentDeps.files, filing: documentsApi, clientUpdates: clientUpdates.queue });
  // Online signing reads and files the document's versions through the documents module's surface.
  const signingDeps: SigningDeps = {
    database,
    outbox,
    documents: documentsApi,
    appUrl: config.appUrl,
    appSecret: config.appSecret,
    files: documentDeps.files,
  };
  // A lead's engagement letter (issue 45): made in the document worker, signed through signing's surface;
  // once sealed, the signing module's follow-up converts the lead (in its job, after commit).
  const trustRequestSender = createTrustRequestService({ database, outbox, appUrl: config.appUrl, clientUpdates: clientUpdates.queue });
  const engagements = registerEngagements(app, {
    database,
    outbox,
    documents: documentsApi,
    work: documentWork,
    signing: signingDeps,
    portalInvitations: portalAccess,
    sendTrustRequest: (principal, trustRequestId) => trustRequestSender.send(principal, trustRequestId, { toEmail: null, message: null }),
    logger: app.log,
  });
  signingDeps.onCompleted = engagements.signatureCompleted;
  app.decorate('signatureCompleted', engagements.signatureCompleted);
  registerSignatureRequests(app, signingDeps, { rateLimit: authLimit, afterResponse, logger: app.log, requestSealing });

  if (config.webDistDir) await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler(async (request, reply) => {
    const allowed = request.url.startsWith('/api/') ? apiMethods.allowedMethodsOf(request.url) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          success: false,
          message: `This address does not take ${request.method}: use ${allowed.join(', ')}`,
          code: 'METHOD_NOT_ALLOWED',
          data: null,
        });
    }
    if (request.url.startsWith('/api') || !config.webDistDir || request.method !== 'GET' || isMissingAsset(request.url)) {
      return reply.status(404).send({ success: false, message: 'Route not found', code: 'NOT_FOUND', data: null });
    }
    // The web app routes on the client: every other page is its index.html, a firm page's naming the shell's code.
    const firmHtml = isFirmPage(request.url) ? await firmPageHtml(config.webDistDir) : null;
    if (firmHtml) return sendPage(request, reply, firmHtml);
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
