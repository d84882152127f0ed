import { passkeyContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Removes one of the user's passkeys: it signs no one in from then on. */
export async function removePasskey(id: string): Promise<void> {
  await callContract(passkeyContracts.remove, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
