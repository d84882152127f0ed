import { recycleBinContracts, type RecycleBinEntryPage, type RecycleBinKind } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

/** The list call's query as sent (SPEC.md §7's names); a filter left out is not applied. */
export type RecycleBinQuery = { page: number; size: number; Kind?: RecycleBinKind; Search?: string; DeletedBy?: string };

/** Every recycle-bin query lives under ['recycle-bin']: a restore or purge invalidates the root. */
export const recycleBinKeys = {
  all: ['recycle-bin'] as const,
  list: (query: RecycleBinQuery) => ['recycle-bin', 'list', query] as const,
};

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getRecycleBinPage(query: RecycleBinQuery): Promise<RecycleBinEntryPage | null> {
  return listContract(recycleBinContracts.list, { query }, 'firm');
}

export const recycleBinListQuery = (query: RecycleBinQuery) =>
  queryOptions({
    queryKey: recycleBinKeys.list(query),
    queryFn: () => getRecycleBinPage(query),
    placeholderData: keepPreviousData,
  });

export function useRecycleBinPage(query: RecycleBinQuery) {
  return useQuery(recycleBinListQuery(query));
}

/** Puts the record back with what was deleted with it; the server's message in a toast, a refusal (409) in an error toast. */
export async function restoreRecycleBinItem(id: string): Promise<void> {
  await callContract(recycleBinContracts.restore, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** Deletes the record for good; the server checks the typed name again. A refusal (400, 409) toasts and throws. */
export async function purgeRecycleBinItem(id: string, confirmName: string): Promise<void> {
  await callContract(recycleBinContracts.purge, { params: { id }, body: { confirmName } }, { auth: 'firm', toastSuccess: true });
}
