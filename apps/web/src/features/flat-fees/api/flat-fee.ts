import {
  flatFeeCreateRoute,
  flatFeeRemoveRoute,
  flatFeeUpdateRoute,
  flatFeeViewRoute,
  matterViewRoute,
  type FlatFee,
  type FlatFeeInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { flatFeeKeys } from './flat-fee-list.ts';

/** Null when the flat fee does not exist for this firm (missing, another firm's or deleted: 404). */
export async function getFlatFee(id: string): Promise<FlatFee | null> {
  try {
    return (await callContract(flatFeeViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const flatFeeQuery = (id: string) =>
  queryOptions({ queryKey: flatFeeKeys.detail(id), queryFn: () => getFlatFee(id), staleTime: 0, enabled: id !== '' });

/** POST create-flat-fee: the success message toasts; a refusal toasts and throws (the form stops). */
export async function createFlatFee(body: FlatFeeInput, idempotencyKey: string): Promise<FlatFee> {
  return (await callContract(flatFeeCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;
}

export async function updateFlatFee(id: string, body: FlatFeeInput): Promise<FlatFee> {
  return (await callContract(flatFeeUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
}

/** DELETE delete-flat-fee: the server's message toasts; a refusal (a billed fee) toasts and throws. */
export async function deleteFlatFee(id: string): Promise<void> {
  await callContract(flatFeeRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** A matter's billing type and flat rate (SPEC.md §3 Matter: matterRate, flatRate); null when unknown. */
export type MatterBilling = { matterRate: string; flatRate: string | null };

export async function getMatterBilling(matterId: string): Promise<MatterBilling | null> {
  try {
    const { data } = await callContract(matterViewRoute, { query: { matterid: matterId } }, { auth: 'firm', silent: true });
    return { matterRate: data.matterRate, flatRate: data.flatRate };
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
