import { twoStepContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** A new set of recovery codes for the app's current code; the old set stops working. */
export async function createRecoveryCodes(code: string): Promise<string[]> {
  return (await callContract(twoStepContracts.recoveryCodes, { body: { code } }, { auth: 'firm', toastSuccess: true })).data.recoveryCodes;
}
