import type { FastifyBaseLogger } from 'fastify';
import { billRunFiltersSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { draftUnbilledInvoice } from '../invoices/invoices.api.ts';
import {
  claimResult,
  claimRun,
  findPendingResults,
  findWaitingRuns,
  finishRun,
  lockClientForDrafting,
  recordResult,
  renewLease,
} from './bill-runs.repository.ts';

/** The queue's job that drafts waiting bill runs (ADR 0076). */
export const BILL_RUN_JOB = 'bill-runs.draft';

type Dependencies = { database: Database; logger?: Pick<FastifyBaseLogger, 'error' | 'info'> };

/** The member who started the run, as the drafts' creator (their audit events and invoice history name them). */
const starterOf = (firmId: string, userId: string): FirmPrincipal => ({
  kind: 'firm',
  sessionId: '',
  firmId,
  userId,
  adminUserId: userId,
  permissions: [],
  isVerified: true,
});

/**
 * One result in its own short transaction: the client's drafting lock, the result's row lock (done,
 * or another process has it: nothing to do), then the draft or the reason there is none, and the
 * run's lease renewed with it. A refusal of the invoice rules (409: an item taken meanwhile by a
 * draft made by hand) rolls the draft back and is recorded as a skip in a transaction of its own.
 */
async function draftResult(
  database: Database,
  run: { firmId: string; id: string; starter: FirmPrincipal; workUpTo: string; minimumAmount: string | null },
  result: { id: string; clientId: string; matterIds: string[] },
  logger?: Dependencies['logger'],
) {
  const firmId = run.firmId;
  try {
    await database.withFirm(firmId, async (tx) => {
      await lockClientForDrafting(tx, firmId, result.clientId);
      if (!(await claimResult(tx, firmId, result.id))) return;
      const outcome = await draftUnbilledInvoice(tx, run.starter, {
        clientId: result.clientId,
        matterIds: result.matterIds,
        workUpTo: run.workUpTo,
        minimumAmount: run.minimumAmount,
      });
      await recordResult(
        tx,
        firmId,
        result.id,
        outcome.outcome === 'Drafted'
          ? { outcome: 'Drafted', invoiceId: outcome.invoiceId, unbilledAmount: outcome.unbilledAmount, itemCount: outcome.itemCount }
          : { outcome: 'Skipped', skipReason: outcome.reason, unbilledAmount: outcome.unbilledAmount, itemCount: outcome.itemCount },
      );
      await renewLease(tx, firmId, run.id);
    });
  } catch (error) {
    const isRefusal = error instanceof AppError && error.statusCode === 409;
    if (!isRefusal) logger?.error({ err: error, firmId, billRunId: run.id, resultId: result.id }, 'bill run draft failed');
    await database.withFirm(firmId, (tx) =>
      recordResult(tx, firmId, result.id, { outcome: 'Skipped', skipReason: isRefusal ? 'alreadyOnDraft' : 'failed' }),
    );
  }
}

/** Drafts one run to the end, if this process can take it. */
async function runOne(database: Database, firmId: string, runId: string, logger?: Dependencies['logger']) {
  const claimed = await database.withFirm(firmId, (tx) => claimRun(tx, firmId, runId));
  if (!claimed) return false;
  const filters = billRunFiltersSchema.parse(claimed.filters);
  const run = {
    firmId,
    id: runId,
    starter: starterOf(firmId, claimed.startedByUserId),
    workUpTo: filters.workUpTo,
    minimumAmount: filters.minimumUnbilled,
  };
  const pending = await database.withFirm(firmId, (tx) => findPendingResults(tx, firmId, runId));
  for (const result of pending) await draftResult(database, run, result, logger);
  await database.withFirm(firmId, (tx) => finishRun(tx, firmId, runId));
  return true;
}

/** Every waiting run of every firm, oldest first; what a lost request or a dead process left is taken over here. */
export async function runWaitingBillRuns({ database, logger }: Dependencies): Promise<number> {
  let finished = 0;
  for (;;) {
    const waiting = await database.withIdentityLookup((tx) => findWaitingRuns(tx));
    let tookAny = false;
    for (const run of waiting) {
      if (await runOne(database, run.firmId, run.id, logger)) {
        finished += 1;
        tookAny = true;
      }
    }
    if (!tookAny) return finished;
  }
}

/** Every minute, and on request when a run starts. */
export const billRunJobs = (dependencies: Dependencies): PeriodicJob[] => [
  {
    name: BILL_RUN_JOB,
    everyMinutes: 1,
    run: async () => {
      const finished = await runWaitingBillRuns(dependencies);
      if (finished > 0) dependencies.logger?.info({ finished }, 'bill runs drafted');
    },
  },
];
