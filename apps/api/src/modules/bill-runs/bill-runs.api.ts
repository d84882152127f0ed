/** The bill-runs module's surface for the composition root (app.ts, server.ts), the demo seed and the bench. */
export { registerBillRunRoutes } from './bill-runs.routes.ts';
export { createBillRunService, type BillRunService } from './bill-runs.service.ts';
export { BILL_RUN_JOB, billRunJobs, runWaitingBillRuns } from './run-bill-runs.ts';
