import { sql } from 'drizzle-orm';
import type { DocumentVersion } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { iso, isoOrNull } from './document-rows.ts';

export type NewVersion = {
  documentId: string;
  versionNumber: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedByUserId: string | null;
  uploadedByPortalAccountId?: string | null;
  note?: string | null;
  scanStatus: 'scanning' | 'available';
  textStatus?: DocumentVersion['textStatus'];
  extractedText?: string | null;
  basedOnVersion?: number | null;
  restoredFromVersion?: number | null;
  isConflict?: boolean;
  templateDocumentId?: string | null;
  templateVersion?: number | null;
  mergeValues?: Record<string, string> | null;
};

export async function insertVersion(tx: Tx, firmId: string, version: NewVersion): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx.execute(sql`insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type, size_bytes,
        sha256, uploaded_by_user_id, uploaded_by_portal_account_id, note, scan_status, scanned_at, text_status, extracted_text,
        extracted_at, based_on_version, restored_from_version, is_conflict, template_document_id, template_version, merge_values)
      values (${firmId}, ${version.documentId}, ${version.versionNumber}, ${version.storageKey}, ${version.fileName}, ${version.contentType},
        ${version.sizeBytes}, ${version.sha256}, ${version.uploadedByUserId}, ${version.uploadedByPortalAccountId ?? null},
        ${version.note ?? null}, ${version.scanStatus}, ${version.scanStatus === 'available' ? sql`now()` : sql`null`},
        ${version.textStatus ?? 'pending'}, ${version.extractedText ?? null},
        ${version.extractedText != null ? sql`now()` : sql`null`}, ${version.basedOnVersion ?? null},
        ${version.restoredFromVersion ?? null}, ${version.isConflict ?? false}, ${version.templateDocumentId ?? null},
        ${version.templateVersion ?? null}, ${version.mergeValues ? JSON.stringify(version.mergeValues) : null}::jsonb)
      returning id`),
  );
  return row!.id;
}

export type StoredVersion = {
  id: string;
  versionNumber: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  scanStatus: DocumentVersion['scanStatus'];
  textStatus: DocumentVersion['textStatus'];
  extractedText: string | null;
  isConflict: boolean;
};

export async function findVersion(tx: Tx, firmId: string, documentId: string, versionNumber: number): Promise<StoredVersion | null> {
  const [row] = await rowsOf<StoredVersion>(
    tx.execute(sql`select id, version_number as "versionNumber", storage_key as "storageKey", file_name as "fileName",
        content_type as "contentType", size_bytes::float8 as "sizeBytes", sha256, scan_status as "scanStatus",
        text_status as "textStatus", extracted_text as "extractedText", is_conflict as "isConflict"
      from document_versions where firm_id = ${firmId} and document_id = ${documentId} and version_number = ${versionNumber}`),
  );
  return row ?? null;
}

export function resolveConflictVersion(tx: Tx, firmId: string, documentId: string, versionNumber: number, userId: string) {
  return tx.execute(sql`update document_versions set conflict_resolved_at = now(), conflict_resolved_by_user_id = ${userId}
    where firm_id = ${firmId} and document_id = ${documentId} and version_number = ${versionNumber} and is_conflict
      and conflict_resolved_at is null`);
}

type VersionRow = {
  version_number: number;
  file_name: string;
  content_type: string;
  size_bytes: number | string;
  sha256: string;
  created_at: Date | string;
  uploaded_by_name: string | null;
  is_uploaded_by_client: boolean;
  note: string | null;
  scan_status: DocumentVersion['scanStatus'];
  text_status: DocumentVersion['textStatus'];
  based_on_version: number | null;
  restored_from_version: number | null;
  is_conflict: boolean;
  conflict_resolved_at: Date | string | null;
  template_document_id: string | null;
  template_version: number | null;
  merge_values: Record<string, string> | null;
};

/** Every version, newest first, with who uploaded it (a member, or the client through the portal). */
export async function findVersions(tx: Tx, firmId: string, documentId: string): Promise<DocumentVersion[]> {
  const rows = await rowsOf<VersionRow>(
    tx.execute(sql`select v.version_number, v.file_name, v.content_type, v.size_bytes, v.sha256, v.created_at, v.note, v.scan_status,
        v.text_status, v.based_on_version, v.restored_from_version, v.is_conflict, v.conflict_resolved_at, v.template_document_id,
        v.template_version, v.merge_values, coalesce(u.name, c.display_name) as uploaded_by_name,
        (v.uploaded_by_portal_account_id is not null) as is_uploaded_by_client
      from document_versions v
        left join users u on u.id = v.uploaded_by_user_id
        left join portal_accounts p on p.id = v.uploaded_by_portal_account_id
        left join clients c on c.id = p.client_id
      where v.firm_id = ${firmId} and v.document_id = ${documentId} order by v.version_number desc`),
  );
  return rows.map((row) => ({
    versionNumber: row.version_number,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    uploadedAt: iso(row.created_at),
    uploadedByName: row.uploaded_by_name ?? '',
    isUploadedByClient: row.is_uploaded_by_client,
    note: row.note,
    scanStatus: row.scan_status,
    textStatus: row.text_status,
    basedOnVersion: row.based_on_version,
    restoredFromVersion: row.restored_from_version,
    isConflict: row.is_conflict,
    conflictResolvedAt: isoOrNull(row.conflict_resolved_at),
    templateDocumentId: row.template_document_id,
    templateVersion: row.template_version,
    mergeValues: row.merge_values,
  }));
}

export async function findClientAccesses(tx: Tx, firmId: string, documentId: string) {
  const rows = await rowsOf<{ action: 'viewed' | 'downloaded'; version_number: number; at: Date | string; name: string; email: string }>(
    tx.execute(sql`select a.action, a.version_number, a.at, coalesce(p.contact_name, c.display_name) as name, p.email
      from document_client_accesses a
        join portal_accounts p on p.id = a.portal_account_id
        join clients c on c.id = p.client_id
      where a.firm_id = ${firmId} and a.document_id = ${documentId} order by a.at desc limit 200`),
  );
  return rows.map((row) => ({
    action: row.action,
    versionNumber: row.version_number,
    at: iso(row.at),
    portalName: row.name,
    portalEmail: row.email,
  }));
}

export function insertClientAccess(
  tx: Tx,
  firmId: string,
  access: { documentId: string; versionNumber: number; portalAccountId: string; action: 'viewed' | 'downloaded' },
) {
  return tx.execute(sql`insert into document_client_accesses (firm_id, document_id, version_number, portal_account_id, action)
    values (${firmId}, ${access.documentId}, ${access.versionNumber}, ${access.portalAccountId}, ${access.action})`);
}

/**
 * Holds the filing of one stored file until this transaction ends, and says whether a version
 * names it already: a direct upload completed twice at once is filed once, and the second
 * completion must not remove the file the first one filed.
 */
export async function isStorageKeyFiled(tx: Tx, storageKey: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${storageKey}))`);
  const [row] = await rowsOf<{ filed: boolean }>(
    tx.execute(sql`select exists (select 1 from document_versions where storage_key = ${storageKey}) as filed`),
  );
  return row?.filed ?? false;
}
