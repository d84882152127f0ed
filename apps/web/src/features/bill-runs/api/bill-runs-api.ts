import {
  billRunContracts as calls,
  type BillRunDetail,
  type BillRunFiltersInput,
  type BillRunPreview,
  type BillRunSummary,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Bill runs' calls; one key factory, so a start refreshes the list and the run's page. */
export const billRunKeys = {
  all: () => ['bill-runs'] as const,
  list: () => ['bill-runs', 'list'] as const,
  run: (runId: string) => ['bill-runs', 'run', runId] as const,
};

/** How often a running run is asked for its progress. */
export const PROGRESS_POLL_MS = 1500;

export const billRunsQuery = queryOptions({
  queryKey: billRunKeys.list(),
  queryFn: async (): Promise<BillRunSummary[]> => (await callContract(calls.list, {}, { auth: 'firm' })).data,
});

const isWorking = (run: BillRunDetail | undefined) => run?.status === 'Queued' || run?.status === 'Running';

/** One run, asked again every 1.5 s while it is queued or running. */
export const billRunQuery = (runId: string) =>
  queryOptions({
    queryKey: billRunKeys.run(runId),
    queryFn: async (): Promise<BillRunDetail> => (await callContract(calls.detail, { params: { id: runId } }, { auth: 'firm' })).data,
    refetchInterval: (query) => (isWorking(query.state.data) ? PROGRESS_POLL_MS : false),
  });

export async function previewBillRun(body: BillRunFiltersInput): Promise<BillRunPreview> {
  return (await callContract(calls.preview, { body }, { auth: 'firm' })).data;
}

/** One Idempotency-Key per run the user starts: a retried or double-clicked Start starts one run. */
export async function startBillRun(body: BillRunFiltersInput, idempotencyKey: string): Promise<BillRunDetail> {
  return (await callContract(calls.start, { body }, { auth: 'firm', idempotencyKey, toastSuccess: true })).data;
}
