import { documentSchema, type DocumentView, type UpdateDocumentInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { documentKeys, documentPath } from './document-keys.ts';

/** Null when the document does not exist for this firm (404). */
export async function getDocument(id: string): Promise<DocumentView | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(documentPath('get-document', id), { auth: 'firm', silent: true });
    return documentSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const documentQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.document(id), queryFn: () => getDocument(id), staleTime: 0, enabled: id !== '' });

export async function updateDocument(id: string, input: UpdateDocumentInput): Promise<void> {
  await apiMutate(documentPath('update-document', id), input, { method: 'PUT', auth: 'firm' });
}

export async function restoreVersion(id: string, versionNumber: number): Promise<void> {
  await apiMutate(documentPath('restore-version', id), { versionNumber }, { auth: 'firm' });
}

export async function checkOutDocument(id: string, hours: number): Promise<void> {
  await apiMutate(documentPath('check-out', id), { hours }, { auth: 'firm' });
}

export async function releaseCheckOut(id: string): Promise<void> {
  await apiMutate(documentPath('release-check-out', id), {}, { auth: 'firm' });
}

/** Administrators: read the text of a document parked as "Text could not be extracted" again. */
export async function retryTextExtraction(id: string): Promise<void> {
  await apiMutate(documentPath('retry-text-extraction', id), {}, { auth: 'firm' });
}

export async function resolveConflict(id: string, versionNumber: number): Promise<void> {
  await apiMutate(documentPath('resolve-conflict', id), { versionNumber }, { auth: 'firm' });
}

export async function deleteDocument(id: string): Promise<void> {
  await apiRequest(documentPath('delete-document', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}

export async function restoreDocument(id: string): Promise<void> {
  await apiMutate(documentPath('restore-document', id), {}, { auth: 'firm' });
}
