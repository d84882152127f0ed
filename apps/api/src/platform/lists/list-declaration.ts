import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';

/** A list's table: every list reads one firm's rows and breaks ties on the id. */
export type ListTable = PgTable & { firmId: AnyPgColumn; id: AnyPgColumn };

/**
 * One key of a sort, before the id that breaks ties. `type` is its SQL type when it is not a
 * column (an export batch resumes after the last row's values, sent back as text and cast);
 * `isNullable` when it may be null, so that resuming knows where its nulls sort.
 */
export type SortKey = { key: AnyPgColumn | SQL; type?: string; isNullable?: boolean };

/** A sort whose key lives on another table (a time entry sorted by its client's name) joins it to choose the rows. */
export type ListSort = { keys: SortKey[]; join?: { table: PgTable; on: SQL } };

/**
 * A filter through another table that holds at most one row per list row (a fee earner's
 * assignment to a matter). `copies` pairs list columns with that table's copies of them, kept equal
 * by triggers (the firm and the id among them): the join equates each pair, so a page in the order
 * of copied sort keys walks that table's index and stops after the page, and an export batch
 * resumes on the copies, in the same index. `isLiveRowsAlone`: `where` alone selects only the
 * firm's live rows (the table copies their liveness), so a request with no other condition counts
 * that table's index alone.
 */
export type FilterThrough = { table: PgTable; copies: [AnyPgColumn, AnyPgColumn][]; where: SQL; isLiveRowsAlone?: boolean };

/** What a search matches: a column ILIKE the pattern, or a condition of its own (a match through another table). */
export type SearchColumn = AnyPgColumn | ((pattern: string, firmId: string) => SQL);

/**
 * A list, declared once; `readListPage`, `countList` and `streamListCsv` read it.
 *
 * - `live`: the live rows, worded as the list's partial indexes' predicate so they can serve it;
 * - `filters`: one condition per filter name, applied when the request gives a value (or a
 *   FilterThrough another table);
 * - `search`: the columns a search text is looked for in (ILIKE '%text%', the trigram indexes);
 * - `sorts`: the keys of each sort column, in order;
 * - `columns`/`joins`: what a page's row holds (drizzle fields over the table and its left joins);
 * - `isCountExact`: counts every match instead of stopping at the cap (a short list);
 * - `isDescendingNullsLast`: the list's indexes are DESC NULLS LAST (drizzle's index `.desc()`), so
 *   its order says so to match them, where PostgreSQL's plain DESC means NULLS FIRST.
 */
export type ListDeclaration<Filters extends object, SortColumn extends string, Columns extends SelectedFields> = {
  table: ListTable;
  live?: SQL;
  filters: { [Name in keyof Filters]-?: (value: NonNullable<Filters[Name]>, firmId: string) => SQL | FilterThrough | undefined };
  search: SearchColumn[];
  sorts: Record<SortColumn, ListSort>;
  columns: Columns;
  joins?: { table: PgTable; on: SQL }[];
  isCountExact?: boolean;
  isDescendingNullsLast?: boolean;
};

/** Declares a list (the identity: it lets TypeScript infer the filters, sorts and columns once). */
export const declareList = <Filters extends object, SortColumn extends string, Columns extends SelectedFields>(
  declaration: ListDeclaration<Filters, SortColumn, Columns>,
) => declaration;

/** What one request asks of a list: its filters' values (absent or '' means not filtered), search text and sort. */
export type ListRequest<Filters extends object, SortColumn extends string> = {
  filters: Partial<Filters>;
  searchText?: string | undefined;
  sort: { column: SortColumn; direction: 'asc' | 'desc' };
};

/** A page's place: 1-based, as the API's `page` and `size`. */
export type PageNumber = { page: number; size: number };
