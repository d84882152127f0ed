import {
  pathOf,
  progressNoteAttachmentAddRoute,
  progressNoteAttachmentFilePath,
  progressNoteAttachmentRemoveRoute,
  progressNoteCreateRoute,
  progressNoteRemoveRoute,
  progressNoteUpdateRoute,
  progressNoteViewRoute,
  type ProgressNote,
  type ProgressNoteInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { progressNoteKeys } from './progress-note-list.ts';

/** The multipart field the attachment upload reads the file from. */
export const ATTACHMENT_FIELD_NAME = 'file';

/** Null when the note does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getProgressNote(id: string): Promise<ProgressNote | null> {
  try {
    return (await callContract(progressNoteViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const progressNoteQuery = (id: string) =>
  queryOptions({ queryKey: progressNoteKeys.detail(id), queryFn: () => getProgressNote(id), staleTime: 0, enabled: id !== '' });

/** The create call's path, kept with a note written offline (sent later under the same key). */
export const CREATE_PROGRESS_NOTE_PATH = progressNoteCreateRoute.path;

/** POST create-progress-note: one note per Idempotency-Key, however often the button is pressed. */
export async function createProgressNote(body: ProgressNoteInput, idempotencyKey: string, { silent = false } = {}): Promise<ProgressNote> {
  return (await callContract(progressNoteCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey, silent })).data;
}

export async function updateProgressNote(id: string, body: ProgressNoteInput): Promise<ProgressNote> {
  return (await callContract(progressNoteUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

export async function deleteProgressNote(id: string): Promise<void> {
  await callContract(progressNoteRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** Multipart, so not through callContract (which sends JSON); answers the note with its attachments. */
export async function uploadProgressNoteAttachment(id: string, file: File): Promise<ProgressNote> {
  const form = new FormData();
  form.append(ATTACHMENT_FIELD_NAME, file, file.name);
  const token = firmToken();
  const response = await fetch(pathOf(progressNoteAttachmentAddRoute, { id }), {
    method: progressNoteAttachmentAddRoute.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, response.statusText || `${file.name} could not be uploaded`));
  return progressNoteAttachmentAddRoute.response.parse((body as ApiEnvelope<unknown>).data);
}

/** Fetched with the bearer (a plain link cannot carry it), handed to the browser as a download. */
export const downloadProgressNoteAttachment = (id: string, attachmentId: string, fileName: string): Promise<void> =>
  downloadFile(pathOf(progressNoteAttachmentFilePath, { id, attachmentId }), fileName);

export async function deleteProgressNoteAttachment(id: string, attachmentId: string): Promise<ProgressNote> {
  return (await callContract(progressNoteAttachmentRemoveRoute, { params: { id, attachmentId } }, { auth: 'firm', toastSuccess: true }))
    .data;
}
