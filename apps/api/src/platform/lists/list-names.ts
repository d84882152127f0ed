import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListSort } from './list-declaration.ts';

/** A table whose rows a list names by key: clients, matters, fee earners, activity types. */
type NamedTable = PgTable & { id: AnyPgColumn };

/** A page row's name, by primary key: a lookup per row of a page plans far faster than a join of every named table. */
export const nameByKey = <T>(table: NamedTable, column: AnyColumn, id: AnyColumn) =>
  sql<T>`(select ${sql.identifier(column.name)} from ${table} looked_up where looked_up.id = ${id})`;

/** A sort by a name joins the one table that holds it, to choose the page's rows. */
export const sortByName = (table: NamedTable, name: AnyPgColumn, on: AnyPgColumn): ListSort => ({
  keys: [{ key: name, type: 'text' }],
  join: { table, on: eq(table.id, on) },
});
