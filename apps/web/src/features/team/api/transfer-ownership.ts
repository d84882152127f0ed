import { teamOwnershipTransferRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The owner hands the firm to another active member, who becomes an administrator. */
export async function transferOwnership(id: string): Promise<void> {
  await callContract(teamOwnershipTransferRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
