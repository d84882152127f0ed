import { signedInDeviceContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Signs one of the user's own sessions out; answers how many ended (0 or 1). */
export async function signOutDevice(id: string): Promise<number> {
  return (await callContract(signedInDeviceContracts.signOut, { params: { id } }, { auth: 'firm' })).data.signedOut;
}

/** Signs every session but this one out; answers how many ended. */
export async function signOutOtherDevices(): Promise<number> {
  return (await callContract(signedInDeviceContracts.signOutOthers, {}, { auth: 'firm' })).data.signedOut;
}
