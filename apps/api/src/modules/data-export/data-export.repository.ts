import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { dataExports, users } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Columns the export leaves out (secrets): sign-in secrets, recovery codes, passkeys' keys, signing
 * and invoice links' tokens (hashed or sealed), sealed payment authorisations, the firm's sealing key
 * and e-mails' sealed bodies (they hold sign-in and payment links). Every other column is exported
 * as stored, so the export is every field.
 */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'totp_secret',
  'totp_last_step',
  'token_hash',
  'token_sealed',
  'p12_sealed',
  'code_hash',
  'credential_id',
  'public_key',
  'sealed',
  'sealed_content',
  'slug_hash',
  'slug_sealed',
  'renewal_method_sealed',
]);

/** The firm's tables: every table of the schema with a firm_id column (partitions are read through their parent). */
export async function findTenantTables(tx: Tx): Promise<string[]> {
  const result = await tx.execute(sql`select c.relname as name from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'firm_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** The columns of a table the export writes, in their order in the table, and its id's type (uuid, or a bigint for the audit trail). */
export async function findExportedColumns(tx: Tx, table: string): Promise<{ columns: string[]; keyType: 'uuid' | 'bigint' }> {
  const result = await tx.execute(sql`select column_name as name, data_type as type from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`);
  const rows = rowsOf<{ name: string; type: string }>(result);
  return {
    columns: rows.map((row) => row.name).filter((name) => !SECRET_COLUMNS.has(name)),
    keyType: rows.find((row) => row.name === 'id')?.type === 'bigint' ? 'bigint' : 'uuid',
  };
}

/** A page of a table's rows of the firm, in id order after `afterId` (keyset: each page is one short read). */
export async function findExportPage(
  tx: Tx,
  firmId: string,
  table: string,
  { columns, keyType }: { columns: string[]; keyType: 'uuid' | 'bigint' },
  afterId: string | null,
  limit: number,
) {
  const list = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  const ordering = columns.includes('id') ? 'id' : null;
  const result = await tx.execute(
    ordering
      ? sql`select ${list}, id::text as "__key" from ${sql.raw(table)} where firm_id = ${firmId}
              ${afterId === null ? sql`` : sql`and id > ${afterId}::${sql.raw(keyType)}`} order by id limit ${limit}`
      : sql`select ${list}, null as "__key" from ${sql.raw(table)} where firm_id = ${firmId} limit ${afterId === null ? 1_000_000 : 0}`,
  );
  return rowsOf<Record<string, unknown> & { __key: string | null }>(result);
}

/** Every version of every document (deleted ones too), with its folder path, in a stable order. */
export async function findDocumentVersions(tx: Tx, firmId: string) {
  const result = await tx.execute(sql`
    with recursive paths as (
      select id, firm_id, name::text as path from document_folders where firm_id = ${firmId} and parent_folder_id is null
      union all
      select f.id, f.firm_id, paths.path || '/' || f.name from document_folders f join paths on f.firm_id = paths.firm_id and f.parent_folder_id = paths.id
    )
    select coalesce(p.path, 'Documents') as folder, d.name, v.version_number as "versionNumber", v.storage_key as "storageKey",
           v.size_bytes as "sizeBytes", v.created_at as "createdAt", d.deleted_at is not null as "isDeleted"
      from document_versions v
      join documents d on d.firm_id = v.firm_id and d.id = v.document_id
      left join paths p on p.firm_id = d.firm_id and p.id = d.folder_id
     where v.firm_id = ${firmId}
     order by p.path, d.name, d.id, v.version_number`);
  return rowsOf<{
    folder: string;
    name: string;
    versionNumber: number;
    storageKey: string;
    sizeBytes: number | string | null;
    createdAt: string | Date;
    isDeleted: boolean;
  }>(result);
}

/** The firm's issued invoices (numbered), for their PDFs and LEDES files. */
export async function findIssuedInvoiceIds(tx: Tx, firmId: string): Promise<string[]> {
  const result = await tx.execute(
    sql`select id::text as id from invoices where firm_id = ${firmId} and number_value is not null order by number_value`,
  );
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

const exportColumns = {
  id: dataExports.id,
  status: dataExports.status,
  progress: dataExports.progress,
  step: dataExports.step,
  sizeBytes: dataExports.sizeBytes,
  storageKey: dataExports.storageKey,
  requestedBy: users.name,
  requestedByUserId: dataExports.requestedByUserId,
  createdAt: dataExports.createdAt,
  updatedAt: dataExports.updatedAt,
  finishedAt: dataExports.finishedAt,
  expiresAt: dataExports.expiresAt,
  failure: dataExports.failure,
};

export async function insertExport(tx: Tx, firmId: string, userId: string): Promise<string> {
  const [row] = await tx.insert(dataExports).values({ firmId, requestedByUserId: userId }).returning({ id: dataExports.id });
  return row!.id;
}

/** The firm's exports, newest first; one still running whose build fell silent 15 minutes ago is answered as failed. */
export async function findExports(tx: Tx, firmId: string, id?: string) {
  await tx
    .update(dataExports)
    .set({ status: 'failed', failure: 'The build stopped (the server restarted): start a new export', finishedAt: sql`now()` })
    .where(
      and(eq(dataExports.firmId, firmId), eq(dataExports.status, 'running'), sql`${dataExports.updatedAt} < now() - interval '15 minutes'`),
    );
  await tx
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.firmId, firmId), eq(dataExports.status, 'ready'), sql`${dataExports.expiresAt} <= now()`));
  return tx
    .select(exportColumns)
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.requestedByUserId))
    .where(and(eq(dataExports.firmId, firmId), id ? eq(dataExports.id, id) : undefined))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
}
export type ExportRow = Awaited<ReturnType<typeof findExports>>[number];

/** Serialises starts of one firm's exports: two clicks start one. */
export async function lockRunningExport(tx: Tx, firmId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('data-export:' || ${firmId}))`);
  const [row] = await tx
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.firmId, firmId),
        eq(dataExports.status, 'running'),
        sql`${dataExports.updatedAt} >= now() - interval '15 minutes'`,
      ),
    );
  return row ?? null;
}

export async function recordProgress(tx: Tx, firmId: string, id: string, progress: number, step: string) {
  await tx
    .update(dataExports)
    .set({ progress, step, updatedAt: sql`now()` })
    .where(and(eq(dataExports.firmId, firmId), eq(dataExports.id, id)));
}

export async function finishExport(
  tx: Tx,
  firmId: string,
  id: string,
  outcome: { storageKey: string; sizeBytes: number } | { failure: string },
) {
  await tx
    .update(dataExports)
    .set(
      'failure' in outcome
        ? { status: 'failed', failure: outcome.failure, finishedAt: sql`now()`, updatedAt: sql`now()` }
        : {
            status: 'ready',
            progress: 100,
            step: 'Ready',
            storageKey: outcome.storageKey,
            sizeBytes: outcome.sizeBytes,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
            expiresAt: sql`now() + interval '7 days'`,
          },
    )
    .where(and(eq(dataExports.firmId, firmId), eq(dataExports.id, id)));
}

/** Exports past their 7 days whose zip is still stored (the expiry job removes the file). */
export async function findExpiredExportFiles(tx: Tx, firmId: string) {
  return tx
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.firmId, firmId), sql`${dataExports.expiresAt} <= now()`, sql`${dataExports.storageKey} is not null`));
}

export async function forgetExportFile(tx: Tx, firmId: string, id: string) {
  await tx
    .update(dataExports)
    .set({ storageKey: null, status: 'expired' })
    .where(and(eq(dataExports.firmId, firmId), eq(dataExports.id, id)));
}

export async function findRequesterEmail(tx: Tx, firmId: string, userId: string) {
  const [row] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.firmId, firmId), eq(users.id, userId)));
  return row ?? null;
}
