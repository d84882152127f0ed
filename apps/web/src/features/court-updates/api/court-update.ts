import { courtUpdateSchema, type CourtUpdate, type CourtUpdateInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { COURT_UPDATE_BASE, courtUpdateKeys } from './court-update-list.ts';

const idPath = (action: string, id: string) => `${COURT_UPDATE_BASE}/${action}/${encodeURIComponent(id)}`;

/** Null when the court update does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getCourtUpdate(id: string): Promise<CourtUpdate | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(idPath('get-court-update', id), { auth: 'firm', silent: true });
    return courtUpdateSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const courtUpdateQuery = (id: string) =>
  queryOptions({ queryKey: courtUpdateKeys.detail(id), queryFn: () => getCourtUpdate(id), staleTime: 0, enabled: id !== '' });

/**
 * POST create-court-update under one Idempotency-Key per form: a double click creates one. The
 * page toasts its own "Court update saved", so the server's message is not shown twice.
 */
export async function createCourtUpdate(body: CourtUpdateInput, idempotencyKey: string): Promise<CourtUpdate> {
  const envelope = await apiMutate<unknown>(`${COURT_UPDATE_BASE}/create-court-update`, body, {
    auth: 'firm',
    idempotencyKey,
    toastSuccess: false,
  });
  return courtUpdateSchema.parse(envelope.data);
}

export async function updateCourtUpdate(id: string, body: CourtUpdateInput): Promise<CourtUpdate> {
  const envelope = await apiMutate<unknown>(idPath('update-court-update', id), body, { method: 'PUT', auth: 'firm', toastSuccess: false });
  return courtUpdateSchema.parse(envelope.data);
}

/** DELETE delete-court-update (soft, on the server): the server's message toasts; a refusal toasts and throws. */
export async function deleteCourtUpdate(id: string): Promise<void> {
  await apiRequest(idPath('delete-court-update', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}
