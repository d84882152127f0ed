import {
  documentFolderSchema,
  documentSettingsSchema,
  folderContentsSchema,
  type CreateFolderInput,
  type DocumentFolder,
  type FolderContents,
  type FolderQuery,
  type MoveInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiMutate, apiRequest, type QueryParams } from '../../../lib/api-client.ts';
import { documentKeys, documentPath } from './document-keys.ts';

export async function getFolder(query: FolderQuery): Promise<FolderContents> {
  return folderContentsSchema.parse(await apiGet<unknown>(documentPath('get-folder'), { ...query } as QueryParams, 'firm'));
}

export const folderQuery = (query: FolderQuery) =>
  queryOptions({ queryKey: documentKeys.folder(query), queryFn: () => getFolder(query), placeholderData: (previous) => previous });

export const documentSettingsQuery = queryOptions({
  queryKey: documentKeys.settings(),
  queryFn: async () => documentSettingsSchema.parse(await apiGet<unknown>(documentPath('get-document-settings'), undefined, 'firm')),
  staleTime: Infinity,
});

/** The new folder as the server answers it, or null when the answer is not one (the list is refetched anyway). */
export async function createFolder(input: CreateFolderInput): Promise<DocumentFolder | null> {
  const envelope = await apiMutate<unknown>(documentPath('create-folder'), input, { auth: 'firm' });
  const parsed = documentFolderSchema.safeParse(envelope.data);
  return parsed.success ? parsed.data : null;
}

export async function renameFolder(id: string, name: string): Promise<void> {
  await apiMutate(documentPath('rename-folder', id), { name }, { method: 'PUT', auth: 'firm' });
}

export async function deleteFolder(id: string): Promise<void> {
  await apiRequest(documentPath('delete-folder', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}

export async function restoreFolder(id: string): Promise<void> {
  await apiMutate(documentPath('restore-folder', id), {}, { auth: 'firm' });
}

export async function moveItem(input: MoveInput): Promise<void> {
  await apiMutate(documentPath('move'), input, { auth: 'firm' });
}

export async function shareItem(id: string, itemType: 'document' | 'folder'): Promise<void> {
  await apiMutate(documentPath('share', id), { itemType }, { auth: 'firm' });
}

export async function unshareItem(id: string, itemType: 'document' | 'folder'): Promise<void> {
  await apiMutate(documentPath('unshare', id), { itemType }, { auth: 'firm' });
}
