import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL about a folder's place in the tree. A folder's sharing and its recycle-bin state cover
 * everything beneath it, computed by walking up from the item (never copied down), so what is
 * added to a shared folder later is shared, and what is in a deleted folder is hidden with it.
 *
 * The walks name their tables tree_start and tree_parent: the caller's firmId and folderId are
 * columns of its own query (`f.id`), which a walk's own `f` would silently capture.
 */
function ancestorsHave(firmId: SQL, folderId: SQL, condition: SQL): SQL {
  return sql`exists (
    with recursive up (id, parent_folder_id, is_shared_with_client, deleted_at) as (
      select tree_start.id, tree_start.parent_folder_id, tree_start.is_shared_with_client, tree_start.deleted_at
        from document_folders tree_start where tree_start.firm_id = ${firmId} and tree_start.id = ${folderId}
      union all
      select tree_parent.id, tree_parent.parent_folder_id, tree_parent.is_shared_with_client, tree_parent.deleted_at
        from document_folders tree_parent join up on tree_parent.id = up.parent_folder_id where tree_parent.firm_id = ${firmId}
    ) select 1 from up where ${condition})`;
}

/** The folder (or one above it) is shared with the client. */
export const folderSharedSql = (firmId: SQL, folderId: SQL) => ancestorsHave(firmId, folderId, sql`up.is_shared_with_client`);
/** The folder (or one above it) is in the recycle bin. */
export const folderDeletedSql = (firmId: SQL, folderId: SQL) => ancestorsHave(firmId, folderId, sql`up.deleted_at is not null`);

/** "Client › Matter › Folder": the names from the top down to the folder. */
export const folderPathSql = (firmId: SQL, folderId: SQL) => sql`(
  with recursive up (id, parent_folder_id, name, depth) as (
    select tree_start.id, tree_start.parent_folder_id, tree_start.name, 0
      from document_folders tree_start where tree_start.firm_id = ${firmId} and tree_start.id = ${folderId}
    union all
    select tree_parent.id, tree_parent.parent_folder_id, tree_parent.name, up.depth + 1
      from document_folders tree_parent join up on tree_parent.id = up.parent_folder_id where tree_parent.firm_id = ${firmId}
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
