import { RECYCLE_BIN_KINDS } from '@matterhorn/shared';
import {
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';
import type { RecycleBinQuery } from '../api/recycle-bin.ts';

/** One order, the server's (most recently deleted first): only the filters, page and size are in the URL. */
export const RECYCLE_BIN_LIST = {
  filters: { search: 'search', kind: 'kind', deletedBy: 'deletedBy' },
  sortColumns: [],
  defaultSort: { column: 'deletedAt', type: 'desc' },
} as const satisfies ListDefinition<string, 'deletedAt'>;

export type RecycleBinFilter = keyof typeof RECYCLE_BIN_LIST.filters;

/** The list call's query from the list's state; a value typed into the URL that the API would refuse is no filter. */
export function recycleBinQueryFrom({ filters, page, size }: ListState<RecycleBinFilter, 'deletedAt'>): RecycleBinQuery {
  const query: RecycleBinQuery = { page, size };
  const kind = oneOfOrUndefined(RECYCLE_BIN_KINDS, filters.kind);
  const search = textOrUndefined(filters.search);
  const deletedBy = uuidOrUndefined(filters.deletedBy);
  if (kind) query.Kind = kind;
  if (search) query.Search = search;
  if (deletedBy) query.DeletedBy = deletedBy;
  return query;
}

/** "29 days", "1 day"; "Today" when it goes at the next purge. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'Today';
  return daysLeft === 1 ? '1 day' : `${daysLeft} days`;
}
