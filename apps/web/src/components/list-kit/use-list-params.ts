import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearedFilters,
  listStateOf,
  nextSort,
  withListChanges,
  type ListChanges,
  type ListDefinition,
  type ListState,
} from './list-params.ts';

export type ListParams<Filter extends string, Column extends string> = ListState<Filter, Column> & {
  /** True when any filter is set (the Clear filters button and the empty state's wording). */
  isFiltered: boolean;
  change: (changes: ListChanges<Filter, Column>) => void;
  setFilters: (filters: Partial<Record<Filter, string>>) => void;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  /** A click on a sortable column's header. */
  sortBy: (column: Column) => void;
  clearFilters: () => void;
  /** Grows with each Clear filters: a search box keyed by it drops the text it was still waiting to search. */
  clearCount: number;
};

/**
 * A list's filters, page, size and sort, kept in the URL's query so a reload, the back button, a
 * bookmark or a shared link opens the same list. `inUrl: false` keeps them in the component instead,
 * for a list inside a record's tab, whose URL belongs to the record.
 */
export function useListParams<Filter extends string, Column extends string>(
  definition: ListDefinition<Filter, Column>,
  options: { inUrl?: boolean } = {},
): ListParams<Filter, Column> {
  const inUrl = options.inUrl ?? true;
  const [searchParams, setSearchParams] = useSearchParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const [clearCount, setClearCount] = useState(0);
  const state = listStateOf(inUrl ? searchParams : localParams, definition);

  const change = (changes: ListChanges<Filter, Column>) => {
    const apply = (previous: URLSearchParams) => withListChanges(previous, definition, changes);
    // Replace, not push: each keystroke of a search would otherwise be a step of the back button.
    if (inUrl) setSearchParams(apply, { replace: true });
    else setLocalParams(apply);
  };

  return {
    ...state,
    isFiltered: Object.values<string>(state.filters).some((value) => value !== ''),
    change,
    setFilters: (filters) => change({ filters }),
    setPage: (page) => change({ page }),
    setSize: (size) => change({ size }),
    sortBy: (column) => change({ sort: nextSort(state.sort, column) }),
    clearFilters: () => {
      setClearCount((count) => count + 1);
      change({ filters: clearedFilters(definition) });
    },
    clearCount,
  };
}
