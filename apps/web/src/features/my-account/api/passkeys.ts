import { passkeyContracts, type Passkey } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const PASSKEYS_KEY = ['my-account', 'passkeys'] as const;

/** The signed-in user's passkeys. Silent: the card says when they cannot be loaded. */
export async function getPasskeys(): Promise<Passkey[]> {
  return (await callContract(passkeyContracts.list, {}, { auth: 'firm', silent: true })).data;
}

export const passkeysQuery = queryOptions({ queryKey: PASSKEYS_KEY, queryFn: getPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQuery);
}
