import { sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/database.ts';
import { cappedTotal, type CappedTotal } from '../../lib/capped-total.ts';
import type { ListDeclaration, ListRequest, PageNumber } from './list-declaration.ts';
import { countCap, countStatement, windowStatement } from './list-statements.ts';

/** A row as the list's columns describe it. */
export type ListRow<Columns extends SelectedFields> = SelectResultFields<Columns>;

/** The matching rows, counted as far as the list counts: what a page past the end answers, having no row to carry it. */
export async function countList<Filters extends object, SortColumn extends string, Columns extends SelectedFields>(
  tx: Tx,
  list: ListDeclaration<Filters, SortColumn, Columns>,
  firmId: string,
  request: ListRequest<Filters, SortColumn>,
): Promise<number> {
  const result = await tx.execute(sql`select ${countStatement(tx, list, firmId, request)} as count`);
  return Number((result as unknown as { rows: { count: number | string }[] }).rows[0]?.count ?? 0);
}

/**
 * A page of the list and its capped total, in one statement (the rows carry the count); only a
 * page past the end, which has no row to carry it, counts on its own.
 */
export async function readListPage<Filters extends object, SortColumn extends string, Columns extends SelectedFields>(
  tx: Tx,
  list: ListDeclaration<Filters, SortColumn, Columns>,
  firmId: string,
  request: ListRequest<Filters, SortColumn>,
  page: PageNumber,
): Promise<{ rows: ListRow<Columns>[] } & CappedTotal> {
  const window = { limit: page.size, offset: (page.page - 1) * page.size, withCount: true };
  const found = (await windowStatement(tx, list, firmId, request, window)) as unknown as (ListRow<Columns> & {
    matchingCount: number | null;
    sortValues: null;
  })[];
  const rows = found.map(({ matchingCount: _count, sortValues: _values, ...row }) => row as unknown as ListRow<Columns>);
  const countUpTo = async () => found[0]?.matchingCount ?? (await countList(tx, list, firmId, request));
  const total = await cappedTotal({ ...page, rowCount: rows.length }, countUpTo, countCap(list, request) ?? Number.POSITIVE_INFINITY);
  return { rows, ...total };
}
