import { myAccountContracts, type ChangePasswordInput } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** A new password, proved by the current one; the server signs the user's other devices out and toasts so. */
export async function changePassword(body: ChangePasswordInput): Promise<void> {
  await callContract(myAccountContracts.changePassword, { body }, { auth: 'firm', toastSuccess: true });
}
