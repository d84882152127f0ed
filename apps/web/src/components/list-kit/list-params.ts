import { DEFAULT_PAGE_SIZE, isValidIsoDate } from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../lib/list-paging.ts';

export type SortType = 'asc' | 'desc';
export type ColumnSort<Column extends string> = { column: Column; type: SortType };

/**
 * What a list keeps in its URL: each filter's query name, the columns it sorts by and its own
 * order. Page, size and sort share the same names in every list (page, size, sortColumn, sortType),
 * so a link into any list reads alike; a page that holds two lists gives each a prefix
 * (clientPage, firmPage).
 */
export type ListDefinition<Filter extends string, Column extends string> = {
  filters: Readonly<Record<Filter, string>>;
  sortColumns: readonly Column[];
  /** The order the server uses when none is chosen. */
  defaultSort: ColumnSort<Column>;
  defaultSize?: number;
  pagingPrefix?: string;
};

const PAGING_PARAMS = { page: 'page', size: 'size', sortColumn: 'sortColumn', sortType: 'sortType' } as const;

/** The names the list's page, size and sort have in the URL. */
function pagingNamesOf(definition: ListDefinition<string, string>): Record<keyof typeof PAGING_PARAMS, string> {
  const prefix = definition.pagingPrefix;
  if (!prefix) return PAGING_PARAMS;
  return { page: `${prefix}Page`, size: `${prefix}Size`, sortColumn: `${prefix}SortColumn`, sortType: `${prefix}SortType` };
}

export type ListState<Filter extends string, Column extends string> = {
  /** Each filter as the URL holds it ('' when unset). */
  filters: Record<Filter, string>;
  page: number;
  size: number;
  sort: ColumnSort<Column>;
  /** False while the list is in its default order (some calls then send no order at all). */
  isSortChosen: boolean;
};

export type ListChanges<Filter extends string, Column extends string> = {
  filters?: Partial<Record<Filter, string>>;
  page?: number;
  size?: number;
  sort?: ColumnSort<Column>;
};

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function filterEntries<Filter extends string>(filters: Readonly<Record<Filter, string>>): [Filter, string][] {
  return Object.entries(filters) as [Filter, string][];
}

/** The list's state read from its URL; unknown sort columns and sizes fall back to the list's defaults. */
export function listStateOf<Filter extends string, Column extends string>(
  params: URLSearchParams,
  definition: ListDefinition<Filter, Column>,
): ListState<Filter, Column> {
  const defaultSize = definition.defaultSize ?? DEFAULT_PAGE_SIZE;
  const names = pagingNamesOf(definition);
  const filters = {} as Record<Filter, string>;
  for (const [filter, name] of filterEntries(definition.filters)) filters[filter] = params.get(name) ?? '';
  const column = params.get(names.sortColumn);
  const isSortChosen = definition.sortColumns.includes(column as Column);
  return {
    filters,
    page: positive(params.get(names.page), 1),
    size: offeredPageSize(positive(params.get(names.size), defaultSize), defaultSize),
    sort: isSortChosen ? { column: column as Column, type: params.get(names.sortType) === 'asc' ? 'asc' : 'desc' } : definition.defaultSort,
    isSortChosen,
  };
}

/**
 * The URL after some changes to the list; other query parameters (a tab, a record's id) stay. Any
 * change but the page's goes back to page 1: the old page of another filter means nothing.
 */
export function withListChanges<Filter extends string, Column extends string>(
  params: URLSearchParams,
  definition: ListDefinition<Filter, Column>,
  changes: ListChanges<Filter, Column>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = pagingNamesOf(definition);
  const put = (name: string, value: string | undefined) => (value ? next.set(name, value) : next.delete(name));
  for (const [filter, value] of Object.entries(changes.filters ?? {}) as [Filter, string | undefined][]) {
    put(definition.filters[filter], value?.trim());
  }
  if (changes.size !== undefined) {
    put(names.size, changes.size === (definition.defaultSize ?? DEFAULT_PAGE_SIZE) ? undefined : String(changes.size));
  }
  if (changes.sort) {
    put(names.sortColumn, changes.sort.column);
    put(names.sortType, changes.sort.type);
  }
  put(names.page, changes.page !== undefined && changes.page > 1 ? String(changes.page) : undefined);
  return next;
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort<Column extends string>(current: ColumnSort<Column>, column: Column): ColumnSort<Column> {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/** Every filter set to '' (the Clear filters button). */
export function clearedFilters<Filter extends string>(definition: ListDefinition<Filter, string>): Record<Filter, string> {
  const cleared = {} as Record<Filter, string>;
  for (const [filter] of filterEntries(definition.filters)) cleared[filter] = '';
  return cleared;
}

// A URL is typed by hand or shared: a value the call would refuse is read as no filter at all.
export const textOrUndefined = (value: string) => value.trim() || undefined;
export const uuidOrUndefined = (value: string) => (value && z.uuid().safeParse(value).success ? value : undefined);
export const isoDateOrUndefined = (value: string) => (value && isValidIsoDate(value) ? value : undefined);
export const oneOfOrUndefined = <T extends string>(allowed: readonly T[], value: string): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;
