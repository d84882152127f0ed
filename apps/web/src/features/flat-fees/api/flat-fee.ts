import { flatFeeSchema, matterViewSchema, type FlatFee, type FlatFeeInput } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { FLAT_FEE_BASE, flatFeeKeys } from './flat-fee-list.ts';

const idPath = (action: string, id: string) => `${FLAT_FEE_BASE}/${action}/${encodeURIComponent(id)}`;

/** Null when the flat fee does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getFlatFee(id: string): Promise<FlatFee | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(idPath('get-flat-fee', id), { auth: 'firm', silent: true });
    return flatFeeSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const flatFeeQuery = (id: string) =>
  queryOptions({ queryKey: flatFeeKeys.detail(id), queryFn: () => getFlatFee(id), staleTime: 0, enabled: id !== '' });

/** POST create-flat-fee: the success message toasts; a refusal toasts and throws (the form stops). */
export async function createFlatFee(body: FlatFeeInput, idempotencyKey: string): Promise<FlatFee> {
  const envelope = await apiMutate<unknown>(`${FLAT_FEE_BASE}/create-flat-fee`, body, { auth: 'firm', idempotencyKey });
  return flatFeeSchema.parse(envelope.data);
}

export async function updateFlatFee(id: string, body: FlatFeeInput): Promise<FlatFee> {
  const envelope = await apiMutate<unknown>(idPath('update-flat-fee', id), body, { method: 'PUT', auth: 'firm' });
  return flatFeeSchema.parse(envelope.data);
}

/** DELETE delete-flat-fee: the server's message toasts; a refusal (a billed fee) toasts and throws. */
export async function deleteFlatFee(id: string): Promise<void> {
  await apiRequest(idPath('delete-flat-fee', id), { method: 'DELETE', auth: 'firm', toastSuccess: true });
}

/** A matter's billing type and flat rate (SPEC.md §3 Matter: matterRate, flatRate); null when unknown. */
export type MatterBilling = { matterRate: string; flatRate: string | null };

export async function getMatterBilling(matterId: string): Promise<MatterBilling | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/matter-master/get-matter-view', {
      query: { matterid: matterId },
      auth: 'firm',
      silent: true,
    });
    const parsed = matterViewSchema.safeParse(envelope.data);
    return parsed.success ? { matterRate: parsed.data.matterRate, flatRate: parsed.data.flatRate } : null;
  } catch {
    return null;
  }
}

/** Outside the flat-fees root: refreshing the fees must not re-offer a rate the user replaced. */
export const matterBillingQuery = (matterId: string) =>
  queryOptions({
    queryKey: ['flat-fee-matter-billing', matterId] as const,
    queryFn: () => getMatterBilling(matterId),
    enabled: matterId !== '',
    staleTime: 0,
  });
