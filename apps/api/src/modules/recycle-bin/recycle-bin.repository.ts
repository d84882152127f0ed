import { sql, type SQL } from 'drizzle-orm';
import type { RecycleBinKind } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';

/**
 * The recycle bin's SQL (issue 39). A record in the bin is a row with deleted_at set. Deleting a
 * client or a matter marks its children with the same moment (the transaction's now()), so every
 * list, search, report and the portal, which all read live rows, hide them too; restoring the
 * parent brings back exactly the children marked at that moment, not those deleted before it.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The tables a client's or a matter's deletion marks with it (each has firm_id, client_id, matter_id). */
const CHILD_TABLES = ['time_entries', 'expenses', 'flat_fees', 'progress_notes', 'court_updates', 'documents', 'document_folders'] as const;

/** Not deleted with its client or matter: those come back with their parent, and are not listed on their own. */
const deletedOnItsOwn = (alias: string) =>
  sql.raw(`not exists (select 1 from matters p where p.firm_id = ${alias}.firm_id and p.id = ${alias}.matter_id and p.deleted_at = ${alias}.deleted_at)
     and not exists (select 1 from clients p where p.firm_id = ${alias}.firm_id and p.id = ${alias}.client_id and p.deleted_at = ${alias}.deleted_at)`);

const belongsTo = (alias: string) =>
  sql.raw(`coalesce((select m.matter_name from matters m where m.firm_id = ${alias}.firm_id and m.id = ${alias}.matter_id),
                    (select c.display_name from clients c where c.firm_id = ${alias}.firm_id and c.id = ${alias}.client_id))`);

/** Every item in the bin, one row per record the firm deleted (kind, id, name, what it belonged to, when, by whom). */
const binItems = (firmId: string) => sql`
  select 'client' as kind, t.id, coalesce(t.display_name, '') as name, null::text as belongs_to, t.deleted_at, t.deleted_by_user_id
    from clients t where t.firm_id = ${firmId} and t.deleted_at is not null
  union all
  select 'contact', t.id, t.name, c.display_name, t.deleted_at, t.deleted_by_user_id
    from client_contacts t join clients c on c.firm_id = t.firm_id and c.id = t.client_id
   where t.firm_id = ${firmId} and t.deleted_at is not null and c.deleted_at is distinct from t.deleted_at
  union all
  select 'matter', t.id, t.matter_name, t.client_name, t.deleted_at, t.deleted_by_user_id
    from matters t where t.firm_id = ${firmId} and t.deleted_at is not null
     and not exists (select 1 from clients p where p.firm_id = t.firm_id and p.id = t.client_id and p.deleted_at = t.deleted_at)
  union all
  select 'timeEntry', t.id, coalesce(nullif(left(t.description, 80), ''), 'Time entry') || ' (' || to_char(t.time_entry_date, 'DD/MM/YYYY') || ')',
         ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from time_entries t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'expense', t.id, left(t.description, 80) || ' (' || to_char(t.expense_date, 'DD/MM/YYYY') || ')',
         coalesce(${belongsTo('t')}, 'Firm expense'), t.deleted_at, t.deleted_by_user_id
    from expenses t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'flatFee', t.id, left(t.description, 80) || ' (' || to_char(t.flat_fee_date, 'DD/MM/YYYY') || ')',
         ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from flat_fees t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'progressNote', t.id, t.title, ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from progress_notes t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'courtUpdate', t.id, t.suit_number || ' (' || to_char(t.hearing_date, 'DD/MM/YYYY') || ')', ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from court_updates t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'document', t.id, t.name, ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from documents t where t.firm_id = ${firmId} and t.deleted_at is not null and ${deletedOnItsOwn('t')}
  union all
  select 'folder', t.id, t.name, ${belongsTo('t')}, t.deleted_at, t.deleted_by_user_id
    from document_folders t where t.firm_id = ${firmId} and t.deleted_at is not null and t.kind = 'folder' and ${deletedOnItsOwn('t')}
  union all
  select 'invoice', t.id, 'Draft for ' || c.display_name || ' (' || to_char(t.created_at, 'DD/MM/YYYY') || ')', c.display_name,
         t.deleted_at, t.deleted_by_user_id
    from invoices t join clients c on c.firm_id = t.firm_id and c.id = t.client_id
   where t.firm_id = ${firmId} and t.deleted_at is not null and t.number_value is null
  union all
  select 'lead', t.id, t.display_name, null, t.deleted_at, t.deleted_by_user_id
    from leads t where t.firm_id = ${firmId} and t.deleted_at is not null
  union all
  select 'intakeForm', t.id, t.name, null, t.deleted_at, t.deleted_by_user_id
    from intake_forms t where t.firm_id = ${firmId} and t.deleted_at is not null`;

export type BinItemRow = {
  kind: RecycleBinKind;
  id: string;
  name: string;
  belongsTo: string | null;
  deletedAt: string | Date;
  deletedBy: string | null;
  deletedByUserId: string | null;
  purgeAfter: string | Date;
  daysLeft: number;
};

const itemColumns = sql`i.kind, i.id::text as id, i.name, i.belongs_to as "belongsTo", i.deleted_at as "deletedAt", u.name as "deletedBy",
  i.deleted_by_user_id::text as "deletedByUserId",
  i.deleted_at + make_interval(days => f.recycle_bin_retention_days) as "purgeAfter",
  greatest(0, ceil(extract(epoch from i.deleted_at + make_interval(days => f.recycle_bin_retention_days) - now()) / 86400))::int as "daysLeft"`;

export type BinFilter = { kind?: RecycleBinKind | undefined; search?: string | undefined; deletedBy?: string | undefined };

/** A page of the bin, most recently deleted first, with how many items match. */
export async function listBinItems(tx: Tx, firmId: string, filter: BinFilter, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind) conditions.push(sql`i.kind = ${filter.kind}`);
  if (filter.deletedBy) conditions.push(sql`i.deleted_by_user_id = ${filter.deletedBy}`);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`(i.name ilike ${pattern} or i.belongs_to ilike ${pattern})`);
  }
  const result = await tx.execute(sql`
    with items as (${binItems(firmId)})
    select ${itemColumns}, count(*) over ()::int as "totalCount"
      from items i
      join firms f on f.id = ${firmId}
      left join users u on u.firm_id = ${firmId} and u.id = i.deleted_by_user_id
     where ${sql.join(conditions, sql` and `)}
     order by i.deleted_at desc, i.id
     limit ${page.limit} offset ${page.offset}`);
  return rowsOf<BinItemRow & { totalCount: number }>(result);
}

/** One item of the bin by its record's id, or null (not deleted, deleted with its parent, or another firm's). */
export async function findBinItem(tx: Tx, firmId: string, id: string): Promise<BinItemRow | null> {
  const result = await tx.execute(sql`
    with items as (${binItems(firmId)})
    select ${itemColumns}
      from items i
      join firms f on f.id = ${firmId}
      left join users u on u.firm_id = ${firmId} and u.id = i.deleted_by_user_id
     where i.id = ${id}`);
  return rowsOf<BinItemRow>(result)[0] ?? null;
}

/** Items whose time in the bin is over, oldest first (the purge job's work). */
export async function findExpiredItems(tx: Tx, firmId: string, limit: number): Promise<BinItemRow[]> {
  const result = await tx.execute(sql`
    with items as (${binItems(firmId)})
    select ${itemColumns}
      from items i
      join firms f on f.id = ${firmId}
      left join users u on u.firm_id = ${firmId} and u.id = i.deleted_by_user_id
     where i.deleted_at + make_interval(days => f.recycle_bin_retention_days) <= now()
     order by i.deleted_at
     limit ${limit}`);
  return rowsOf<BinItemRow>(result);
}

/** True when the matter's client is in the bin (the matter can only come back into a live client). */
export async function isMattersClientDeleted(tx: Tx, firmId: string, matterId: string): Promise<boolean> {
  const result = await tx.execute(sql`select exists (select 1 from matters m join clients c on c.firm_id = m.firm_id and c.id = m.client_id
    where m.firm_id = ${firmId} and m.id = ${matterId} and c.deleted_at is not null) as "deleted"`);
  return Boolean(rowsOf<{ deleted: boolean }>(result)[0]?.deleted);
}

type Parent = { kind: 'client' | 'matter'; id: string };
const parentColumn = (parent: Parent) => (parent.kind === 'client' ? 'client_id' : 'matter_id');

/** What a client's or a matter's deletion marks with it: a client's matters and contacts too. */
const childTablesOf = (parent: Parent) => (parent.kind === 'client' ? ['matters', 'client_contacts', ...CHILD_TABLES] : [...CHILD_TABLES]);

/** Marks a client's or matter's live children deleted at this transaction's moment, by the same member. */
export async function binChildrenOf(tx: Tx, firmId: string, parent: Parent, userId: string) {
  const tables = childTablesOf(parent);
  for (const table of tables)
    await tx.execute(sql`update ${sql.raw(table)} set deleted_at = now(), deleted_by_user_id = ${userId}
      where firm_id = ${firmId} and ${sql.raw(parentColumn(parent))} = ${parent.id} and deleted_at is null`);
}

/** Brings back the children deleted with the parent (same moment), before the parent itself is restored. */
export async function restoreChildrenOf(tx: Tx, firmId: string, parent: Parent) {
  const own = parent.kind === 'client' ? 'clients' : 'matters';
  const tables = childTablesOf(parent);
  for (const table of tables)
    await tx.execute(sql`update ${sql.raw(table)} t set deleted_at = null, deleted_by_user_id = null
      from ${sql.raw(own)} p
     where p.firm_id = ${firmId} and p.id = ${parent.id} and t.firm_id = ${firmId} and t.${sql.raw(parentColumn(parent))} = p.id
       and t.deleted_at = p.deleted_at`);
}

const LEAF_TABLES: Partial<Record<RecycleBinKind, string>> = {
  contact: 'client_contacts',
  timeEntry: 'time_entries',
  expense: 'expenses',
  flatFee: 'flat_fees',
  progressNote: 'progress_notes',
  courtUpdate: 'court_updates',
};

/** A deleted leaf record's client and matter, and whether either is in the bin (it comes back only into a live one). */
export async function findLeafParents(tx: Tx, firmId: string, kind: RecycleBinKind, id: string) {
  const table = LEAF_TABLES[kind];
  if (!table) return null;
  // A contact belongs to its client alone.
  const matterDeleted =
    kind === 'contact'
      ? sql`null::boolean`
      : sql`(select m.deleted_at is not null from matters m where m.firm_id = t.firm_id and m.id = t.matter_id)`;
  const result = await tx.execute(sql`
    select (select c.deleted_at is not null from clients c where c.firm_id = t.firm_id and c.id = t.client_id) as "clientDeleted",
           ${matterDeleted} as "matterDeleted"
      from ${sql.raw(table)} t where t.firm_id = ${firmId} and t.id = ${id}`);
  return rowsOf<{ clientDeleted: boolean | null; matterDeleted: boolean | null }>(result)[0] ?? null;
}

/** Takes a leaf record (contact, time entry, expense, flat fee, note, court update) out of the bin. */
export async function restoreLeaf(tx: Tx, firmId: string, kind: RecycleBinKind, id: string) {
  const table = LEAF_TABLES[kind]!;
  await tx.execute(sql`update ${sql.raw(table)} set deleted_at = null, deleted_by_user_id = null
    where firm_id = ${firmId} and id = ${id} and deleted_at is not null`);
}

export async function restoreOwn(tx: Tx, firmId: string, parent: Parent) {
  const table = parent.kind === 'client' ? 'clients' : 'matters';
  await tx.execute(sql`update ${sql.raw(table)} set deleted_at = null, deleted_by_user_id = null, updated_at = now()
    where firm_id = ${firmId} and id = ${parent.id}`);
}

/** Money a client or matter holds: invoices (not deleted drafts), payments, trust movements or requests, journal lines, credits. */
export async function holdsMoneyHistory(tx: Tx, firmId: string, parent: Parent): Promise<boolean> {
  const column = sql.raw(parentColumn(parent));
  const invoiced =
    parent.kind === 'client'
      ? sql`exists (select 1 from invoices i where i.firm_id = ${firmId} and i.client_id = ${parent.id} and (i.deleted_at is null or i.number_value is not null))`
      : sql`exists (select 1 from invoice_matters im join invoices i on i.firm_id = im.firm_id and i.id = im.invoice_id
                     where im.firm_id = ${firmId} and im.matter_id = ${parent.id} and (i.deleted_at is null or i.number_value is not null))`;
  const result = await tx.execute(sql`select ${invoiced}
      or exists (select 1 from trust_transactions t where t.firm_id = ${firmId} and t.${column} = ${parent.id})
      or exists (select 1 from trust_requests t where t.firm_id = ${firmId} and t.${column} = ${parent.id})
      or exists (select 1 from journal_lines t where t.firm_id = ${firmId} and t.${column} = ${parent.id})
      ${parent.kind === 'client' ? sql`or exists (select 1 from client_credit_movements t where t.firm_id = ${firmId} and t.client_id = ${parent.id})` : sql``}
      as "holds"`);
  return Boolean(rowsOf<{ holds: boolean }>(result)[0]?.holds);
}

/** The stored files the records about to be purged hold (document versions, receipts, note attachments), to remove after the commit. */
export async function findFileKeys(tx: Tx, firmId: string, scope: { kind: RecycleBinKind; id: string }): Promise<string[]> {
  const where = scopeCondition(scope);
  const result = await tx.execute(sql`
    select v.storage_key as key from document_versions v join documents t on t.firm_id = v.firm_id and t.id = v.document_id
     where v.firm_id = ${firmId} and ${where.documents}
    union all
    select r.storage_key from expense_receipts r join expenses t on t.firm_id = r.firm_id and t.id = r.expense_id
     where r.firm_id = ${firmId} and ${where.expenses}
    union all
    select a.storage_key from progress_note_attachments a join progress_notes t on t.firm_id = a.firm_id and t.id = a.progress_note_id
     where a.firm_id = ${firmId} and ${where.progressNotes}
    union all
    select u.storage_key from intake_uploads u where u.firm_id = ${firmId} and ${intakeUploadsOf(scope)}`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

/** A lead's uploads, or those a visitor left on a form and never sent (a form with leads is not purged). */
function intakeUploadsOf({ kind, id }: { kind: RecycleBinKind; id: string }) {
  if (kind === 'lead') return sql`u.lead_id = ${id}`;
  if (kind === 'intakeForm') return sql`u.intake_form_id = ${id} and u.lead_id is null`;
  return sql`false`;
}

/** What keeps a lead in the bin: consultations (a fee may have been paid), an engagement, or signature requests, kept as records. */
export async function holdsLeadHistory(tx: Tx, firmId: string, leadId: string): Promise<boolean> {
  const result = await tx.execute(sql`select
         exists (select 1 from consultations t where t.firm_id = ${firmId} and t.lead_id = ${leadId})
      or exists (select 1 from engagements t where t.firm_id = ${firmId} and t.lead_id = ${leadId})
      or exists (select 1 from signature_request_signers t where t.firm_id = ${firmId} and t.lead_id = ${leadId}) as "holds"`);
  return Boolean(rowsOf<{ holds: boolean }>(result)[0]?.holds);
}

/** Whether any lead, in the bin or not, came in through the form (it names the form, so the form stays). */
export async function hasIntakeFormLeads(tx: Tx, firmId: string, formId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select exists (select 1 from leads t where t.firm_id = ${firmId} and t.intake_form_id = ${formId}) as "holds"`,
  );
  return Boolean(rowsOf<{ holds: boolean }>(result)[0]?.holds);
}

/** Which rows of each child table a purge of `scope` removes: the record itself, or everything of a client or matter. */
function scopeCondition({ kind, id }: { kind: RecycleBinKind; id: string }) {
  const none = sql`false`;
  const byParent = (column: 'client_id' | 'matter_id') => sql`t.${sql.raw(column)} = ${id}`;
  if (kind === 'client' || kind === 'matter') {
    const all = byParent(kind === 'client' ? 'client_id' : 'matter_id');
    return { documents: all, expenses: all, progressNotes: all };
  }
  if (kind === 'folder')
    return {
      documents: sql`t.folder_id in (${folderTree(id)})`,
      expenses: none,
      progressNotes: none,
    };
  return {
    documents: kind === 'document' ? sql`t.id = ${id}` : none,
    expenses: kind === 'expense' ? sql`t.id = ${id}` : none,
    progressNotes: kind === 'progressNote' ? sql`t.id = ${id}` : none,
  };
}

/** The folder and every folder beneath it. */
const folderTree = (folderId: string) => sql`
  with recursive tree as (
    select id, firm_id from document_folders where id = ${folderId}
    union all
    select f.id, f.firm_id from document_folders f join tree on f.firm_id = tree.firm_id and f.parent_folder_id = tree.id
  ) select id from tree`;

/**
 * Deletes the record for good with everything that hangs on it, children first. Every statement is
 * scoped to the firm; the caller has checked the record is in the bin and holds no money.
 */
export async function purgeRecord(tx: Tx, firmId: string, kind: RecycleBinKind, id: string) {
  const run = (statement: SQL) => tx.execute(statement);
  const documentsWhere = async (where: SQL) => {
    const documents = sql`select t.id from documents t where t.firm_id = ${firmId} and ${where}`;
    await run(sql`delete from document_client_accesses where firm_id = ${firmId} and document_id in (${documents})`);
    await run(sql`delete from portal_message_attachments where firm_id = ${firmId} and document_id in (${documents})`);
    await run(sql`delete from document_versions where firm_id = ${firmId} and document_id in (${documents})`);
    await run(sql`delete from documents t where t.firm_id = ${firmId} and ${where}`);
  };
  // Expenses and flat fees are money records the app role cannot delete: the owner's function removes those in the bin on no invoice (migration 0080).
  const billablesWhere = async (where: { expenses: SQL; flatFees: SQL }) => {
    const ids = (table: string, condition: SQL) =>
      sql`array(select t.id from ${sql.raw(table)} t where t.firm_id = ${firmId} and ${condition})`;
    await run(
      sql`select recycle_bin_purge_billables(${firmId}::uuid, ${ids('expenses', where.expenses)}, ${ids('flat_fees', where.flatFees)})`,
    );
  };
  const notesWhere = async (where: SQL) => {
    const notes = sql`select t.id from progress_notes t where t.firm_id = ${firmId} and ${where}`;
    await run(sql`delete from progress_note_attachments where firm_id = ${firmId} and progress_note_id in (${notes})`);
    await run(sql`delete from progress_notes t where t.firm_id = ${firmId} and ${where}`);
  };
  const courtUpdatesWhere = async (where: SQL) => {
    const updates = sql`select t.id from court_updates t where t.firm_id = ${firmId} and ${where}`;
    await run(sql`delete from court_update_appearances where firm_id = ${firmId} and court_update_id in (${updates})`);
    await run(sql`delete from hearing_reminders where firm_id = ${firmId} and court_update_id in (${updates})`);
    await run(sql`delete from court_updates t where t.firm_id = ${firmId} and ${where}`);
  };
  const draftInvoicesWhere = async (where: SQL) => {
    const drafts = sql`select t.id from invoices t where t.firm_id = ${firmId} and t.number_value is null and t.deleted_at is not null and ${where}`;
    for (const table of ['invoice_events', 'invoice_lines', 'invoice_matters', 'invoice_links'])
      await run(sql`delete from ${sql.raw(table)} where firm_id = ${firmId} and invoice_id in (${drafts})`);
    await run(sql`delete from invoices t where t.firm_id = ${firmId} and t.number_value is null and t.deleted_at is not null and ${where}`);
  };
  const matterWhere = async (where: SQL) => {
    const matterIds = sql`select t.id from matters t where t.firm_id = ${firmId} and ${where}`;
    const ofMatters = sql`t.matter_id in (${matterIds})`;
    await run(sql`delete from time_entries t where t.firm_id = ${firmId} and ${ofMatters}`);
    await billablesWhere({ expenses: ofMatters, flatFees: ofMatters });
    await notesWhere(ofMatters);
    await courtUpdatesWhere(ofMatters);
    await run(sql`delete from portal_message_attachments where firm_id = ${firmId} and message_id in
      (select t.id from portal_messages t where t.firm_id = ${firmId} and ${ofMatters})`);
    await run(sql`delete from portal_messages t where t.firm_id = ${firmId} and ${ofMatters}`);
    await documentsWhere(ofMatters);
    await run(sql`delete from document_folders t where t.firm_id = ${firmId} and ${ofMatters}`);
    await draftInvoicesWhere(
      sql`t.id in (select im.invoice_id from invoice_matters im where im.firm_id = ${firmId} and im.matter_id in (${matterIds}))`,
    );
    // A matter's tasks and events (their assignees and attendees go with them) and any timer kept for it (its time with it).
    await run(sql`delete from tasks t where t.firm_id = ${firmId} and ${ofMatters}`);
    await run(sql`delete from calendar_events t where t.firm_id = ${firmId} and ${ofMatters}`);
    for (const table of [
      'timers',
      'work_activities',
      'matter_calls',
      'matter_assignees',
      'matter_parties',
      'matter_practice_areas',
      'matter_list_names',
      'matter_budget_alerts',
      'matter_budgets',
      'trust_matter_minimums',
    ])
      await run(sql`delete from ${sql.raw(table)} t where t.firm_id = ${firmId} and ${ofMatters}`);
    await run(sql`delete from matters t where t.firm_id = ${firmId} and ${where}`);
  };

  switch (kind) {
    case 'lead':
      await run(sql`delete from intake_uploads where firm_id = ${firmId} and lead_id = ${id}`);
      await run(sql`delete from consultation_booking_links where firm_id = ${firmId} and lead_id = ${id}`);
      await run(sql`delete from lead_events where firm_id = ${firmId} and lead_id = ${id}`);
      return run(sql`delete from leads where firm_id = ${firmId} and id = ${id} and deleted_at is not null`);
    case 'intakeForm':
      await run(sql`delete from intake_uploads where firm_id = ${firmId} and intake_form_id = ${id} and lead_id is null`);
      return run(sql`delete from intake_forms where firm_id = ${firmId} and id = ${id} and deleted_at is not null`);
    case 'contact':
      return run(sql`delete from client_contacts where firm_id = ${firmId} and id = ${id}`);
    case 'timeEntry':
      return run(sql`delete from time_entries where firm_id = ${firmId} and id = ${id}`);
    case 'flatFee':
      return billablesWhere({ expenses: sql`false`, flatFees: sql`t.id = ${id}` });
    case 'expense':
      return billablesWhere({ expenses: sql`t.id = ${id}`, flatFees: sql`false` });
    case 'progressNote':
      return notesWhere(sql`t.id = ${id}`);
    case 'courtUpdate':
      return courtUpdatesWhere(sql`t.id = ${id}`);
    case 'document':
      return documentsWhere(sql`t.id = ${id}`);
    case 'folder':
      await documentsWhere(sql`t.folder_id in (${folderTree(id)})`);
      return run(sql`delete from document_folders where firm_id = ${firmId} and id in (${folderTree(id)})`);
    case 'invoice':
      return draftInvoicesWhere(sql`t.id = ${id}`);
    case 'matter':
      return matterWhere(sql`t.id = ${id}`);
    case 'client': {
      const ofClient = sql`t.client_id = ${id}`;
      await matterWhere(ofClient);
      await billablesWhere({ expenses: ofClient, flatFees: sql`false` });
      await documentsWhere(ofClient);
      await run(sql`delete from document_folders t where t.firm_id = ${firmId} and ${ofClient}`);
      await draftInvoicesWhere(ofClient);
      const accounts = sql`select id from portal_accounts where firm_id = ${firmId} and client_id = ${id}`;
      for (const table of ['sessions', 'document_client_accesses', 'portal_calendar_feeds', 'portal_item_views'])
        await run(sql`delete from ${sql.raw(table)} where firm_id = ${firmId} and portal_account_id in (${accounts})`);
      await run(sql`delete from auth_tokens where firm_id = ${firmId} and (client_id = ${id} or portal_account_id in (${accounts}))`);
      await run(sql`delete from portal_messages where firm_id = ${firmId} and sender_portal_account_id in (${accounts})`);
      await run(sql`delete from portal_accounts where firm_id = ${firmId} and client_id = ${id}`);
      await run(sql`delete from client_contacts where firm_id = ${firmId} and client_id = ${id}`);
      return run(sql`delete from clients where firm_id = ${firmId} and id = ${id}`);
    }
  }
}
