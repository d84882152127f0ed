import { documentFilePath, documentViewRoute, pathOf, type DocumentView } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** The document being sent, as the documents pages read it (its name, client, type and scan state). */
export const useDocumentToSend = (id: string) =>
  useQuery({
    queryKey: ['signature-requests', 'document', id],
    queryFn: async (): Promise<DocumentView> =>
      (await callContract(documentViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data,
    enabled: id !== '',
    retry: false,
  });

/** The current version's bytes, with the firm's bearer (PDF.js cannot carry it). */
export async function fetchDocumentPdf(id: string): Promise<ArrayBuffer> {
  const token = firmToken();
  const response = await fetch(`${pathOf(documentFilePath, { id })}?inline=true`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, 'The document could not be loaded'));
  }
  return response.arrayBuffer();
}
