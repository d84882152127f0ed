import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { holdDataDirectoryOrExit } from './db/data-directory-lock.ts';
import { courtCalendarJobs } from './modules/court-calendar/court-calendar.jobs.ts';
import { taskJobs } from './modules/tasks/tasks.jobs.ts';
import { invoiceReminderJobs } from './modules/invoice-reminders/send-due-reminders.ts';
import { instalmentChargeJobs } from './modules/gateway-payments/gateway-payments.service.ts';
import { calendarJobs } from './modules/calendar/calendar.jobs.ts';
import { portalMessageJobs } from './modules/portal-messages/portal-message-digest.ts';
import { scheduledReportJobs } from './modules/reports/report-schedule.ts';
import { writePlanCatalogue } from './modules/subscriptions/plans.repository.ts';
import { subscriptionClockJobs } from './modules/subscriptions/subscription-clock.ts';
import { recycleBinJobs } from './modules/recycle-bin/recycle-bin.service.ts';
import { dataExportJobs } from './modules/data-export/data-export.service.ts';
import { createRetention, retentionJobs } from './modules/data-protection/retention.service.ts';
import { BILL_RUN_JOB, billRunJobs } from './modules/bill-runs/bill-runs.api.ts';
import { workRetentionJobs } from './modules/time-suggestions/time-suggestions.api.ts';
import { createDocumentProcessing, documentProcessingJobs } from './modules/documents/document-processing.ts';
import { createDocumentsApi } from './modules/documents/documents.api.ts';
import { SEAL_SIGNED_JOB, signingJobs } from './modules/signature-requests/signature-requests.api.ts';
import { createLeadFiles, leadFileJobs } from './modules/leads/leads.api.ts';
import { engagementJobs } from './modules/engagements/engagements.api.ts';
import { CLIENT_MESSAGE_DELIVERY_JOB, clientMessageDeliveryJobs, clientUpdatesOf } from './modules/client-messages/client-messages.api.ts';
import { createFileStore } from './platform/files/files.ts';
import { createClamdScanner } from './platform/scanning/clamd.ts';
import { createJobQueue, type JobQueue, type PeriodicJob } from './platform/jobs/jobs.ts';
import { backupJobs } from './modules/backups/backups.jobs.ts';
import { OUTBOX_DELIVERY_JOB, outboxJobs } from './platform/outbox/outbox.jobs.ts';
import { seedDemoFirmOnce } from './seed/demo-seed.ts';
import { seedEndedDemoFirmOnce } from './seed/demo-ended-firm.ts';

const config = loadConfig();
// The embedded database lives in DATA_DIR and belongs to one process (a server's is shared safely).
const releaseDataDirectory = config.databaseUrl ? null : await holdDataDirectoryOrExit(config.dataDir);
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  replicaUrl: config.databaseReplicaUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
  timeouts: config.databaseTimeouts,
});
await database.migrate();
// The operator's plan catalogue into the plans table (a new firm's trial reads its days and seats there).
await writePlanCatalogue(database, config.planCatalogue);
// The queue is made after the app (its jobs need the app's logger): the documents service asks it for runs through this.
let jobs: JobQueue | null = null;
const documentProcessing = createDocumentProcessing({ config, enqueue: async (job) => jobs?.enqueue(job) });
// Emails queued by a request are sent by the queue's outbox job (any replica's worker) once it has committed.
const app = await buildApp(config, {
  database,
  documentProcessing,
  requestOutboxDelivery: config.jobsEnabled ? async () => void (await jobs?.enqueue(OUTBOX_DELIVERY_JOB)) : undefined,
  requestBillRun: config.jobsEnabled ? async () => void (await jobs?.enqueue(BILL_RUN_JOB)) : undefined,
  requestSealing: config.jobsEnabled ? async () => void (await jobs?.enqueue(SEAL_SIGNED_JOB)) : undefined,
  requestClientMessageDelivery: config.jobsEnabled ? async () => void (await jobs?.enqueue(CLIENT_MESSAGE_DELIVERY_JOB)) : undefined,
});
const { outbox, outboxDelivery } = app;
// The jobs' client updates (hearing and invoice reminders by SMS and WhatsApp): the delivery job takes them within a minute.
const jobClientUpdates = clientUpdatesOf({ settings: config.clientMessaging, appUrl: config.appUrl });
/** A job that queued emails asks for their delivery as soon as its transactions are done. */
const deliveringWhatItQueued = (job: PeriodicJob): PeriodicJob => ({
  ...job,
  run: async () => {
    try {
      await job.run();
    } finally {
      if (outbox.takeQueuedHint()) outboxDelivery.deliverSoon();
    }
  },
});
// Hearing reminders (ADR 0026), document scanning and text (ADR 0028) and the outbox (ADR 0039): pg-boss
// in the owner's database on a server, a timer on PGlite.
jobs = config.jobsEnabled
  ? createJobQueue({
      databaseUrl: config.databaseUrl,
      jobs: [
        ...outboxJobs(outboxDelivery),
        ...[
          ...courtCalendarJobs({ database, outbox, appUrl: config.appUrl, logger: app.log, clientUpdates: jobClientUpdates.queue }),
          ...taskJobs({ database, outbox, appUrl: config.appUrl, logger: app.log }),
          ...invoiceReminderJobs({
            database,
            outbox,
            appUrl: config.appUrl,
            appSecret: config.appSecret,
            logger: app.log,
            clientUpdates: jobClientUpdates.queue,
          }),
          ...calendarJobs({ database, outbox, appUrl: config.appUrl, logger: app.log }),
          ...portalMessageJobs({ database, outbox, appUrl: config.appUrl, logger: app.log }),
          ...scheduledReportJobs({ database, outbox, appUrl: config.appUrl, logger: app.log }),
          ...subscriptionClockJobs({ database, catalogue: config.planCatalogue, logger: app.log, renewals: app.subscriptions }),
          ...recycleBinJobs(app.recycleBin, app.log),
          ...dataExportJobs(app.dataExport),
          ...retentionJobs(createRetention({ database })),
          ...workRetentionJobs(database),
          ...billRunJobs({ database, logger: app.log }),
          ...instalmentChargeJobs(app.gatewayPayments, app.log),
          ...documentProcessingJobs({ database, files: createFileStore(config.files), outbox, config, logger: app.log }),
          // A visitor's file an unreachable scanner left waiting is scanned by this job (issue 45).
          ...leadFileJobs(
            createLeadFiles({
              database,
              files: createFileStore(config.files),
              scanner: config.documents.clamdUrl ? createClamdScanner(config.documents.clamdUrl) : null,
              logger: app.log,
            }),
          ),
          ...signingJobs({
            database,
            outbox,
            onCompleted: app.signatureCompleted,
            appUrl: config.appUrl,
            appSecret: config.appSecret,
            logger: app.log,
            documents: createDocumentsApi({
              database,
              files: createFileStore(config.files),
              processing: documentProcessing,
              maxUploadBytes: config.documents.maxUploadBytes,
            }),
          }),
          // A signed engagement letter whose lead the follow-up above did not convert is converted by this sweep (ADR 87).
          ...engagementJobs({ database, convertSigned: app.signatureCompleted, logger: app.log }),
          // SMS and WhatsApp to clients (ADR 89): new messages on request, retries as they fall due.
          ...clientMessageDeliveryJobs({ database, settings: config.clientMessaging, appUrl: config.appUrl, logger: app.log }),
          // The daily backup and the weekly restore drill (issue 65, ADR 97).
          ...(config.backups.isScheduled ? backupJobs(app.backupSetup) : []),
        ].map(deliveringWhatItQueued),
      ],
      logger: app.log,
    })
  : null;
if (config.seedDemo) {
  const seeded = await seedDemoFirmOnce(database, config.demoPassword, createFileStore(config.files), config.appSecret);
  if (seeded) app.log.info('seeded the demo firm (portal slug "demo")');
  if (await seedEndedDemoFirmOnce(database, config.demoPassword, config.planCatalogue))
    app.log.info('seeded the demo firm whose plan has ended (admin@ended.demo.law)');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // New connections are refused at once; requests under way get the grace period, then their
    // connections are cut and the process exits anyway: a hung request cannot keep it alive.
    setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
      void Promise.race([database.close(), delay(1000)])
        .catch(() => undefined)
        .then(() => releaseDataDirectory?.())
        .finally(() => process.exit(1));
    }, config.shutdownGraceMs).unref();
    Promise.resolve(jobs?.stop())
      .catch((error: unknown) => app.log.error({ err: error }, 'job queue did not stop cleanly'))
      .then(() => app.close())
      .then(() => releaseDataDirectory?.())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ port: config.port, host: config.host });
await jobs?.start();
const url = config.appUrl;
console.log(`\nMatterhorn is running at ${url}`);
console.log(`API documentation: ${url}/api/docs`);
if (config.seedDemo) {
  console.log(`Demo sign-in: admin@demo.law (also feeearner@demo.law, billing@demo.law) with password ${config.demoPassword}`);
  console.log(`Client portal: ${url}/portal/demo/login as client@demo.law with the same password\n`);
}
if (!config.webDistDir) console.log('The web app is not built: run `npm run build` (npm start does this for you).');
