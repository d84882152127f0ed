import type { FolderQuery } from '@matterhorn/shared';

/** One factory, so invalidating ['documents'] refreshes folders, documents, search and the bin together. */
export const documentKeys = {
  all: () => ['documents'] as const,
  folder: (query: FolderQuery) => ['documents', 'folder', query] as const,
  clientFolders: () => ['documents', 'client-folders'] as const,
  document: (id: string) => ['documents', 'document', id] as const,
  settings: () => ['documents', 'settings'] as const,
  search: (text: string, clientId: string, page: number, size: number) => ['documents', 'search', text, clientId, page, size] as const,
  recycleBin: (page: number, size: number) => ['documents', 'recycle-bin', page, size] as const,
  templates: () => ['documents', 'templates'] as const,
};
