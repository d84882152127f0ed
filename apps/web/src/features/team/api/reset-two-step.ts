import { twoStepContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Forgets a member's authenticator app and recovery codes: they set two-step sign-in up again (the server e-mails them). */
export async function resetTwoStep(id: string): Promise<void> {
  await callContract(twoStepContracts.reset, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
