import {
  documentCheckOutRoute,
  documentReleaseCheckOutRoute,
  documentRemoveRoute,
  documentResolveConflictRoute,
  documentRestoreRoute,
  documentRestoreVersionRoute,
  documentRetryTextRoute,
  documentUpdateRoute,
  documentViewRoute,
  type DocumentView,
  type UpdateDocumentInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { documentKeys } from './document-keys.ts';

/** Null when the document does not exist for this firm (404). */
export async function getDocument(id: string): Promise<DocumentView | null> {
  try {
    return (await callContract(documentViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const documentQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.document(id), queryFn: () => getDocument(id), staleTime: 0, enabled: id !== '' });

export async function updateDocument(id: string, body: UpdateDocumentInput): Promise<void> {
  await callContract(documentUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

export async function restoreVersion(id: string, versionNumber: number): Promise<void> {
  await callContract(documentRestoreVersionRoute, { params: { id }, body: { versionNumber } }, { auth: 'firm', toastSuccess: true });
}

export async function checkOutDocument(id: string, hours: number): Promise<void> {
  await callContract(documentCheckOutRoute, { params: { id }, body: { hours } }, { auth: 'firm', toastSuccess: true });
}

export async function releaseCheckOut(id: string): Promise<void> {
  await callContract(documentReleaseCheckOutRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** Administrators: read the text of a document parked as "Text could not be extracted" again. */
export async function retryTextExtraction(id: string): Promise<void> {
  await callContract(documentRetryTextRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function resolveConflict(id: string, versionNumber: number): Promise<void> {
  await callContract(documentResolveConflictRoute, { params: { id }, body: { versionNumber } }, { auth: 'firm', toastSuccess: true });
}

export async function deleteDocument(id: string): Promise<void> {
  await callContract(documentRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function restoreDocument(id: string): Promise<void> {
  await callContract(documentRestoreRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
