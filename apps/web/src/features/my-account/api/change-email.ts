import { myAccountContracts, type ChangeEmailInput } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Sends a confirmation link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(body: ChangeEmailInput): Promise<void> {
  await callContract(myAccountContracts.changeEmail, { body }, { auth: 'firm', toastSuccess: true });
}
