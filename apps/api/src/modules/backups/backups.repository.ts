import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/database.ts';

/** Rows per firm and table: what a restore's copy must hold again. */
export type RowCounts = Record<string, Record<string, number>>;

/** One statement's rows, on whichever connection the caller holds (a backup's snapshot, PGlite's transaction). */
export type Query = <T>(text: string) => Promise<T[]>;

/** The owner connection as a Query: a restored copy, counted as a whole. */
export const queryOn =
  (db: Db): Query =>
  (text) =>
    rowsOf(db.execute(sql.raw(text)));

type StoredFileRecord = { table: string; id: string; storageKey: string; sha256: string };

/**
 * Every record of a firm that names a stored file with the SHA-256 it was stored with: the tables
 * with both columns, read from the catalogue so a table added later is checked too.
 */
export async function storedFilesWithHashes(tx: Tx, firmId: string): Promise<StoredFileRecord[]> {
  const tables = await rowsOf<{ name: string }>(
    tx.execute(sql`select table_name as name from information_schema.columns
      where table_schema = 'public' and column_name in ('storage_key', 'sha256', 'firm_id')
      group by table_name having count(*) = 3 order by 1`),
  );
  const records: StoredFileRecord[] = [];
  for (const { name } of tables) {
    records.push(
      ...(await rowsOf<StoredFileRecord>(
        tx.execute(sql`select ${name} as "table", id::text as id, storage_key as "storageKey", sha256
          from ${sql.identifier(name)} where firm_id = ${firmId} and storage_key is not null`),
      )),
    );
  }
  return records;
}

/** Every table that holds a firm's rows (read from the catalogue, so a new table is counted too), and the firms. */
export async function countRowsPerFirm(query: Query): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const { id } of await query<{ id: string }>('select id::text as id from firms')) counts[id] = { firms: 1 };
  const tables = await query<{ name: string }>(
    `select columns.table_name as name from information_schema.columns
       join information_schema.tables using (table_schema, table_name)
     where columns.table_schema = 'public' and columns.column_name = 'firm_id' and tables.table_type = 'BASE TABLE'
     order by 1`,
  );
  for (const { name } of tables) {
    const rows = await query<{ firm: string; rows: number }>(
      `select firm_id::text as firm, count(*)::int as rows from "${name.replaceAll('"', '""')}" where firm_id is not null group by firm_id`,
    );
    for (const row of rows) (counts[row.firm] ??= {})[name] = row.rows;
  }
  return counts;
}

export async function countMigrations(query: Query): Promise<number> {
  const [row] = await query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations');
  return row?.applied ?? 0;
}
