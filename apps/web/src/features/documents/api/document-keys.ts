import type { FolderQuery } from '@matterhorn/shared';

/** Every documents call lives under this path (after /api). */
export const DOCUMENT_BASE = '/admin/document';

export const documentPath = (action: string, id?: string) =>
  `${DOCUMENT_BASE}/${action}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/** One factory, so invalidating ['documents'] refreshes folders, documents, search and the bin together. */
export const documentKeys = {
  all: () => ['documents'] as const,
  folder: (query: FolderQuery) => ['documents', 'folder', query] as const,
  document: (id: string) => ['documents', 'document', id] as const,
  settings: () => ['documents', 'settings'] as const,
  search: (text: string, clientId: string, page: number) => ['documents', 'search', text, clientId, page] as const,
  recycleBin: (page: number) => ['documents', 'recycle-bin', page] as const,
  templates: () => ['documents', 'templates'] as const,
};
