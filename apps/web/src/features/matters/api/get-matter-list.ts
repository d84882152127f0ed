import { matterPageSchema, type MatterListQuery } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList, type QueryParams } from '../../../lib/api-client.ts';

export const MATTER_LIST_PATH = '/admin/matter-master/get-matter-list';

export type MatterPage = ReturnType<typeof matterPageSchema.parse>;

/** The list's query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function matterListParams(query: MatterListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export async function getMatterList(query: MatterListQuery): Promise<MatterPage | null> {
  const data = await apiList<unknown>(MATTER_LIST_PATH, matterListParams(query), 'firm');
  const parsed = matterPageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const matterListQuery = (query: MatterListQuery) =>
  queryOptions({
    queryKey: ['matters', 'list', query],
    queryFn: () => getMatterList(query),
    placeholderData: keepPreviousData,
  });

export function useMatterList(query: MatterListQuery) {
  return useQuery(matterListQuery(query));
}
