import type { DocumentListItem } from '@matterhorn/shared';

/** A timestamp as the contracts carry it, whichever driver read it. */
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

export type ListItemRow = {
  id: string;
  folder_id: string;
  client_id: string | null;
  matter_id: string | null;
  name: string;
  category: string | null;
  description: string | null;
  tags: string[];
  current_version_number: number;
  content_type: string;
  size_bytes: number | string;
  sha256: string;
  scan_status: DocumentListItem['scanStatus'];
  text_status: DocumentListItem['textStatus'];
  is_shared_with_client: boolean;
  shared_through_folder: boolean;
  shared_at: Date | string | null;
  has_conflict: boolean;
  created_at: Date | string;
  created_by_name: string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  checked_out_by_user_id: string | null;
  checkout_user_name: string | null;
  checked_out_at: Date | string | null;
  checkout_expires_at: Date | string | null;
  checkout_base_version: number | null;
  checkout_is_expired: boolean | null;
};

export function listItemOf(row: ListItemRow): DocumentListItem {
  const checkout =
    row.checked_out_by_user_id && row.checked_out_at && row.checkout_expires_at
      ? {
          userId: row.checked_out_by_user_id,
          userName: row.checkout_user_name ?? '',
          since: iso(row.checked_out_at),
          until: iso(row.checkout_expires_at),
          isExpired: Boolean(row.checkout_is_expired),
          baseVersion: row.checkout_base_version ?? row.current_version_number,
        }
      : null;
  return {
    id: row.id,
    folderId: row.folder_id,
    clientId: row.client_id,
    matterId: row.matter_id,
    name: row.name,
    category: row.category,
    description: row.description,
    tags: row.tags ?? [],
    currentVersionNumber: row.current_version_number,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    scanStatus: row.scan_status,
    textStatus: row.text_status,
    isSharedWithClient: row.is_shared_with_client,
    isSharedThroughFolder: row.shared_through_folder,
    checkout,
    hasConflict: row.has_conflict,
    createdAt: iso(row.created_at),
    createdByName: row.created_by_name,
    updatedAt: iso(row.updated_at),
    deletedAt: isoOrNull(row.deleted_at),
  };
}

/** What search_name holds: the name, tags and description, lower-case, for the trigram index. */
export const searchNameOf = (name: string, tags: readonly string[], description: string | null | undefined) =>
  [name, tags.join(' '), description ?? ''].join(' ').trim().toLowerCase();

/** "Contract, Signed ,," → ["Contract", "Signed"]. */
export const tagsOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .slice(0, 20)
    .map((tag) => tag.slice(0, 40));
