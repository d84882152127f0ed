import {
  addMoney,
  BILL_RUN_MESSAGES,
  type BillRunDetail,
  type BillRunFilters,
  billRunFiltersSchema,
  type BillRunPreview,
  type BillRunSummary,
} from '@matterhorn/shared';
import { type Database, READ_ONLY, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  findForeignFilter,
  findHomeCurrencyCode,
  findMatterWork,
  findResults,
  findRun,
  findRuns,
  insertRun,
} from './bill-runs.repository.ts';
import { targetsOf } from './bill-runs.rules.ts';

const PREVIEW_TARGETS = 50;

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;

const summaryOf = (row: SummaryRow): BillRunSummary => ({
  ...row,
  filters: billRunFiltersSchema.parse(row.filters),
  createdAt: new Date(row.createdAt).toISOString(),
  finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
});

async function targetsFor(tx: Tx, firmId: string, filters: BillRunFilters) {
  const foreign = await findForeignFilter(tx, firmId, filters);
  if (foreign) throw notFound(foreign);
  return targetsOf(await findMatterWork(tx, firmId, filters));
}

async function detailOf(tx: Tx, firmId: string, runId: string): Promise<BillRunDetail> {
  const run = await findRun(tx, firmId, runId);
  if (!run) throw notFound('Bill run');
  const results = await findResults(tx, firmId, runId);
  return {
    ...summaryOf(run),
    currencyCode: await findHomeCurrencyCode(tx, firmId),
    results: results.map((result) => ({
      ...result,
      skipReason: result.skipReason as BillRunDetail['results'][number]['skipReason'],
    })),
  };
}

/**
 * Bill runs (issue 44 §3, ADR 0076): what a run would draft, starting one (its results written at
 * once, all Pending, then drafted by the queue's job), the firm's runs and one run's results.
 */
export function createBillRunService({ database, requestRun }: { database: Database; requestRun: () => void }) {
  return {
    preview: (principal: FirmPrincipal, filters: BillRunFilters): Promise<BillRunPreview> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const targets = await targetsFor(tx, principal.firmId, filters);
          return {
            invoiceCount: targets.length,
            clientCount: new Set(targets.map((target) => target.clientId)).size,
            matterCount: targets.reduce((count, target) => count + target.matterIds.length, 0),
            unbilledAmount: addMoney('0', ...targets.map((target) => target.unbilledAmount)),
            currencyCode: await findHomeCurrencyCode(tx, principal.firmId),
            targets: targets.slice(0, PREVIEW_TARGETS).map(({ matterIds, ...target }) => ({ ...target, matterCount: matterIds.length })),
          };
        },
        READ_ONLY,
      ),

    async start(principal: FirmPrincipal, filters: BillRunFilters): Promise<BillRunDetail> {
      const detail = await database.withFirm(principal.firmId, async (tx) => {
        const targets = await targetsFor(tx, principal.firmId, filters);
        if (targets.length === 0) throw badRequest(BILL_RUN_MESSAGES.nothingToDraft);
        const runId = await insertRun(
          tx,
          principal.firmId,
          principal.userId,
          filters,
          targets.map((target) => ({
            clientId: target.clientId,
            matterId: target.matterId,
            matterIds: target.matterIds,
            unbilledAmount: target.unbilledAmount,
            itemCount: target.itemCount,
          })),
        );
        return detailOf(tx, principal.firmId, runId);
      });
      requestRun();
      return detail;
    },

    list: (principal: FirmPrincipal): Promise<BillRunSummary[]> =>
      database.withFirm(principal.firmId, async (tx) => (await findRuns(tx, principal.firmId)).map(summaryOf), READ_ONLY),

    detail: (principal: FirmPrincipal, runId: string): Promise<BillRunDetail> =>
      database.withFirm(principal.firmId, (tx) => detailOf(tx, principal.firmId, runId), READ_ONLY),
  };
}

export type BillRunService = ReturnType<typeof createBillRunService>;
