import { matterViewSchema, progressNoteSchema, type ProgressNote, type ProgressNoteInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, apiMutate, apiRequest, errorMessageFrom, type ApiEnvelope } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { PROGRESS_NOTE_BASE, progressNoteKeys } from './progress-note-list.ts';

/** The multipart field the attachment upload reads the file from. */
export const ATTACHMENT_FIELD_NAME = 'file';

const idPath = (action: string, id: string) => `${PROGRESS_NOTE_BASE}/${action}/${encodeURIComponent(id)}`;
const attachmentPath = (id: string, attachmentId?: string) =>
  `${PROGRESS_NOTE_BASE}/progress-note/${encodeURIComponent(id)}/attachments${attachmentId ? `/${encodeURIComponent(attachmentId)}` : ''}`;

/** Null when the note does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getProgressNote(id: string): Promise<ProgressNote | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(idPath('get-progress-note', id), { auth: 'firm', silent: true });
    return progressNoteSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const progressNoteQuery = (id: string) =>
  queryOptions({ queryKey: progressNoteKeys.detail(id), queryFn: () => getProgressNote(id), staleTime: 0, enabled: id !== '' });

/** POST create-progress-note: one note per Idempotency-Key, however often the button is pressed. */
export async function createProgressNote(body: ProgressNoteInput, idempotencyKey: string): Promise<ProgressNote> {
  const envelope = await apiMutate<unknown>(`${PROGRESS_NOTE_BASE}/create-progress-note`, body, { auth: 'firm', idempotencyKey });
  return progressNoteSchema.parse(envelope.data);
}

export async function updateProgressNote(id: string, body: ProgressNoteInput): Promise<ProgressNote> {
  const envelope = await apiMutate<unknown>(idPath('update-progress-note', id), body, { method: 'PUT', auth: 'firm' });
  return progressNoteSchema.parse(envelope.data);
}

export async function deleteProgressNote(id: string): Promise<void> {
  await apiRequest(idPath('delete-progress-note', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}

/** Multipart, so not through apiRequest (which sends JSON); answers the note with its attachments. */
export async function uploadProgressNoteAttachment(id: string, file: File): Promise<ProgressNote> {
  const form = new FormData();
  form.append(ATTACHMENT_FIELD_NAME, file, file.name);
  const token = firmToken();
  const response = await fetch(`${API_BASE}${attachmentPath(id)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, response.statusText || `${file.name} could not be uploaded`));
  return progressNoteSchema.parse((body as ApiEnvelope<unknown>).data);
}

/** Fetched with the bearer (a plain link cannot carry it), handed to the browser as a download. */
export const downloadProgressNoteAttachment = (id: string, attachmentId: string, fileName: string): Promise<void> =>
  downloadFile(`${API_BASE}${attachmentPath(id, attachmentId)}`, fileName);

export async function deleteProgressNoteAttachment(id: string, attachmentId: string): Promise<ProgressNote> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(attachmentPath(id, attachmentId), {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
  return progressNoteSchema.parse(envelope.data);
}

/** The client of a matter (to prefill the form from ?matterId=); null when unknown. */
export async function getMatterClientId(matterId: string): Promise<string | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/matter-master/get-matter-view', {
      query: { matterid: matterId },
      auth: 'firm',
      silent: true,
    });
    const parsed = matterViewSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data.client.id : null;
  } catch {
    return null;
  }
}

export const matterClientQuery = (matterId: string) =>
  queryOptions({
    queryKey: ['progress-note-matter-client', matterId] as const,
    queryFn: () => getMatterClientId(matterId),
    enabled: matterId !== '',
  });
