import { signedInDeviceContracts, type SignedInDevice } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const SIGNED_IN_DEVICES_KEY = ['my-account', 'signed-in-devices'] as const;

/** The signed-in user's open sessions, most recently active first; this one is marked. */
export async function getSignedInDevices(): Promise<SignedInDevice[]> {
  return (await callContract(signedInDeviceContracts.list, {}, { auth: 'firm' })).data;
}

export const signedInDevicesQuery = queryOptions({ queryKey: SIGNED_IN_DEVICES_KEY, queryFn: getSignedInDevices });

export function useSignedInDevices() {
  return useQuery(signedInDevicesQuery);
}
