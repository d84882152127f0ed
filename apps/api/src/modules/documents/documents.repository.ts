import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { cappedTotal, type CappedTotal } from '../../lib/capped-total.ts';
import { folderDeletedSql, folderSharedSql } from './document-tree.repository.ts';
import type { ListItemRow } from './document-rows.ts';

const listItemColumns = sql`d.id, d.folder_id, d.client_id, d.matter_id, d.name, d.category, d.description, d.tags,
  d.current_version_number, v.content_type, v.size_bytes, v.sha256, v.scan_status, v.text_status,
  d.is_shared_with_client, d.shared_at, d.has_conflict, d.created_at, d.updated_at, d.deleted_at,
  creator.name as created_by_name, d.checked_out_by_user_id, holder.name as checkout_user_name,
  d.checked_out_at, d.checkout_expires_at, d.checkout_base_version, (d.checkout_expires_at <= now()) as checkout_is_expired,
  ${folderSharedSql(sql`d.firm_id`, sql`d.folder_id`)} as shared_through_folder`;

const listItemJoins = sql`join document_versions v on v.firm_id = d.firm_id and v.document_id = d.id and v.version_number = d.current_version_number
  join users creator on creator.id = d.created_by_user_id
  left join users holder on holder.id = d.checked_out_by_user_id`;
const listItemFrom = sql`documents d ${listItemJoins}`;

/**
 * Documents as a search shows them, filtered by `where` (on alias d), ordered and paged, with the
 * count of all matches: a search sorts every match anyway, so the count comes with it. The
 * version and the costlier facts (names, sharing through folders) are read for the page's rows only.
 */
export function findListItems(tx: Tx, firmId: string, where: SQL, order: SQL, limit: number, offset: number) {
  return rowsOf<ListItemRow & { total: number }>(
    tx.execute(sql`select ${listItemColumns}, p.total from (
        select d.id, count(*) over ()::int as total, row_number() over (order by ${order}) as position
        from documents d
        where d.firm_id = ${firmId} and ${where} order by position limit ${limit} offset ${offset}
      ) p join documents d on d.id = p.id and d.firm_id = ${firmId} ${listItemJoins}
      order by p.position`),
  );
}

const SORTS = { name: sql`lower(d.name)`, updatedAt: sql`d.updated_at`, createdAt: sql`d.created_at`, sizeBytes: sql`v.size_bytes` };

const withCurrentVersion = sql`documents d
  join document_versions v on v.firm_id = d.firm_id and v.document_id = d.id and v.version_number = d.current_version_number`;

/**
 * A page of a folder's live documents, narrowed by name, category and scan status, with the
 * folder's count. Unlike a search, the page is walked in its sort's index and stops at the page
 * (a folder of 10,000 pages in under a millisecond); the count is its own index-only statement,
 * capped as the other lists' are (1,000+) and skipped when the page shows it is the last. The
 * current version is joined only when the sort or a filter reads it.
 */
export async function findFolderDocuments(
  tx: Tx,
  firmId: string,
  folderId: string,
  query: {
    nameContains?: string;
    category?: string;
    scanStatus?: string;
    sortColumn: keyof typeof SORTS;
    isDescending: boolean;
    page: number;
    size: number;
  },
): Promise<{ rows: ListItemRow[] } & CappedTotal> {
  const filters = [sql`d.firm_id = ${firmId}`, sql`d.deleted_at is null`, sql`d.folder_id = ${folderId}`];
  if (query.nameContains) filters.push(sql`d.name ilike ${`%${query.nameContains.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (query.category) filters.push(sql`lower(d.category) = lower(${query.category})`);
  if (query.scanStatus) filters.push(sql`v.scan_status = ${query.scanStatus}`);
  const where = sql.join(filters, sql` and `);
  const from = query.scanStatus || query.sortColumn === 'sizeBytes' ? withCurrentVersion : sql`documents d`;
  const order = sql`${SORTS[query.sortColumn]} ${query.isDescending ? sql`desc` : sql`asc`}, d.id`;
  const rows = await rowsOf<ListItemRow>(
    tx.execute(sql`select ${listItemColumns} from (
        select d.id from ${from} where ${where} order by ${order} limit ${query.size} offset ${(query.page - 1) * query.size}
      ) p join documents d on d.id = p.id and d.firm_id = ${firmId} ${listItemJoins}
      order by ${order}`),
  );
  const total = await cappedTotal({ page: query.page, size: query.size, rowCount: rows.length }, async (limit) => {
    const [counted] = await rowsOf<{ total: number }>(
      tx.execute(sql`select count(*)::int as total from (select 1 from ${from} where ${where} limit ${limit}) matching`),
    );
    return counted!.total;
  });
  return { rows, ...total };
}

export async function findListItem(tx: Tx, firmId: string, documentId: string) {
  const [row] = await rowsOf<ListItemRow>(
    tx.execute(sql`select ${listItemColumns} from ${listItemFrom} where d.firm_id = ${firmId} and d.id = ${documentId}`),
  );
  return row ?? null;
}

export type DocumentRow = {
  id: string;
  folderId: string;
  clientId: string | null;
  matterId: string | null;
  name: string;
  currentVersionNumber: number;
  checkedOutByUserId: string | null;
  checkoutExpiresAt: Date | string | null;
  checkoutIsExpired: boolean | null;
  checkoutUserName: string | null;
  isSharedWithClient: boolean;
  deletedAt: Date | string | null;
  /** Deleted, or in a folder that is (or is inside one) in the recycle bin. */
  isInRecycleBin: boolean;
};

/** The document's row locked for a change (FOR UPDATE), with what the rules need. */
export async function lockDocument(tx: Tx, firmId: string, documentId: string, lock = true): Promise<DocumentRow | null> {
  const [row] = await rowsOf<DocumentRow>(
    tx.execute(sql`select d.id, d.folder_id as "folderId", d.client_id as "clientId", d.matter_id as "matterId", d.name,
        d.current_version_number as "currentVersionNumber", d.checked_out_by_user_id as "checkedOutByUserId",
        d.checkout_expires_at as "checkoutExpiresAt", (d.checkout_expires_at <= now()) as "checkoutIsExpired",
        (select name from users where id = d.checked_out_by_user_id) as "checkoutUserName",
        d.is_shared_with_client as "isSharedWithClient", d.deleted_at as "deletedAt",
        (d.deleted_at is not null or ${folderDeletedSql(sql`d.firm_id`, sql`d.folder_id`)}) as "isInRecycleBin"
      from documents d where d.firm_id = ${firmId} and d.id = ${documentId} ${lock ? sql`for update of d` : sql``}`),
  );
  return row ?? null;
}

/** A live document of that name (any case) in the folder, other than `exceptId`. */
export async function isNameTaken(tx: Tx, firmId: string, folderId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await rowsOf(
    tx.execute(sql`select 1 from documents where firm_id = ${firmId} and folder_id = ${folderId} and deleted_at is null
      and lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`),
  );
  return rows.length > 0;
}

export type NewDocument = {
  folderId: string;
  clientId: string | null;
  matterId: string | null;
  name: string;
  category: string | null;
  description: string | null;
  tags: string[];
  searchName: string;
  createdByUserId: string;
};

export async function insertDocument(tx: Tx, firmId: string, document: NewDocument): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into documents (firm_id, folder_id, client_id, matter_id, name, category, description, tags, search_name, created_by_user_id)
      values (${firmId}, ${document.folderId}, ${document.clientId}, ${document.matterId}, ${document.name}, ${document.category},
        ${document.description}, ${`{${document.tags.map((tag) => JSON.stringify(tag)).join(',')}}`}::text[], ${document.searchName},
        ${document.createdByUserId}) returning id`),
  );
  return row!.id;
}

export function updateDocumentDetails(
  tx: Tx,
  firmId: string,
  documentId: string,
  details: { name: string; category: string | null; description: string | null; tags: string[]; searchName: string },
) {
  return tx.execute(sql`update documents set name = ${details.name}, category = ${details.category}, description = ${details.description},
      tags = ${`{${details.tags.map((tag) => JSON.stringify(tag)).join(',')}}`}::text[], search_name = ${details.searchName}, updated_at = now()
    where firm_id = ${firmId} and id = ${documentId}`);
}

/** A new version became the newest: its text is not extracted yet, so search forgets the old text. */
export function setCurrentVersion(tx: Tx, firmId: string, documentId: string, versionNumber: number, contentText: string | null = null) {
  return tx.execute(sql`update documents set current_version_number = ${versionNumber}, content_text = ${contentText}, updated_at = now()
    where firm_id = ${firmId} and id = ${documentId}`);
}

export function setDocumentDeleted(tx: Tx, firmId: string, documentId: string, userId: string | null) {
  return tx.execute(sql`update documents set deleted_at = ${userId ? sql`now()` : sql`null`}, deleted_by_user_id = ${userId}, updated_at = now()
    where firm_id = ${firmId} and id = ${documentId}`);
}

export function setDocumentShared(tx: Tx, firmId: string, documentId: string, userId: string | null) {
  return tx.execute(sql`update documents set is_shared_with_client = ${userId !== null},
      shared_at = ${userId ? sql`now()` : sql`null`}, shared_by_user_id = ${userId}
    where firm_id = ${firmId} and id = ${documentId}`);
}

export function setCheckout(
  tx: Tx,
  firmId: string,
  documentId: string,
  checkout: { userId: string; hours: number; baseVersion: number } | null,
) {
  return checkout
    ? tx.execute(sql`update documents set checked_out_by_user_id = ${checkout.userId}, checked_out_at = now(),
          checkout_expires_at = now() + make_interval(hours => ${checkout.hours}), checkout_base_version = ${checkout.baseVersion}
        where firm_id = ${firmId} and id = ${documentId}`)
    : tx.execute(sql`update documents set checked_out_by_user_id = null, checked_out_at = null, checkout_expires_at = null,
          checkout_base_version = null where firm_id = ${firmId} and id = ${documentId}`);
}

export function setHasConflict(tx: Tx, firmId: string, documentId: string) {
  return tx.execute(sql`update documents set has_conflict = exists (select 1 from document_versions
      where firm_id = ${firmId} and document_id = ${documentId} and is_conflict and conflict_resolved_at is null)
    where firm_id = ${firmId} and id = ${documentId}`);
}

/** Moves a document; a move to another client's folder ends its sharing with the old client. */
export function moveDocument(
  tx: Tx,
  firmId: string,
  documentId: string,
  to: { folderId: string; clientId: string | null; matterId: string | null },
) {
  return tx.execute(sql`update documents set folder_id = ${to.folderId}, matter_id = ${to.matterId}, updated_at = now(),
      is_shared_with_client = is_shared_with_client and client_id is not distinct from ${to.clientId},
      shared_at = case when client_id is not distinct from ${to.clientId} then shared_at end,
      shared_by_user_id = case when client_id is not distinct from ${to.clientId} then shared_by_user_id end,
      client_id = ${to.clientId}
    where firm_id = ${firmId} and id = ${documentId}`);
}

/** "Letter.docx", or "Letter (2).docx", "Letter (3).docx"… : the first name free in the folder. */
export async function freeNameIn(tx: Tx, firmId: string, folderId: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let copy = 1; ; copy++) {
    const candidate = copy === 1 ? name : `${stem} (${copy})${extension}`;
    if (!(await isNameTaken(tx, firmId, folderId, candidate))) return candidate;
  }
}

export type ZipEntryRow = {
  path: string;
  storage_key: string;
  size_bytes: number | string;
  content_type: string;
  /** The version's own file name, which ends in its content's type (downloadNameOf). */
  file_name: string;
  /** When the version was uploaded: the file's date in the zip. */
  uploaded_at: Date | string;
};

/**
 * The live documents beneath a folder at their current version, when the scanner has passed it,
 * each with its path inside the folder ("Pleadings/Claim.pdf"). Deleted subfolders are left out.
 */
export function findZipEntries(tx: Tx, firmId: string, folderId: string) {
  return rowsOf<ZipEntryRow>(
    tx.execute(sql`with recursive down (id, path) as (
        select ${folderId}::uuid, ''::text
        union all
        select f.id, down.path || f.name || '/' from document_folders f join down on f.parent_folder_id = down.id
          where f.firm_id = ${firmId} and f.deleted_at is null)
      select down.path || d.name as path, v.storage_key, v.size_bytes, v.content_type, v.file_name, v.created_at as uploaded_at from down
        join documents d on d.firm_id = ${firmId} and d.folder_id = down.id and d.deleted_at is null
        join document_versions v on v.firm_id = d.firm_id and v.document_id = d.id and v.version_number = d.current_version_number
          and v.scan_status = 'available'
      order by path`),
  );
}
