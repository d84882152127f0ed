import { signedInDeviceContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Ends every session of a member: they sign in again on each device. Answers how many ended. */
export async function signOutEverywhere(id: string): Promise<number> {
  return (await callContract(signedInDeviceContracts.signOutEverywhere, { params: { id } }, { auth: 'firm' })).data.signedOut;
}
