import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { dataExports, users } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The record types a full export holds, each a table of the firm read a page at a time, and the
 * columns it leaves out (secrets: password hashes, authenticator secrets, signing links' tokens). Every other column is
 * exported as stored, so the export is every field.
 */
export const EXPORTED_TABLES = [
  { file: 'clients', table: 'clients', about: 'Clients (people and companies), with their numbers, contact details and status.' },
  { file: 'contacts', table: 'client_contacts', about: 'The contact people of company clients.' },
  { file: 'matters', table: 'matters', about: 'Matters, with their client, billing type, status and dates.' },
  { file: 'matter-fee-earners', table: 'matter_assignees', about: 'Who works on each matter, at what hourly rate.' },
  { file: 'time-entries', table: 'time_entries', about: 'Time entries: date, fee earner, hours, rate, amount, billing status.' },
  { file: 'expenses', table: 'expenses', about: 'Expenses, client and firm, with approval and payment status.' },
  { file: 'flat-fees', table: 'flat_fees', about: 'Flat fees charged on matters.' },
  { file: 'invoices', table: 'invoices', about: 'Invoices (drafts included), their totals, balances and status.' },
  { file: 'invoice-lines', table: 'invoice_lines', about: 'Each invoice’s lines, as billed.' },
  { file: 'payments', table: 'invoice_payments', about: 'Payments received against invoices.' },
  { file: 'credit-notes', table: 'credit_notes', about: 'Credit notes issued against invoices.' },
  { file: 'trust-accounts', table: 'trust_accounts', about: 'The firm’s trust (client money) bank accounts.' },
  { file: 'trust-movements', table: 'trust_transactions', about: 'Every movement of client money, in the order recorded.' },
  { file: 'journals', table: 'journal_entries', about: 'The general ledger’s journal entries.' },
  { file: 'journal-lines', table: 'journal_lines', about: 'Each journal entry’s debit and credit lines.' },
  { file: 'progress-notes', table: 'progress_notes', about: 'Progress notes on matters (text and HTML).' },
  { file: 'court-updates', table: 'court_updates', about: 'Court updates: hearings, outcomes and adjourned dates.' },
  { file: 'users', table: 'users', about: 'The firm’s team members (no passwords or sign-in secrets).' },
  { file: 'intake-forms', table: 'intake_forms', about: 'Intake forms: their fields, address and whether they are published.' },
  { file: 'intake-uploads', table: 'intake_uploads', about: 'Files sent with enquiries: name, type, size, lead and form field.' },
  { file: 'leads', table: 'leads', about: 'Leads (enquiries): contact details, source, status, assignee and what the form asked.' },
  { file: 'lead-events', table: 'lead_events', about: 'Each lead’s timeline: status changes, notes, bookings and letters.' },
  { file: 'consultation-settings', table: 'consultation_settings', about: 'How consultations are booked: length, hours, fee.' },
  { file: 'consultations', table: 'consultations', about: 'Consultations booked with leads: when, with whom, fee and status.' },
  { file: 'consultation-payments', table: 'consultation_payments', about: 'Consultation fees paid online, per gateway.' },
  { file: 'signature-requests', table: 'signature_requests', about: 'Documents sent for signature and their status.' },
  { file: 'signature-signers', table: 'signature_request_signers', about: 'Each request’s signers (no link tokens).' },
  { file: 'signature-fields', table: 'signature_request_fields', about: 'The places to sign or fill on each request’s pages.' },
  { file: 'signature-events', table: 'signature_request_events', about: 'What happened to each request: sent, viewed, signed.' },
  { file: 'engagements', table: 'engagements', about: 'Engagement terms of leads, their letter and what converting opened.' },
] as const;

/** Secrets a firm's export never holds: sign-in secrets, and signing links' tokens (hashed or sealed). */
const SECRET_COLUMNS = new Set(['password_hash', 'totp_secret', 'totp_last_step', 'token_hash', 'token_sealed', 'p12_sealed']);

/** The columns of a table the export writes, in their order in the table. */
export async function findExportedColumns(tx: Tx, table: string): Promise<string[]> {
  const result = await tx.execute(sql`select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`);
  return rowsOf<{ name: string }>(result)
    .map((row) => row.name)
    .filter((name) => !SECRET_COLUMNS.has(name));
}

/** A page of a table's rows of the firm, in id order after `afterId` (keyset: each page is one short read). */
export async function findExportPage(tx: Tx, firmId: string, table: string, columns: string[], afterId: string | null, limit: number) {
  const list = sql.raw(columns.map((column) => `"${column}"`).join(', '));
  const ordering = columns.includes('id') ? 'id' : null;
  const result = await tx.execute(
    ordering
      ? sql`select ${list}, id::text as "__key" from ${sql.raw(table)} where firm_id = ${firmId}
              ${afterId === null ? sql`` : sql`and id > ${afterId}::uuid`} order by id limit ${limit}`
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
