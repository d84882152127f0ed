import { firmSetupRoute, type FirmSetupRequest } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export async function setUpFirm(body: FirmSetupRequest): Promise<void> {
  await callContract(firmSetupRoute, { body }, { auth: 'firm', toastSuccess: true });
}
