import { documentSettingsRoute, documentShareRoute, documentUnshareRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { documentKeys } from './document-keys.ts';

/** The folder view's and the document page's calls, apart from the folder view's own (folders.ts), which the document page does not load. */
export const documentSettingsQuery = queryOptions({
  queryKey: documentKeys.settings(),
  queryFn: async () => (await callContract(documentSettingsRoute, {}, { auth: 'firm' })).data,
  staleTime: Infinity,
});

export async function shareItem(id: string, itemType: 'document' | 'folder'): Promise<void> {
  await callContract(documentShareRoute, { params: { id }, body: { itemType } }, { auth: 'firm', toastSuccess: true });
}

export async function unshareItem(id: string, itemType: 'document' | 'folder'): Promise<void> {
  await callContract(documentUnshareRoute, { params: { id }, body: { itemType } }, { auth: 'firm', toastSuccess: true });
}
