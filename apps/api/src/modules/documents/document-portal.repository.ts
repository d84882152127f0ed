import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { binnedFoldersSql, folderPathSql, folderSharedSql } from './document-tree.repository.ts';

/**
 * What a client sees: their live documents shared with them (on their own or through a shared
 * folder above them), and the files they uploaded themselves; each at its newest version the
 * scanner has passed (a document with none yet is not listed).
 */
const visibleTo = (firmId: string, clientId: string) => sql`d.firm_id = ${firmId} and d.client_id = ${clientId} and d.deleted_at is null
  and d.folder_id not in ${binnedFoldersSql(firmId)}
  and (d.is_shared_with_client or ${folderSharedSql(sql`d.firm_id`, sql`d.folder_id`)}
    or exists (select 1 from document_versions o where o.firm_id = d.firm_id and o.document_id = d.id and o.version_number = 1
      and o.uploaded_by_portal_account_id is not null))
  and (d.matter_id is null or exists (select 1 from matters m where m.id = d.matter_id and m.deleted_at is null))`;

const latestAvailable = sql`lateral (select v.version_number, v.content_type, v.size_bytes, v.storage_key, v.file_name,
    (select uploaded_by_portal_account_id is not null from document_versions f where f.firm_id = d.firm_id and f.document_id = d.id
      and f.version_number = 1) as is_uploaded_by_client
  from document_versions v where v.firm_id = d.firm_id and v.document_id = d.id and v.scan_status = 'available'
  order by v.version_number desc limit 1) v`;

export type PortalDocumentRow = {
  id: string;
  name: string;
  matter_id: string | null;
  matter_name: string | null;
  folder_path: string;
  content_type: string;
  size_bytes: number | string;
  version_number: number;
  shared_at: Date | string | null;
  created_at: Date | string;
  is_uploaded_by_client: boolean;
  total: number;
};

export function findPortalDocuments(tx: Tx, firmId: string, clientId: string, limit: number, offset: number) {
  return rowsOf<PortalDocumentRow>(
    tx.execute(sql`select d.id, d.name, d.matter_id, (select matter_name from matters where id = d.matter_id) as matter_name,
        ${folderPathSql(sql`d.firm_id`, sql`d.folder_id`)} as folder_path, v.content_type, v.size_bytes, v.version_number,
        d.shared_at, d.created_at, v.is_uploaded_by_client, count(*) over ()::int as total
      from documents d cross join ${latestAvailable}
      where ${visibleTo(firmId, clientId)} order by coalesce(d.shared_at, d.created_at) desc, d.id limit ${limit} offset ${offset}`),
  );
}

export async function findPortalVersion(tx: Tx, firmId: string, clientId: string, documentId: string) {
  const [row] = await rowsOf<{
    version_number: number;
    content_type: string;
    size_bytes: number | string;
    storage_key: string;
    file_name: string;
  }>(
    tx.execute(sql`select v.version_number, v.content_type, v.size_bytes, v.storage_key, v.file_name
      from documents d cross join ${latestAvailable} where d.id = ${documentId} and ${visibleTo(firmId, clientId)}`),
  );
  return row ?? null;
}

/** The firm owner stands as the document's creator: a portal upload has no member behind it (the version names the client's account). */
export async function findFirmOwnerId(tx: Tx, firmId: string) {
  const [row] = await rowsOf<{ owner_user_id: string }>(tx.execute(sql`select owner_user_id from firms where id = ${firmId}`));
  return row!.owner_user_id;
}
