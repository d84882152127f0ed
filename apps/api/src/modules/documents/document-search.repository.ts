import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { binnedFoldersSql, folderPathSql } from './document-tree.repository.ts';
import type { ListItemRow } from './document-rows.ts';
import { findListItems } from './documents.repository.ts';

/** Marks ts_headline puts around matches: control characters, which extracted text never keeps. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Live documents whose name, tags or description contain the words (search_name, trigram-indexed)
 * or whose text matches them (search_vector, GIN-indexed); a page of them, then for that page only
 * the folder path and, when the text matched, a headline of where.
 */
export async function searchDocuments(
  tx: Tx,
  firmId: string,
  query: { text: string; clientId?: string; matterId?: string; limit: number; offset: number },
) {
  const words = sql`websearch_to_tsquery('simple', ${query.text})`;
  const filters: SQL[] = [
    sql`d.deleted_at is null`,
    sql`(d.search_name like ${likePattern(query.text)} or d.search_vector @@ ${words})`,
    sql`d.folder_id not in ${binnedFoldersSql(firmId)}`,
  ];
  if (query.clientId) filters.push(sql`d.client_id = ${query.clientId}`);
  if (query.matterId) filters.push(sql`d.matter_id = ${query.matterId}`);
  const rows = await findListItems(
    tx,
    firmId,
    sql.join(filters, sql` and `),
    sql`(d.search_name like ${likePattern(query.text)}) desc, d.updated_at desc, d.id`,
    query.limit,
    query.offset,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const extras = await rowsOf<{ id: string; folder_path: string; headline: string | null }>(
    tx.execute(sql`select d.id, ${folderPathSql(sql`d.firm_id`, sql`d.folder_id`)} as folder_path,
        case when d.content_text is not null and to_tsvector('simple', left(d.content_text, 250000)) @@ ${words}
          then ts_headline('simple', left(d.content_text, 250000), ${words},
            ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})
        end as headline
      from documents d where d.firm_id = ${firmId} and d.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  const byId = new Map(extras.map((extra) => [extra.id, extra]));
  return rows.map((row: ListItemRow & { total: number }) => ({
    row,
    folderPath: byId.get(row.id)?.folder_path ?? '',
    headline: byId.get(row.id)?.headline ?? null,
  }));
}

export type RecycleBinRow = {
  item_type: 'document' | 'folder';
  id: string;
  name: string;
  folder_path: string | null;
  deleted_at: Date | string;
  deleted_by_name: string | null;
  total: number;
};

/** Deleted documents and folders themselves (not what is inside a deleted folder), newest first. */
export function findRecycleBin(tx: Tx, firmId: string, limit: number, offset: number) {
  return rowsOf<RecycleBinRow>(
    tx.execute(sql`select item_type, id, name, folder_path, deleted_at, deleted_by_name, count(*) over ()::int as total from (
        select 'document' as item_type, d.id, d.name, ${folderPathSql(sql`d.firm_id`, sql`d.folder_id`)} as folder_path, d.deleted_at,
          (select name from users where id = d.deleted_by_user_id) as deleted_by_name
        from documents d where d.firm_id = ${firmId} and d.deleted_at is not null
        union all
        select 'folder', f.id, f.name, coalesce(${folderPathSql(sql`f.firm_id`, sql`f.parent_folder_id`)}, ''), f.deleted_at,
          (select name from users where id = f.deleted_by_user_id)
        from document_folders f where f.firm_id = ${firmId} and f.deleted_at is not null
      ) bin order by deleted_at desc, id limit ${limit} offset ${offset}`),
  );
}
