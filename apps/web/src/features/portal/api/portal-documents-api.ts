import { portalDocumentListRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { clientToken } from '../../../lib/session-storage.ts';
import { clientCall, postWithFile } from './portal-api.ts';

// The Documents tab's calls (the documents' calls keep their paths until that module has contracts).

/** What the firm shared with the client and what they sent, newest first (one page of 50). */
export const portalDocumentsQuery = (clientId: string | null) =>
  queryOptions({
    queryKey: ['portal', clientId, 'documents'],
    queryFn: async () => (await callContract(portalDocumentListRoute, { query: { page: 1, size: 50 } }, clientCall)).data,
    enabled: clientId !== null,
  });

/** The document saved under its name; the firm sees that the client downloaded it. */
export const downloadPortalDocument = (id: string, fileName: string) =>
  downloadFile(`${API_BASE}/client-portal/download-document/${encodeURIComponent(id)}`, fileName, '*/*', clientToken());

/** A shared document's bytes for viewing in the page (inline); the firm sees that the client viewed it. */
export async function fetchPortalDocumentBlob(id: string): Promise<Blob> {
  const token = clientToken();
  const response = await fetch(`${API_BASE}/client-portal/download-document/${encodeURIComponent(id)}?inline=true`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, 'The file could not be loaded'));
  }
  return response.blob();
}

/** A file for one of the client's matters, filed in its "From client" folder (and scanned like any upload). */
export const uploadPortalDocument = (matterId: string, file: File) =>
  postWithFile(`${API_BASE}/client-portal/upload-document`, { MatterId: matterId }, file, `${file.name} could not be sent`);
