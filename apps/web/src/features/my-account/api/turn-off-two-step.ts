import { twoStepContracts, type TwoStepStatus } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Turns two-step sign-in off for the app's current code; refused (409) when the firm requires it. */
export async function turnOffTwoStep(code: string): Promise<TwoStepStatus> {
  return (await callContract(twoStepContracts.turnOff, { body: { code } }, { auth: 'firm', toastSuccess: true })).data;
}
