import {
  documentClientFoldersRoute,
  documentFolderCreateRoute,
  documentFolderRemoveRoute,
  documentFolderRenameRoute,
  documentFolderRestoreRoute,
  documentFolderRoute,
  documentMoveRoute,
  type ClientFolder,
  type CreateFolderInput,
  type DocumentFolder,
  type FolderContents,
  type FolderQuery,
  type MoveInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { documentKeys } from './document-keys.ts';

export async function getFolder(query: FolderQuery): Promise<FolderContents> {
  return (await callContract(documentFolderRoute, { query }, { auth: 'firm' })).data;
}

export const folderQuery = (query: FolderQuery) =>
  queryOptions({ queryKey: documentKeys.folder(query), queryFn: () => getFolder(query), placeholderData: (previous) => previous });

/** Every client's folder, archived clients' too: the documents page's client picker. */
export const clientFoldersQuery = queryOptions({
  queryKey: documentKeys.clientFolders(),
  queryFn: async (): Promise<ClientFolder[]> => (await callContract(documentClientFoldersRoute, {}, { auth: 'firm', silent: true })).data,
});

/** The new folder as the server answers it. */
export async function createFolder(body: CreateFolderInput): Promise<DocumentFolder> {
  return (await callContract(documentFolderCreateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function renameFolder(id: string, name: string): Promise<void> {
  await callContract(documentFolderRenameRoute, { params: { id }, body: { name } }, { auth: 'firm', toastSuccess: true });
}

export async function deleteFolder(id: string): Promise<void> {
  await callContract(documentFolderRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function restoreFolder(id: string): Promise<void> {
  await callContract(documentFolderRestoreRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function moveItem(body: MoveInput): Promise<void> {
  await callContract(documentMoveRoute, { body }, { auth: 'firm', toastSuccess: true });
}
