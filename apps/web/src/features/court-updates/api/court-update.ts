import {
  courtUpdateCreateRoute,
  courtUpdateRemoveRoute,
  courtUpdateUpdateRoute,
  courtUpdateViewRoute,
  type CourtUpdate,
  type CourtUpdateInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { courtUpdateKeys } from './court-update-list.ts';

/** Null when the court update does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getCourtUpdate(id: string): Promise<CourtUpdate | null> {
  try {
    return (await callContract(courtUpdateViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const courtUpdateQuery = (id: string) =>
  queryOptions({ queryKey: courtUpdateKeys.detail(id), queryFn: () => getCourtUpdate(id), staleTime: 0, enabled: id !== '' });

/** The create call's path, kept with a court update written offline (sent later under the same key). */
export const CREATE_COURT_UPDATE_PATH = courtUpdateCreateRoute.path;

/**
 * POST create-court-update under one Idempotency-Key per form: a double click creates one. The
 * page toasts its own "Court update saved", so the server's message is not shown twice.
 */
export async function createCourtUpdate(body: CourtUpdateInput, idempotencyKey: string, { silent = false } = {}): Promise<CourtUpdate> {
  return (await callContract(courtUpdateCreateRoute, { body }, { auth: 'firm', idempotencyKey, toastSuccess: false, silent })).data;
}

export async function updateCourtUpdate(id: string, body: CourtUpdateInput): Promise<CourtUpdate> {
  return (await callContract(courtUpdateUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: false })).data;
}

/** DELETE delete-court-update (soft, on the server): the server's message toasts; a refusal toasts and throws. */
export async function deleteCourtUpdate(id: string): Promise<void> {
  await callContract(courtUpdateRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
