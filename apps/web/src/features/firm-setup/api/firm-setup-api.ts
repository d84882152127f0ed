import type { FirmSetupRequest } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export async function setUpFirm(body: FirmSetupRequest): Promise<void> {
  await apiMutate<unknown>('/firm/setup', body, { auth: 'firm' });
}
