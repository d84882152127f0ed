import {
  firmPortalMessageAttachmentFilePath,
  firmPortalMessageAttachmentUploadRoute,
  pathOf,
  type UploadedPortalAttachment,
} from '@matterhorn/shared';
import { errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** A file for the firm's next message to the client, filed in the matter's folder and scanned (multipart, so not through callContract). */
export async function uploadMessageAttachment(matterId: string, file: File): Promise<UploadedPortalAttachment> {
  const form = new FormData();
  form.append('MatterId', matterId);
  form.append('file', file, file.name);
  const token = firmToken();
  const response = await fetch(pathOf(firmPortalMessageAttachmentUploadRoute), {
    method: firmPortalMessageAttachmentUploadRoute.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, `${file.name} could not be attached`));
  return firmPortalMessageAttachmentUploadRoute.response.parse((body as ApiEnvelope<unknown>).data);
}

export const downloadMessageAttachment = (id: string, fileName: string) =>
  downloadFile(pathOf(firmPortalMessageAttachmentFilePath, { id }), fileName);
