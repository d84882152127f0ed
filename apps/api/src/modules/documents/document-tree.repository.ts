import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL about a folder's place in the tree. A folder's sharing and its recycle-bin state cover
 * everything beneath it, computed by walking up from the item (never copied down), so what is
 * added to a shared folder later is shared, and what is in a deleted folder is hidden with it.
 */
function ancestorsHave(firmId: SQL, folderId: SQL, condition: SQL): SQL {
  return sql`exists (
    with recursive up (id, parent_folder_id, is_shared_with_client, deleted_at) as (
      select f.id, f.parent_folder_id, f.is_shared_with_client, f.deleted_at from document_folders f
        where f.firm_id = ${firmId} and f.id = ${folderId}
      union all
      select p.id, p.parent_folder_id, p.is_shared_with_client, p.deleted_at from document_folders p
        join up on p.id = up.parent_folder_id where p.firm_id = ${firmId}
    ) select 1 from up where ${condition})`;
}

/** The folder (or one above it) is shared with the client. */
export const folderSharedSql = (firmId: SQL, folderId: SQL) => ancestorsHave(firmId, folderId, sql`up.is_shared_with_client`);
/** The folder (or one above it) is in the recycle bin. */
export const folderDeletedSql = (firmId: SQL, folderId: SQL) => ancestorsHave(firmId, folderId, sql`up.deleted_at is not null`);

/** "Client › Matter › Folder": the names from the top down to the folder. */
export const folderPathSql = (firmId: SQL, folderId: SQL) => sql`(
  with recursive up (id, parent_folder_id, name, depth) as (
    select f.id, f.parent_folder_id, f.name, 0 from document_folders f where f.firm_id = ${firmId} and f.id = ${folderId}
    union all
    select p.id, p.parent_folder_id, p.name, up.depth + 1 from document_folders p
      join up on p.id = up.parent_folder_id where p.firm_id = ${firmId}
  ) select string_agg(name, ' › ' order by depth desc) from up)`;

/**
 * The folders in the recycle bin and everything beneath them, as one set: few in any firm, so a
 * filter over many documents checks membership (a hashed subplan) instead of walking up per row.
 */
export const binnedFoldersSql = (firmId: string) => sql`(
  with recursive binned (id) as (
    select f.id from document_folders f where f.firm_id = ${firmId} and f.deleted_at is not null
    union
    select f.id from document_folders f join binned on f.parent_folder_id = binned.id where f.firm_id = ${firmId}
  ) select id from binned)`;
