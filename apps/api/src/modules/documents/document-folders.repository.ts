import { sql } from 'drizzle-orm';
import type { ClientFolder, DocumentFolder } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { isoOrNull, iso } from './document-rows.ts';
import { folderDeletedSql } from './document-tree.repository.ts';

type FolderRow = {
  id: string;
  name: string;
  kind: DocumentFolder['kind'];
  parent_folder_id: string | null;
  client_id: string | null;
  matter_id: string | null;
  is_shared_with_client: boolean;
  shared_at: Date | string | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
  in_recycle_bin: boolean;
};

export type FolderRecord = DocumentFolder & { isInRecycleBin: boolean };

const folderOf = (row: FolderRow): FolderRecord => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  parentFolderId: row.parent_folder_id,
  clientId: row.client_id,
  matterId: row.matter_id,
  isSharedWithClient: row.is_shared_with_client,
  sharedAt: isoOrNull(row.shared_at),
  createdAt: iso(row.created_at),
  deletedAt: isoOrNull(row.deleted_at),
  isInRecycleBin: row.in_recycle_bin,
});

// A client's or matter's folder goes with its client or matter: a deleted one's folders are not found.
const columns = sql`f.id, f.name, f.kind, f.parent_folder_id, f.client_id, f.matter_id, f.is_shared_with_client, f.shared_at,
  f.created_at, f.deleted_at, ${folderDeletedSql(sql`f.firm_id`, sql`f.id`)} as in_recycle_bin`;
const liveOwners = sql`(f.client_id is null or exists (select 1 from clients c where c.id = f.client_id and c.deleted_at is null))
  and (f.matter_id is null or exists (select 1 from matters m where m.id = f.matter_id and m.deleted_at is null and m.client_deleted_at is null))`;

export async function findFolder(tx: Tx, firmId: string, folderId: string, lock = false): Promise<FolderRecord | null> {
  const [row] = await rowsOf<FolderRow>(
    tx.execute(sql`select ${columns} from document_folders f where f.firm_id = ${firmId} and f.id = ${folderId} and ${liveOwners}
      ${lock ? sql`for update of f` : sql``}`),
  );
  return row ? folderOf(row) : null;
}

export async function findOwnerFolderId(tx: Tx, firmId: string, owner: { clientId?: string; matterId?: string }) {
  const where = owner.matterId
    ? sql`f.kind = 'matter' and f.matter_id = ${owner.matterId}`
    : sql`f.kind = 'client' and f.client_id = ${owner.clientId!}`;
  const [row] = await rowsOf<{ id: string }>(tx.execute(sql`select f.id from document_folders f where f.firm_id = ${firmId} and ${where}`));
  return row?.id ?? null;
}

/** Every live client's folder, by name: archived clients' too, since their papers are kept. */
export async function findClientFolders(tx: Tx, firmId: string): Promise<ClientFolder[]> {
  const rows = await rowsOf<{
    folder_id: string;
    client_id: string;
    name: string;
    client_type: ClientFolder['clientType'];
    status: string;
  }>(
    tx.execute(sql`select f.id as folder_id, c.id as client_id, c.display_name as name, c.client_type, c.status
      from document_folders f join clients c on c.firm_id = f.firm_id and c.id = f.client_id
      where f.firm_id = ${firmId} and f.kind = 'client' and c.deleted_at is null
      order by lower(c.display_name), c.id`),
  );
  return rows.map((row) => ({
    folderId: row.folder_id,
    clientId: row.client_id,
    name: row.name,
    clientType: row.client_type,
    isArchived: row.status === 'archived',
  }));
}

export async function findFromClientFolderId(tx: Tx, firmId: string, matterId: string, clientId: string) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`select f.id from document_folders f where f.firm_id = ${firmId} and f.kind = 'from-client'
      and f.matter_id = ${matterId} and f.client_id = ${clientId} and ${liveOwners}`),
  );
  return row?.id ?? null;
}

/** Live subfolders of a folder, or the top level's (firm-wide folders and Templates) for null. */
export async function findSubfolders(tx: Tx, firmId: string, parentId: string | null): Promise<FolderRecord[]> {
  const where =
    parentId === null ? sql`f.parent_folder_id is null and f.kind in ('firm', 'templates')` : sql`f.parent_folder_id = ${parentId}`;
  const rows = await rowsOf<FolderRow>(
    tx.execute(sql`select ${columns} from document_folders f where f.firm_id = ${firmId} and ${where} and f.deleted_at is null
      and ${liveOwners} order by f.kind = 'from-client' desc, lower(f.name)`),
  );
  return rows.map(folderOf);
}

/** From the top down to the folder (itself included). */
export function findFolderPath(tx: Tx, firmId: string, folderId: string) {
  return rowsOf<{ id: string; name: string; kind: DocumentFolder['kind'] }>(
    tx.execute(sql`with recursive up (id, parent_folder_id, name, kind, depth) as (
        select f.id, f.parent_folder_id, f.name, f.kind, 0 from document_folders f where f.firm_id = ${firmId} and f.id = ${folderId}
        union all
        select p.id, p.parent_folder_id, p.name, p.kind, up.depth + 1 from document_folders p
          join up on p.id = up.parent_folder_id where p.firm_id = ${firmId})
      select id, name, kind from up order by depth desc`),
  );
}

export async function insertFolder(
  tx: Tx,
  firmId: string,
  folder: {
    parentFolderId: string | null;
    kind: 'firm' | 'folder';
    name: string;
    clientId: string | null;
    matterId: string | null;
    userId: string;
  },
) {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into document_folders (firm_id, parent_folder_id, kind, name, client_id, matter_id, created_by_user_id)
      values (${firmId}, ${folder.parentFolderId}, ${folder.kind}, ${folder.name}, ${folder.clientId}, ${folder.matterId}, ${folder.userId})
      returning id`),
  );
  return row!.id;
}

export function renameFolder(tx: Tx, firmId: string, folderId: string, name: string) {
  return tx.execute(sql`update document_folders set name = ${name}, updated_at = now() where firm_id = ${firmId} and id = ${folderId}`);
}

export function setFolderDeleted(tx: Tx, firmId: string, folderId: string, userId: string | null) {
  return tx.execute(sql`update document_folders set deleted_at = ${userId ? sql`now()` : sql`null`}, deleted_by_user_id = ${userId},
      updated_at = now() where firm_id = ${firmId} and id = ${folderId}`);
}

export function setFolderShared(tx: Tx, firmId: string, folderId: string, userId: string | null) {
  return tx.execute(sql`update document_folders set is_shared_with_client = ${userId !== null},
      shared_at = ${userId ? sql`now()` : sql`null`}, shared_by_user_id = ${userId} where firm_id = ${firmId} and id = ${folderId}`);
}

/** The folder is `ancestorId` or beneath it. */
export async function isWithin(tx: Tx, firmId: string, folderId: string, ancestorId: string): Promise<boolean> {
  const path = await findFolderPath(tx, firmId, folderId);
  return path.some((step) => step.id === ancestorId);
}

/**
 * Moves a free folder, re-deriving the client and matter of it and of everything beneath it from
 * the destination; what changes client stops being shared (it was shared with the old client).
 */
export async function moveFolder(
  tx: Tx,
  firmId: string,
  folderId: string,
  to: { parentFolderId: string; clientId: string | null; matterId: string | null },
) {
  await tx.execute(sql`update document_folders set parent_folder_id = ${to.parentFolderId}, kind = 'folder', updated_at = now()
    where firm_id = ${firmId} and id = ${folderId}`);
  const subtree = sql`(with recursive down (id) as (
      select ${folderId}::uuid union all
      select f.id from document_folders f join down on f.parent_folder_id = down.id where f.firm_id = ${firmId}) select id from down)`;
  const keepShare = sql`client_id is not distinct from ${to.clientId}`;
  await tx.execute(sql`update document_folders set matter_id = ${to.matterId},
      is_shared_with_client = is_shared_with_client and ${keepShare}, shared_at = case when ${keepShare} then shared_at end,
      shared_by_user_id = case when ${keepShare} then shared_by_user_id end, client_id = ${to.clientId}
    where firm_id = ${firmId} and id in ${subtree}`);
  await tx.execute(sql`update documents set matter_id = ${to.matterId},
      is_shared_with_client = is_shared_with_client and ${keepShare}, shared_at = case when ${keepShare} then shared_at end,
      shared_by_user_id = case when ${keepShare} then shared_by_user_id end, client_id = ${to.clientId}
    where firm_id = ${firmId} and folder_id in ${subtree}`);
}

export async function isFolderNameTaken(tx: Tx, firmId: string, parentId: string | null, name: string, exceptId?: string) {
  const rows = await rowsOf(
    tx.execute(sql`select 1 from document_folders where firm_id = ${firmId} and deleted_at is null
      and kind in ('firm', 'templates', 'folder') and lower(name) = lower(${name})
      and ${parentId ? sql`parent_folder_id = ${parentId}` : sql`parent_folder_id is null`}
      ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`),
  );
  return rows.length > 0;
}
